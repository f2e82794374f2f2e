import type { PlanId } from '@korrigo/domain';
import type { Executor } from '../../platform/db';
import { endTeamPlan } from '../teams/teams.plan';

/**
 * Called in the transaction that puts a plan into effect or ends it (the payment webhook, ADR 0019; the
 * operator's Enterprise, ADR 0018), after `applyPlan` has set the user's own plan and allowance: what follows
 * from a plan for others. When a
 * Pro Team owner's plan is no longer Pro Team, her team ends and its members fall back to their own plans
 * (ADR 0020).
 */
export async function onPlanChanged(tx: Executor, userId: string, plan: PlanId): Promise<void> {
  if (plan !== 'pro_team' && plan !== 'enterprise') await endTeamPlan(tx, userId);
}
