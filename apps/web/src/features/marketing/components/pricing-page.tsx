import { Link } from 'react-router';
import { DocumentTitle } from '@/components/page';
import { pricingFaq } from '../content/faq';
import { CallToAction } from './call-to-action';
import { FaqAccordion } from './faq-accordion';
import { PageHero, Section } from './section';
import { PlanComparison } from './plan-comparison';
import { PricingPlans, type PlanActionSlot } from './pricing-plans';
import { Testimonials } from './testimonials';

export function PricingPage({ planAction }: { planAction?: PlanActionSlot } = {}) {
  return (
    <>
      <DocumentTitle title="Preise" />
      <PageHero
        eyebrow="Preise"
        title="Ein Tarif für jede Klasse"
        lead="Starte kostenlos mit 5 Analysen im Monat. Bezahlte Tarife kannst du 7 oder 14 Tage kostenlos testen."
      />
      <Section id="tarife" title="Tarife" className="pt-10 sm:pt-14">
        <PricingPlans planAction={planAction} />
        <p className="mt-6 text-sm text-slate-600">
          Alle Preise in Euro inklusive Mehrwertsteuer. Preisänderungen kündigen wir mindestens 30 Tage vorher
          an.
        </p>
      </Section>
      <Section
        id="vergleich"
        title="Alle Funktionen im Vergleich"
        lead="Die Tabelle zeigt, was jeder Tarif enthält."
        tinted
      >
        <PlanComparison />
      </Section>
      <Testimonials />
      <Section id="preise-faq" title="Häufige Fragen zu den Preisen" tinted>
        <div className="max-w-3xl">
          <FaqAccordion entries={pricingFaq} />
          <p className="mt-4 text-sm text-slate-600">
            Noch Fragen? Sieh in die{' '}
            <Link to="/faq" className="font-medium text-primary-800 underline underline-offset-2">
              FAQ
            </Link>{' '}
            oder{' '}
            <Link to="/contact" className="font-medium text-primary-800 underline underline-offset-2">
              schreib uns
            </Link>
            .
          </p>
        </div>
      </Section>
      <CallToAction />
    </>
  );
}
