import { and, eq, sql } from 'drizzle-orm';
import { segment } from '@korrigo/grading';
import {
  essayMinWords,
  planHasFeature,
  planLimit,
  planMessages,
  planOffering,
  type AccountType,
  type PlanCounter,
  type PlanFeature,
  type PlanId,
} from '@korrigo/domain';
import { profiles } from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { monthlyPeriod } from '../credits/credits.repository';
import { AppError } from '../../platform/errors';

/**
 * The plan rules on the server (issue 20 point 1, ADR 0018): what a user's plan lets her do, and the monthly
 * counters of companion requests and AI test generations. Analyses are counted by the credits
 * (modules/credits), whose allowance `applyPlan` sets from the same table.
 */

/** The refusal of a feature outside the plan: German, with the plan that has it for the link. */
export function featureRefusal(feature: PlanFeature, accountType: AccountType): AppError {
  const offering = planOffering(feature, accountType);
  return new AppError('plan_feature', planMessages.featureNotInPlan(feature, offering, accountType), {
    plan: offering ?? undefined,
  });
}

/** The refusal once a counter's monthly limit is used up. */
export function limitRefusal(
  counter: PlanCounter,
  limit: number,
  accountType: AccountType,
  plan: PlanId,
): AppError {
  const offering = planOffering(counter, accountType, plan);
  return new AppError('plan_limit', planMessages.limitReached(counter, limit, offering, accountType), {
    plan: offering ?? undefined,
  });
}

/**
 * An essay analysis (ADR 0018): a connected text of `essayMinWords` words or more with at most one task. The
 * segmenter is the engine's own, so what counts as a task here is what the grading sees as one.
 */
export function isEssay(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return words >= essayMinWords && segment(text).tasks.length <= 1;
}

/** The profile field that counts each monthly counter besides the analyses. */
const counterFields = {
  companionRequests: 'companionRequestsUsed',
  testGenerations: 'testGenerationsUsed',
} as const;
type CountedRequest = keyof typeof counterFields;

/**
 * Puts a plan into effect: the plan and this month's allowance of analyses (null: unlimited). What was used
 * this month stays used; a bigger allowance simply leaves more. The one writer of `profiles.plan`.
 */
export async function applyPlan(executor: Executor, userId: string, plan: PlanId) {
  const [row] = await executor
    .select({ accountType: profiles.accountType })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) return;
  await executor
    .update(profiles)
    .set({ plan, credits: planLimit(plan, 'analyses', row.accountType), updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

export function createPlans(db: Database) {
  async function planOf(userId: string, executor: Executor = db) {
    const [row] = await executor
      .select({ plan: profiles.plan, accountType: profiles.accountType })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return row ?? { plan: 'free' as PlanId, accountType: 'student' as AccountType };
  }

  /** The German refusal of the feature, or null when the user's plan has it. */
  async function refusalOf(userId: string, feature: PlanFeature, executor: Executor = db) {
    const { plan, accountType } = await planOf(userId, executor);
    return planHasFeature(plan, feature) ? null : featureRefusal(feature, accountType);
  }

  return {
    planOf,

    /** The refusal of one more analysis this month, in the words of the user's plan. */
    async analysesRefusal(userId: string, executor: Executor = db): Promise<AppError> {
      const { plan, accountType } = await planOf(userId, executor);
      return limitRefusal('analyses', planLimit(plan, 'analyses', accountType) ?? 0, accountType, plan);
    },

    refusalOf,

    /** Throws the German refusal unless the user's plan has the feature. */
    async requireFeature(userId: string, feature: PlanFeature, executor: Executor = db) {
      const refusal = await refusalOf(userId, feature, executor);
      if (refusal) throw refusal;
    },

    /**
     * Counts one companion request or AI test generation against this month's limit, in ONE conditional
     * UPDATE (as credits are reserved): two requests at once can never both take the last one. A period that
     * is due starts again here, resetting every counter of the profile, as the credits do.
     */
    async consume(userId: string, counter: CountedRequest, now: Date, executor: Executor = db) {
      const { plan, accountType } = await planOf(userId, executor);
      const limit = planLimit(plan, counter, accountType);
      const field = counterFields[counter];
      const period = monthlyPeriod(now);
      const rows = await executor
        .update(profiles)
        .set({
          usedCredits: period.carried(profiles.usedCredits),
          companionRequestsUsed: period.carried(profiles.companionRequestsUsed),
          testGenerationsUsed: period.carried(profiles.testGenerationsUsed),
          [field]: sql`${period.carried(profiles[field])} + 1`,
          nextReset: period.nextReset,
          updatedAt: now,
        })
        .where(
          and(
            eq(profiles.userId, userId),
            limit === null ? sql`true` : sql`${period.carried(profiles[field])} + 1 <= ${limit}`,
          ),
        )
        .returning({ userId: profiles.userId });
      if (rows.length === 0) throw limitRefusal(counter, limit ?? 0, accountType, plan);
    },

    /**
     * Gives a counted request back when it produced nothing (the model failed): never below 0, and only in
     * the period it was taken in (a reset in between already gave it back).
     */
    async giveBack(userId: string, counter: CountedRequest, executor: Executor = db) {
      const field = counterFields[counter];
      await executor
        .update(profiles)
        .set({ [field]: sql`greatest(${profiles[field]} - 1, 0)` })
        .where(eq(profiles.userId, userId));
    },

    applyPlan,
  };
}

export type Plans = ReturnType<typeof createPlans>;
