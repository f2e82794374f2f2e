import type { PlanId } from '@korrigo/domain';
import type { Executor } from '../../platform/db';

/**
 * Called in the transaction that puts a paid plan into effect or ends it (the payment webhook, ADR 0019),
 * after `applyPlan` has set the user's own plan and allowance. The place for what follows from a plan for
 * others: when a Pro Team owner's plan ends (`plan` is no longer 'pro_team'), the team's members fall back
 * to their own plans (issue 20 point 3 extends this). Nothing more happens here yet.
 */
export async function onPlanChanged(_tx: Executor, _userId: string, _plan: PlanId): Promise<void> {}
