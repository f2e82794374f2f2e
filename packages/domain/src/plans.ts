import { z } from 'zod';
import type { AccountType } from './account';

// Plans, their limits and prices: the one table the server enforces and the pricing page, the profile and the
// upgrade prompts show (spec 000 §6 plan table, §9 prices and trials; issue 20). How the spec's two readings
// (the plan table and the FAQ) are joined is decided in docs/decisions/0018-plans-and-limits.md.

export const planIds = [
  'free',
  'basic',
  'premium_student',
  'premium_teacher',
  'pro_team',
  'enterprise',
] as const;
export type PlanId = (typeof planIds)[number];

/** The plans that can be bought (Enterprise is agreed in person, Free is where everyone starts). */
export const paidPlanIds = ['basic', 'premium_student', 'premium_teacher', 'pro_team'] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** What a plan may do beyond counting: one name per gated feature. */
export const planFeatures = ['ocr', 'learningFeedback', 'essayAnalysis', 'classSets', 'teamLibrary'] as const;
export type PlanFeature = (typeof planFeatures)[number];

/** What is counted per month; `null` in a limit means unlimited. */
export const planCounters = ['analyses', 'companionRequests', 'testGenerations'] as const;
export type PlanCounter = (typeof planCounters)[number];

export type PlanDefinition = {
  id: PlanId;
  name: string;
  /** spec 000 §6: the profile shows free, premium or enterprise */
  profileLabel: 'Free' | 'Premium' | 'Enterprise';
  /** EUR; null: price on request */
  monthlyPrice: number | null;
  annualPrice: number | null;
  trialDays: number | null;
  /** per month; null: unlimited. Free's analyses depend on the account type (ADR 0018). */
  limits: Record<Exclude<PlanCounter, 'analyses'>, number | null> & {
    analyses: number | null | Record<AccountType, number>;
  };
  features: readonly PlanFeature[];
  /** teachers in one account, the owner included */
  maxTeamMembers: number;
  /** Premium Student needs a confirmed student ID (spec 000 §6) */
  requiresStudentId: boolean;
};

export const plansById: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Freemium',
    profileLabel: 'Free',
    monthlyPrice: 0,
    annualPrice: 0,
    trialDays: null,
    // spec 000 §6: 5 analyses; the FAQ's free student tier: 10
    limits: { analyses: { teacher: 5, student: 10 }, companionRequests: 10, testGenerations: 3 },
    features: [],
    maxTeamMembers: 1,
    requiresStudentId: false,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    profileLabel: 'Premium',
    monthlyPrice: 10,
    annualPrice: 96,
    trialDays: 7,
    limits: { analyses: 25, companionRequests: 50, testGenerations: 25 },
    features: [],
    maxTeamMembers: 1,
    requiresStudentId: false,
  },
  premium_student: {
    id: 'premium_student',
    name: 'Premium Student',
    profileLabel: 'Premium',
    monthlyPrice: 10,
    annualPrice: 96,
    trialDays: 7,
    limits: { analyses: 50, companionRequests: 100, testGenerations: 25 },
    features: ['ocr', 'learningFeedback'],
    maxTeamMembers: 1,
    requiresStudentId: true,
  },
  premium_teacher: {
    id: 'premium_teacher',
    name: 'Premium Lehrer',
    profileLabel: 'Premium',
    monthlyPrice: 15,
    annualPrice: 144,
    trialDays: 14,
    limits: { analyses: null, companionRequests: null, testGenerations: null },
    features: ['ocr', 'essayAnalysis', 'classSets'],
    maxTeamMembers: 1,
    requiresStudentId: false,
  },
  pro_team: {
    id: 'pro_team',
    name: 'Pro Team',
    profileLabel: 'Premium',
    monthlyPrice: 40,
    annualPrice: 384,
    trialDays: 14,
    limits: { analyses: null, companionRequests: null, testGenerations: null },
    features: ['ocr', 'essayAnalysis', 'classSets', 'teamLibrary'],
    maxTeamMembers: 5,
    requiresStudentId: false,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    profileLabel: 'Enterprise',
    monthlyPrice: null,
    annualPrice: null,
    trialDays: null,
    limits: { analyses: null, companionRequests: null, testGenerations: null },
    features: ['ocr', 'learningFeedback', 'essayAnalysis', 'classSets', 'teamLibrary'],
    maxTeamMembers: 5,
    requiresStudentId: false,
  },
};

/**
 * What counts as an essay analysis (Aufsatzanalyse, a Premium Lehrer feature; ADR 0018): one connected text of
 * at least this many words that is not divided into tasks. A test with tasks is a test whatever its length.
 */
export const essayMinWords = 300;

/** spec 000 §9: annual discount 20 % (96 = 10 × 12 × 0.8). */
export const annualDiscountPercent = 20;

/** The monthly limit of one counter for a plan and account type; null: unlimited. */
export function planLimit(plan: PlanId, counter: PlanCounter, accountType: AccountType): number | null {
  const limit = plansById[plan].limits[counter];
  if (limit === null || typeof limit === 'number') return limit;
  return limit[accountType];
}

/** Analyses without a monthly limit: no credits are counted, so no text speaks of them (issue 34 §8). */
export function analysesUnlimited(plan: PlanId, accountType: AccountType): boolean {
  return planLimit(plan, 'analyses', accountType) === null;
}

export function planHasFeature(plan: PlanId, feature: PlanFeature): boolean {
  return plansById[plan].features.includes(feature);
}

/**
 * The cheapest plan for this account type that has the feature, or more of the counter than the user's plan
 * `from`: where a refusal points. Premium Student is for students only, Premium Lehrer and Pro Team are for
 * teachers.
 */
export function planOffering(
  need: PlanFeature | PlanCounter,
  accountType: AccountType,
  from: PlanId = 'free',
): PaidPlanId | null {
  const forAudience = paidPlanIds.filter(
    (id) =>
      id !== from &&
      (accountType === 'student' ? id !== 'premium_teacher' && id !== 'pro_team' : id !== 'premium_student'),
  );
  for (const id of forAudience) {
    if ((planFeatures as readonly string[]).includes(need)) {
      if (planHasFeature(id, need as PlanFeature)) return id;
      continue;
    }
    const limit = planLimit(id, need as PlanCounter, accountType);
    const current = planLimit(from, need as PlanCounter, accountType);
    if (current !== null && (limit === null || limit > current)) return id;
  }
  return null;
}

/** spec 000 §2 / 001 §2: the upgrade button is hidden on the premium plan (and on Enterprise, above it). */
export function canUpgrade(plan: PlanId): boolean {
  return plansById[plan].profileLabel === 'Free';
}

/** Where a refusal links to: the pricing page with the plan's card in view. */
export function planLink(plan: PlanId): string {
  return `/pricing?plan=${plan}`;
}

export const featureLabels: Record<PlanFeature | PlanCounter, string> = {
  analyses: 'Analysen',
  companionRequests: 'Anfragen an den KI-Begleiter',
  testGenerations: 'KI-Aufgabenerstellungen',
  ocr: 'Texterkennung (OCR) für Handschrift und Scans',
  learningFeedback: 'Lernfeedback',
  essayAnalysis: 'Aufsatzanalyse',
  classSets: 'Klassensätze (Massen-Upload)',
  teamLibrary: 'die gemeinsame Bibliothek im Team',
};

/**
 * German messages of plans and billing. Our own texts: Sie to teachers, du to students, so the refusals take
 * the account type.
 */
export const planMessages = {
  featureNotInPlan: (feature: PlanFeature, offering: PaidPlanId | null, accountType: AccountType) => {
    const yours = accountType === 'student' ? 'deinem' : 'Ihrem';
    const base = `${featureLabels[feature]}: nicht in ${yours} Tarif enthalten.`;
    return offering ? `${base} Enthalten im Tarif ${plansById[offering].name}.` : base;
  },
  limitReached: (
    counter: PlanCounter,
    limit: number,
    offering: PaidPlanId | null,
    accountType: AccountType,
  ) => {
    const base =
      accountType === 'student'
        ? `Du hast die ${limit} ${featureLabels[counter]} deines Tarifs in diesem Monat aufgebraucht.`
        : `Sie haben die ${limit} ${featureLabels[counter]} Ihres Tarifs in diesem Monat aufgebraucht.`;
    return offering ? `${base} Mehr gibt es im Tarif ${plansById[offering].name}.` : base;
  },
  studentIdRequired:
    'Premium Student setzt einen bestätigten Schüler- oder Studierendenausweis voraus. Lade ihn im Profil hoch; nach der Prüfung kannst du buchen.',
  checkoutUnavailable:
    'Die Online-Zahlung ist auf dieser Installation nicht eingerichtet. Fragen Sie über das Kontaktformular ein Angebot an.',
  alreadySubscribed: 'Sie haben bereits ein Abonnement. Änderungen nehmen Sie in der Abo-Verwaltung vor.',
  noSubscription: 'Für Ihr Konto gibt es noch kein Abonnement.',
  planForAudience:
    'Dieser Tarif ist für eine andere Kontoart gedacht (Schülerinnen und Schüler oder Lehrkräfte).',
  paymentProviderFailed:
    'Der Zahlungsdienst ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten erneut.',
  unlimited: 'Unbegrenzt',
  operatorOnly: 'Tarife weist nur der Betreiber dieser Installation zu.',
  accountNotFound: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
  currentPlan: 'Aktueller Tarif',
  onlyForTeachers: 'Nur für Lehrkräfte',
  onlyForStudents: 'Nur für Schülerinnen und Schüler',
  // ours (issue 20 point 2): the webhook's refusal is read by the provider's delivery log, not by users
  webhookSignatureInvalid: 'Die Signatur der Zahlungsnachricht ist ungültig.',
  webhookNotConfigured: 'Zahlungsnachrichten werden auf dieser Installation nicht angenommen.',
  // ours: the plan buttons and the return from checkout (neutral: students and teachers read them)
  manageSubscription: 'Abo verwalten',
  requestOffer: 'Angebot anfragen',
  checkoutStarting: 'Weiter zur Zahlung …',
  checkoutSucceeded: 'Vielen Dank! Der neue Tarif ist jetzt aktiv.',
  checkoutPending: 'Die Zahlung ist eingegangen; der Tarif wird in wenigen Sekunden freigeschaltet.',
} as const;

/** What the operator assigns by hand (`PUT /api/admin/plans`): Enterprise as agreed, or back to Freemium. */
export const operatorPlanIds = ['enterprise', 'free'] as const;

/** The error codes of plan refusals, so the web app can show the link beside the message. */
export const planErrorCodes = ['plan_feature', 'plan_limit', 'student_id_required'] as const;

/** `PUT /api/admin/plans`: the operator puts an account on Enterprise (as agreed) or back on Freemium. */
export const assignPlanRequestSchema = z.object({
  email: z.string().trim().pipe(z.email()),
  plan: z.enum(operatorPlanIds),
});
export type AssignPlanRequest = z.infer<typeof assignPlanRequestSchema>;
