import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { creditCharges, profiles } from '../../db/schema';
import type { Database, Executor } from '../../platform/db';

/**
 * The monthly period of every counter on the profile (spec 000 §9): due once `next_reset` has passed; then
 * the counters start again from 0 and `next_reset` moves on by as many whole months as have passed, plus
 * one, so that it lies after `now`. One place for the credits and the plan's counters (modules/plans).
 */
export function monthlyPeriod(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`${profiles.nextReset} <= ${at}`;
  const months = sql`(extract(year from age(${at}, ${profiles.nextReset})) * 12 + extract(month from age(${at}, ${profiles.nextReset})) + 1)::int`;
  return {
    nextReset: sql`case when ${due} then ${profiles.nextReset} + make_interval(months => ${months}) else ${profiles.nextReset} end`,
    /** a counter as the period leaves it: 0 when a new one starts */
    carried: (column: AnyPgColumn) => sql`case when ${due} then 0 else ${column} end`,
  };
}

/**
 * Credits (spec 000 §3, §9; issue 5 §6). `credits` is the plan's monthly allowance (null: unlimited,
 * ADR 0018), `used_credits` what this period used; at `next_reset` the period starts again (monthlyPeriod).
 * Reserving is ONE conditional UPDATE, so concurrent requests can never spend more than there is: the row
 * lock makes the second UPDATE re-check the condition against the first one's result.
 */
export function createCreditsRepository(db: Database) {
  return {
    /**
     * Reserves `cost` credits; returns the remaining credits (Infinity on an unlimited plan), or null when
     * there are not enough. A period that is due resets the other monthly counters too (modules/plans).
     */
    async reserve(tx: Executor, userId: string, now: Date, cost: number): Promise<number | null> {
      const period = monthlyPeriod(now);
      const rows = await tx
        .update(profiles)
        .set({
          usedCredits: sql`${period.carried(profiles.usedCredits)} + ${cost}`,
          companionRequestsUsed: period.carried(profiles.companionRequestsUsed),
          testGenerationsUsed: period.carried(profiles.testGenerationsUsed),
          nextReset: period.nextReset,
          updatedAt: now,
        })
        .where(
          and(
            eq(profiles.userId, userId),
            sql`(${profiles.credits} is null or ${period.carried(profiles.usedCredits)} + ${cost} <= ${profiles.credits})`,
          ),
        )
        .returning({ credits: profiles.credits, usedCredits: profiles.usedCredits });
      const row = rows[0];
      if (!row) return null;
      return row.credits === null ? Number.POSITIVE_INFINITY : row.credits - row.usedCredits;
    },

    /** The charge record of an analysis, written with its reservation. */
    async recordCharge(tx: Executor, analysisId: string, userId: string, cost: number) {
      await tx.insert(creditCharges).values({ analysisId, userId, credits: cost });
    },

    /** Marks the charge final. True only the first time, so a retried job confirms nothing twice. */
    async confirm(tx: Executor, analysisId: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(creditCharges)
        .set({ confirmed: true, settledAt: now })
        .where(
          and(
            eq(creditCharges.analysisId, analysisId),
            eq(creditCharges.confirmed, false),
            eq(creditCharges.refunded, false),
          ),
        )
        .returning({ analysisId: creditCharges.analysisId });
      return rows.length === 1;
    },

    /**
     * Gives the credit back once: the flag flips only on an unsettled charge, and only then is used_credits
     * lowered (never below 0, e.g. when the period was reset in between).
     */
    async refund(tx: Executor, analysisId: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(creditCharges)
        .set({ refunded: true, settledAt: now })
        .where(
          and(
            eq(creditCharges.analysisId, analysisId),
            eq(creditCharges.confirmed, false),
            eq(creditCharges.refunded, false),
          ),
        )
        .returning({ userId: creditCharges.userId, credits: creditCharges.credits });
      const charge = rows[0];
      if (!charge) return false;
      await tx
        .update(profiles)
        .set({ usedCredits: sql`greatest(${profiles.usedCredits} - ${charge.credits}, 0)`, updatedAt: now })
        .where(eq(profiles.userId, charge.userId));
      return true;
    },

    /**
     * `executor`: inside a transaction, pass it: PGlite has one connection, which the open transaction holds,
     * so a read through `db` would wait for the transaction's end, and the transaction for the read.
     */
    /** Infinity on an unlimited plan. */
    async remaining(userId: string, now: Date, executor: Executor = db): Promise<number> {
      const [row] = await executor
        .select({
          credits: profiles.credits,
          usedCredits: profiles.usedCredits,
          nextReset: profiles.nextReset,
        })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      if (!row) return 0;
      if (row.credits === null) return Number.POSITIVE_INFINITY;
      return row.nextReset <= now ? row.credits : row.credits - row.usedCredits;
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
