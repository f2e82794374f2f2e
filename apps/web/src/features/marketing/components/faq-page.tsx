import { Link } from 'react-router';
import { DocumentTitle } from '@/components/page';
import { Button } from '@/components/ui/button';
import { faqEntries } from '../content/faq';
import { FaqAccordion } from './faq-accordion';
import { PageHero } from './section';

export function FaqPage() {
  return (
    <>
      <DocumentTitle title="Häufige Fragen" />
      <PageHero
        eyebrow="FAQ"
        title="Häufige Fragen"
        lead="Die wichtigsten Antworten zu Korrigo, zu den Tarifen und zum Datenschutz."
      />
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <FaqAccordion entries={faqEntries} />
        <div className="mt-10 flex flex-col items-start gap-3 rounded-card border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-semibold text-slate-900">Deine Frage ist nicht dabei?</h2>
            <p className="text-sm text-slate-600">Wir antworten in der Regel innerhalb von 24 Stunden.</p>
          </div>
          <Button asChild>
            <Link to="/contact">Kontakt aufnehmen</Link>
          </Button>
        </div>
      </div>
    </>
  );
}
