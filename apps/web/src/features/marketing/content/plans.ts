// Plans and prices on the pricing page. Prices, trials, limits and features come from the one plan table in
// packages/domain (plans.ts, ADR 0018); this file only adds the marketing words around them.
import {
  essayMinWords,
  planHasFeature,
  planIds,
  planLimit,
  plansById,
  type PlanFeature,
  type PlanId,
} from '@korrigo/domain';

export { annualDiscountPercent } from '@korrigo/domain';

export type PricingPlan = {
  id: PlanId;
  name: string;
  audience: string;
  /** EUR per month; null: price on request */
  monthly: number | null;
  /** EUR per year */
  annual: number | null;
  trialDays: number | null;
  features: string[];
  note?: string;
  highlighted?: boolean;
};

const words: Record<PlanId, Pick<PricingPlan, 'audience' | 'features' | 'note' | 'highlighted'>> = {
  free: {
    audience: 'Zum Ausprobieren',
    features: [
      `${planLimit('free', 'analyses', 'teacher')} Analysen pro Monat für Lehrkräfte`,
      `${planLimit('free', 'analyses', 'student')} Analysen pro Monat für Schülerinnen und Schüler`,
      `${plansById.free.limits.companionRequests} Anfragen an den KI-Begleiter`,
    ],
  },
  basic: {
    audience: 'Für den Einstieg',
    features: ['25 Analysen pro Monat', '50 Anfragen an den KI-Begleiter', '25 KI-Aufgabenerstellungen'],
  },
  premium_student: {
    audience: 'Für Schülerinnen, Schüler und Studierende',
    features: ['50 Analysen pro Monat', 'Texterkennung (OCR) für Handschrift', 'Lernfeedback'],
    note: 'Nur mit gültigem Schüler- oder Studierendenausweis (Upload im Profil, geprüft von einer Lehrkraft deiner Schule oder von uns).',
  },
  premium_teacher: {
    audience: 'Für Lehrkräfte',
    features: [
      'Unbegrenzte Analysen',
      'Texterkennung (OCR) für Handschrift',
      'Aufsatzanalyse',
      'Massen-Upload (Klassensätze)',
    ],
    highlighted: true,
  },
  pro_team: {
    audience: 'Für Fachschaften',
    features: ['Alles aus Premium Lehrer', 'Bis zu 5 Lehrkräfte', 'Gemeinsame Bibliothek'],
  },
  enterprise: {
    audience: 'Für Schulen und Träger',
    features: [
      'Alles aus Pro Team',
      'API-Zugang',
      'Mehrbenutzer-Rollen',
      'White-Label',
      'Anbindung an Lernplattformen (LMS)',
    ],
    note: 'Preis nach Anzahl der Schülerinnen und Schüler.',
  },
};

export const pricingPlans: PricingPlan[] = planIds.map((id) => ({
  id,
  name: plansById[id].name,
  monthly: plansById[id].monthlyPrice,
  annual: plansById[id].annualPrice,
  trialDays: plansById[id].trialDays,
  ...words[id],
}));

/** Monthly price when paid annually, e.g. 96 € a year = 8 € a month. */
export function monthlyPriceWhenAnnual(plan: PricingPlan): number | null {
  return plan.annual === null ? null : plan.annual / 12;
}

type Cell = string | boolean;
const perPlan = (cell: (id: PlanId) => Cell) =>
  Object.fromEntries(planIds.map((id) => [id, cell(id)])) as Record<PlanId, Cell>;
const count = (limit: number | null) => (limit === null ? 'unbegrenzt' : String(limit));
const feature = (name: PlanFeature) => perPlan((id) => planHasFeature(id, name));

/** spec 000 §6 as a comparison table, from the plan table: one row per limit or feature, one cell per plan. */
export const planComparison: { feature: string; cells: Record<PlanId, Cell> }[] = [
  {
    feature: 'Analysen pro Monat',
    cells: perPlan((id) =>
      id === 'free'
        ? `${planLimit(id, 'analyses', 'teacher')} (Lehrkräfte) / ${planLimit(id, 'analyses', 'student')} (Schülerinnen und Schüler)`
        : count(planLimit(id, 'analyses', 'teacher')),
    ),
  },
  {
    feature: 'Anfragen an den KI-Begleiter',
    cells: perPlan((id) => count(planLimit(id, 'companionRequests', 'teacher'))),
  },
  {
    feature: 'KI-Aufgabenerstellungen',
    cells: perPlan((id) => count(planLimit(id, 'testGenerations', 'teacher'))),
  },
  { feature: 'Texterkennung (OCR)', cells: feature('ocr') },
  { feature: 'Lernfeedback', cells: feature('learningFeedback') },
  { feature: `Aufsatzanalyse (ab ${essayMinWords} Wörtern)`, cells: feature('essayAnalysis') },
  { feature: 'Massen-Upload (Klassensätze)', cells: feature('classSets') },
  {
    feature: 'Lehrkräfte im Konto',
    cells: perPlan((id) =>
      id === 'enterprise'
        ? 'nach Vereinbarung'
        : plansById[id].maxTeamMembers > 1
          ? `bis zu ${plansById[id].maxTeamMembers}`
          : '1',
    ),
  },
  { feature: 'Gemeinsame Bibliothek', cells: feature('teamLibrary') },
  { feature: 'API-Zugang', cells: perPlan((id) => id === 'enterprise') },
  { feature: 'Mehrbenutzer-Rollen', cells: perPlan((id) => id === 'enterprise') },
  { feature: 'White-Label', cells: perPlan((id) => id === 'enterprise') },
  { feature: 'LMS-Integration', cells: perPlan((id) => id === 'enterprise') },
  {
    feature: 'Kostenlos testen',
    cells: perPlan((id) => (plansById[id].trialDays ? `${plansById[id].trialDays} Tage` : false)),
  },
];
