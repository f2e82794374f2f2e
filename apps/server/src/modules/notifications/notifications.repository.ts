import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationPriority, NotificationType } from '@korrigo/domain';
import { notifications } from '../../db/schema';
import type { Database, Executor } from '../../platform/db';

export type NotificationRow = typeof notifications.$inferSelect;
type NotificationValues = typeof notifications.$inferInsert;

/**
 * The channel on which every inserted notification is announced (`pg_notify`, payload `{ userId, id }`).
 * NOTIFY is transactional: the announcement goes out when the inserting transaction commits and never for a
 * rolled-back one, in this process and in any other on the same database (the `npm run worker` processes).
 */
export const NOTIFICATIONS_CHANNEL = 'korrigo_notifications';

type NotificationFilter = { types?: NotificationType[]; priority?: NotificationPriority };

export function createNotificationsRepository(db: Database) {
  const owned = (userId: string, id: string) =>
    and(eq(notifications.userId, userId), eq(notifications.id, id));

  return {
    /**
     * Inserts one notification and announces it; with a dedupe key that exists already nothing happens
     * (a retried job creates its notification once) and undefined is returned.
     */
    async insert(tx: Executor, values: NotificationValues): Promise<NotificationRow | undefined> {
      const [row] = await tx
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning();
      if (!row) return undefined;
      const payload = JSON.stringify({ userId: row.userId, id: row.id });
      await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
      return row;
    },

    /** Newest first, at most `limit`. */
    async list(userId: string, filter: NotificationFilter, limit: number): Promise<NotificationRow[]> {
      const conditions: SQL[] = [eq(notifications.userId, userId)];
      if (filter.types) conditions.push(inArray(notifications.type, filter.types));
      if (filter.priority) conditions.push(eq(notifications.priority, filter.priority));
      return db
        .select()
        .from(notifications)
        .where(and(...conditions))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async countUnread(userId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
      return row?.value ?? 0;
    },

    async findOwned(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(owned(userId, id));
      return row;
    },

    async markRead(userId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.update(notifications).set({ isRead: true }).where(owned(userId, id)).returning();
      return row;
    },

    async deleteOwned(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(notifications)
        .where(owned(userId, id))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async deleteAll(userId: string): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(eq(notifications.userId, userId))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
