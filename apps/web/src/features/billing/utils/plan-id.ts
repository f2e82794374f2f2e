import { paidPlanIds, planIds, type PlanId } from '@korrigo/domain';

/** The pricing page's older card ids (features/marketing content) on the domain's plan ids. */
const legacyIds: Record<string, PlanId> = {
  freemium: 'free',
  'premium-student': 'premium_student',
  'premium-lehrer': 'premium_teacher',
  'pro-team': 'pro_team',
};

/** A pricing card's id as a plan id (the card ids become the domain's; until then both are read). */
export function toPlanId(id: string): PlanId | null {
  if ((planIds as readonly string[]).includes(id)) return id as PlanId;
  return legacyIds[id] ?? null;
}

export function isPaidPlan(plan: PlanId): plan is (typeof paidPlanIds)[number] {
  return (paidPlanIds as readonly string[]).includes(plan);
}
