import type { Slide } from './carousel';

/** Simplified pictures of the product, drawn in HTML so they stay sharp and need no image files. */
function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex h-72 flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card sm:h-80">
      <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-slate-300" />
        <span className="size-2.5 rounded-full bg-slate-300" />
        <span className="size-2.5 rounded-full bg-slate-300" />
        <span className="ml-2 text-xs font-medium text-slate-600">{title}</span>
      </div>
      <div className="flex-1 p-4 sm:p-5">{children}</div>
    </div>
  );
}

function Mark({ tone, children }: { tone: 'error' | 'minor'; children: React.ReactNode }) {
  return (
    <mark
      className={
        tone === 'error'
          ? 'rounded bg-red-100 px-0.5 text-red-900 underline decoration-red-600 decoration-2'
          : 'rounded bg-amber-100 px-0.5 text-amber-950 underline decoration-amber-600 decoration-2'
      }
    >
      {children}
    </mark>
  );
}

const corrected = (
  <Frame title="Aufsatz · Klasse 9b">
    <div className="flex flex-col gap-3 text-sm leading-relaxed text-slate-700">
      <p>
        Die Digitalisierung verändert den Unterricht <Mark tone="error">grundlegent</Mark>. Viele Schulen
        nutzen Tablets<Mark tone="minor"> </Mark>und Lernplattformen, doch nicht alle Lehrkräfte fühlen sich
        gut vorbereitet.
      </p>
      <ul className="flex flex-col gap-2 text-xs">
        <li className="rounded-lg border border-red-200 bg-red-50 p-2 text-red-900">
          Rechtschreibung: „grundlegend“ mit d · −0,5 Punkte
        </li>
        <li className="rounded-lg border border-amber-200 bg-amber-50 p-2 text-amber-950">
          Zeichensetzung: Komma vor „und“ nicht nötig · Hinweis
        </li>
      </ul>
    </div>
  </Frame>
);

const result = (
  <Frame title="Ergebnis · Mathematik">
    <div className="flex h-full flex-col gap-4">
      <div className="flex items-center justify-between">
        <div>
          <p className="text-xs text-slate-600">Note</p>
          <p className="text-3xl font-semibold text-primary-800">2+</p>
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-600">Punkte</p>
          <p className="text-xl font-semibold text-slate-900">43 / 48</p>
        </div>
      </div>
      {[
        ['Aufgabe 1 · Gleichungen', 100],
        ['Aufgabe 2 · Funktionen', 88],
        ['Aufgabe 3 · Sachaufgabe', 75],
      ].map(([label, value]) => (
        <div key={label} className="flex flex-col gap-1 text-xs text-slate-700">
          <div className="flex justify-between">
            <span>{label}</span>
            <span>{value} %</span>
          </div>
          <div className="h-2 rounded-full bg-slate-100">
            <div className="h-2 rounded-full bg-primary-600" style={{ width: `${value}%` }} />
          </div>
        </div>
      ))}
    </div>
  </Frame>
);

const overview = (
  <Frame title="Klassenübersicht · Deutsch 10a">
    <div className="flex h-full flex-col gap-3">
      <p className="text-xs text-slate-600">Notenverteilung</p>
      <div className="flex h-36 items-end gap-3">
        {[
          ['1', 3],
          ['2', 8],
          ['3', 10],
          ['4', 5],
          ['5', 2],
          ['6', 0],
        ].map(([grade, n]) => (
          <div key={grade} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <div
              className="w-full rounded-t bg-primary-600/80"
              style={{ height: `${(Number(n) / 10) * 100}%` }}
            />
            <span className="text-xs text-slate-600">{grade}</span>
          </div>
        ))}
      </div>
      <p className="text-xs text-slate-700">28 Arbeiten korrigiert · Durchschnitt 2,8</p>
    </div>
  </Frame>
);

export const productSlides: Slide[] = [
  { id: 'corrected', label: 'Markierte Fehler mit Begründung', content: corrected },
  { id: 'result', label: 'Punkte je Aufgabe und Notenvorschlag', content: result },
  { id: 'overview', label: 'Übersicht über die ganze Klasse', content: overview },
];
