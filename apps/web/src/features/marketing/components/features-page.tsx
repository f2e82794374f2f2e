import { BrainCircuit, FileSearch, MessagesSquare, ScanText, ShieldCheck, Users } from 'lucide-react';
import { DocumentTitle } from '@/components/page';
import { Card } from '@/components/ui/card';
import { CallToAction } from './call-to-action';
import { Counter } from './counter';
import { LazyChart } from './lazy-chart';
import { PageHero, Section } from './section';

const capabilities = [
  {
    icon: ScanText,
    title: 'Texterkennung',
    text: 'Liest Handschrift auf Fotos und Scans, auch über mehrere Seiten.',
  },
  {
    icon: FileSearch,
    title: 'Fehleranalyse',
    text: 'Findet Rechtschreib-, Grammatik- und Rechenfehler und zeigt die Fundstelle.',
  },
  {
    icon: BrainCircuit,
    title: 'Bewertung nach Kriterien',
    text: 'Punkte je Teilaufgabe, eigene Kriterien mit Gewichtung und Kompetenzstufen.',
  },
  {
    icon: MessagesSquare,
    title: 'KI-Begleiter',
    text: 'Stell Fragen zum Ergebnis und lass dir Feedback erklären.',
  },
  {
    icon: Users,
    title: 'Klassen und Kurse',
    text: 'Verwalte Klassen, vergleiche Ergebnisse und erkenne Förderbedarf.',
  },
  {
    icon: ShieldCheck,
    title: 'Datenschutz',
    text: 'Keine Werbung, kein Verkauf von Daten, Verarbeitung nach DSGVO.',
  },
];

export function FeaturesPage() {
  return (
    <>
      <DocumentTitle title="Funktionen" />
      <PageHero
        eyebrow="Funktionen"
        title="Was Korrigo für dich leistet"
        lead="Von der Texterkennung bis zum Notenvorschlag: alle Funktionen und die Zahlen dahinter."
      >
        <div className="mt-4 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
          <Counter value={93.3} decimals={1} suffix=" %" label="Übereinstimmung" />
          <Counter value={15} suffix="x" label="Zeitersparnis" />
          <Counter value={95} suffix=" %" label="mehr Lerneffizienz" />
          <Counter value={16} label="Fächer" />
        </div>
      </PageHero>

      <Section id="leistungen" eyebrow="Im Überblick" title="Funktionen">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {capabilities.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="flex h-full flex-col gap-3 p-6">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="text-sm leading-relaxed text-slate-600">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="leistung"
        eyebrow="Leistung"
        title="Korrigo in Zahlen"
        lead="Ergebnisse aus unseren Vergleichen mit Bewertungen von Fachlehrkräften."
        tinted
      >
        <div className="grid gap-5 lg:grid-cols-2">
          <LazyChart
            kind="skills"
            title="Kompetenzprofil"
            description="Fähigkeiten einer Klasse vorher und nach drei Monaten"
          />
          <LazyChart
            kind="efficiency"
            title="Lerneffizienz über zwölf Monate"
            description="Zuwachs gegenüber dem Ausgangswert in Prozent"
          />
          <LazyChart
            kind="accuracy"
            title="Genauigkeit nach Fach"
            description="Übereinstimmung mit Fachlehrkräften in Prozent"
          />
          <LazyChart
            kind="hours"
            title="Stunden pro Woche"
            description="Arbeitszeit einer Lehrkraft mit und ohne Korrigo"
          />
          <LazyChart
            kind="models"
            title="Modelle im Vergleich"
            description="Übereinstimmung mit Fachlehrkräften je KI-Modell in Prozent"
            className="lg:col-span-2"
          />
        </div>
      </Section>
      <CallToAction />
    </>
  );
}
