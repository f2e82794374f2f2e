import { eq } from 'drizzle-orm';
import { billingEvents, subscriptions } from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { hasConfirmedStudentId } from '../student-ids/student-ids.repository';
import { accountOf } from '../profile/profile.repository';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The SQL of payments (ADR 0019): the subscription row per user and the provider events handled. */
export function createBillingRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    findBuyer: (userId: string, executor: Executor = db) => accountOf(executor, userId),

    async findSubscription(userId: string, executor: Executor = db): Promise<SubscriptionRow | undefined> {
      const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },

    /** The row of a provider customer, locked until the transaction ends (two events of one customer wait). */
    async lockByCustomer(executor: Executor, customerId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await executor
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customerId))
        .for('update');
      return row;
    },

    /**
     * Remembers the provider's customer of a user. Two checkouts at once may each have created one: the first
     * stored wins and is answered to both.
     */
    async saveCustomer(userId: string, customerId: string): Promise<string> {
      await db.insert(subscriptions).values({ userId, customerId }).onConflictDoNothing();
      const [row] = await db
        .select({ customerId: subscriptions.customerId })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId));
      return row!.customerId;
    },

    /** Premium Student: an approved student ID that has not run out (issue 20 point 4). */
    hasConfirmedStudentId: (userId: string, now: Date) => hasConfirmedStudentId(db, userId, now),

    async eventSeen(eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(eq(billingEvents.id, eventId));
      return Boolean(row);
    },

    /** Records an event once; false when it was recorded before (a replay, or the same event twice at once). */
    async recordEvent(
      executor: Executor,
      event: { id: string; type: string; createdAt: Date },
    ): Promise<boolean> {
      const rows = await executor
        .insert(billingEvents)
        .values({ id: event.id, type: event.type, providerCreatedAt: event.createdAt })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },

    async writeSubscription(
      executor: Executor,
      userId: string,
      values: Omit<typeof subscriptions.$inferInsert, 'userId' | 'createdAt'>,
    ) {
      await executor
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: new Date() } });
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
