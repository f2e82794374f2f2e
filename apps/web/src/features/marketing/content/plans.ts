// Plans and prices (spec 000 §6 plan table, §9 prices and trials). The plan table is the one reading the
// whole site shows; the FAQ texts (faq.ts) say the same.

/** spec 000 §9: annual discount 20 %. */
export const annualDiscountPercent = 20;

export type PricingPlan = {
  id: 'freemium' | 'basic' | 'premium-student' | 'premium-lehrer' | 'pro-team' | 'enterprise';
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

export const pricingPlans: PricingPlan[] = [
  {
    id: 'freemium',
    name: 'Freemium',
    audience: 'Zum Ausprobieren',
    monthly: 0,
    annual: 0,
    trialDays: null,
    features: ['5 Analysen pro Monat'],
  },
  {
    id: 'basic',
    name: 'Basic',
    audience: 'Für den Einstieg',
    monthly: 10,
    annual: 96,
    trialDays: 7,
    features: ['25 Analysen pro Monat', '50 Anfragen an den KI-Begleiter', '25 KI-Aufgabenerstellungen'],
  },
  {
    id: 'premium-student',
    name: 'Premium Student',
    audience: 'Für Schüler/innen und Studierende',
    monthly: 10,
    annual: 96,
    trialDays: 7,
    features: ['50 Analysen pro Monat', 'Texterkennung (OCR) für Handschrift', 'Lernfeedback'],
    note: 'Nur mit gültigem Schüler- oder Studierendenausweis.',
  },
  {
    id: 'premium-lehrer',
    name: 'Premium Lehrer',
    audience: 'Für Lehrkräfte',
    monthly: 15,
    annual: 144,
    trialDays: 14,
    features: [
      'Unbegrenzte Analysen',
      'Texterkennung (OCR) für Handschrift',
      'Aufsatzanalyse',
      'Massen-Upload',
    ],
    highlighted: true,
  },
  {
    id: 'pro-team',
    name: 'Pro Team',
    audience: 'Für Fachschaften',
    monthly: 40,
    annual: 384,
    trialDays: 14,
    features: ['Alles aus Premium Lehrer', 'Bis zu 5 Lehrkräfte', 'Gemeinsame Bibliothek'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'Für Schulen und Träger',
    monthly: null,
    annual: null,
    trialDays: null,
    features: [
      'Alles aus Pro Team',
      'API-Zugang',
      'Mehrbenutzer-Rollen',
      'White-Label',
      'Anbindung an Lernplattformen (LMS)',
    ],
    note: 'Preis nach Anzahl der Schülerinnen und Schüler.',
  },
];

/** Monthly price when paid annually, e.g. 96 € a year = 8 € a month. */
export function monthlyPriceWhenAnnual(plan: PricingPlan): number | null {
  return plan.annual === null ? null : plan.annual / 12;
}

/** spec 000 §6 as a comparison table: one row per feature, one cell per plan (true, false or a text). */
export const planComparison: { feature: string; cells: Record<PricingPlan['id'], string | boolean> }[] = [
  {
    feature: 'Analysen pro Monat',
    cells: {
      freemium: '5',
      basic: '25',
      'premium-student': '50',
      'premium-lehrer': 'unbegrenzt',
      'pro-team': 'unbegrenzt',
      enterprise: 'unbegrenzt',
    },
  },
  {
    feature: 'Anfragen an den KI-Begleiter',
    cells: {
      freemium: false,
      basic: '50',
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: false,
    },
  },
  {
    feature: 'KI-Aufgabenerstellungen',
    cells: {
      freemium: false,
      basic: '25',
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: false,
    },
  },
  {
    feature: 'Texterkennung (OCR)',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': true,
      'premium-lehrer': true,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'Lernfeedback',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': true,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: false,
    },
  },
  {
    feature: 'Aufsatzanalyse',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': true,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'Massen-Upload',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': true,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'Lehrkräfte im Konto',
    cells: {
      freemium: '1',
      basic: '1',
      'premium-student': '1',
      'premium-lehrer': '1',
      'pro-team': 'bis zu 5',
      enterprise: 'nach Vereinbarung',
    },
  },
  {
    feature: 'Gemeinsame Bibliothek',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': true,
      enterprise: true,
    },
  },
  {
    feature: 'API-Zugang',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'Mehrbenutzer-Rollen',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'White-Label',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'LMS-Integration',
    cells: {
      freemium: false,
      basic: false,
      'premium-student': false,
      'premium-lehrer': false,
      'pro-team': false,
      enterprise: true,
    },
  },
  {
    feature: 'Kostenlos testen',
    cells: {
      freemium: false,
      basic: '7 Tage',
      'premium-student': '7 Tage',
      'premium-lehrer': '14 Tage',
      'pro-team': '14 Tage',
      enterprise: false,
    },
  },
];
