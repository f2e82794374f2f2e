import { retentionMessages } from '@korrigo/domain';
import { useConfig } from '@/lib/config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * How long uploaded papers are kept, as this installation is set (PAPER_RETENTION, issue 19 point 2, ADR
 * 0016). The page is pre-rendered at build time, which cannot know the operator's setting: the HTML says
 * that a period applies, and the period itself comes from /api/config once the page runs (ADR 0005: what
 * the build cannot know renders after hydration).
 */
export function PaperRetention() {
  const hydrated = useHydrated();
  const config = useConfig();
  const setting = hydrated ? config.data?.paperRetention : undefined;
  return (
    <p className="leading-relaxed" data-testid="paper-retention">
      Hochgeladene Arbeiten – die Dateien, Fotos und Scans der Schülerinnen und Schüler – löschen wir
      automatisch{' '}
      {setting ? (
        <strong className="font-semibold">{retentionMessages.period(setting)}</strong>
      ) : (
        'nach der Aufbewahrungsfrist, die der Betreiber dieser Installation festgelegt hat'
      )}
      . Das Ergebnis der Bewertung mit Punkten, Note, Rückmeldung und dem erkannten Text bleibt erhalten, bis
      du es selbst löschst oder dein Konto löschst.
    </p>
  );
}
