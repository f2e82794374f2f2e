import { and, eq, ne } from 'drizzle-orm';
import { account, profiles, session, user } from '../../db/schema';
import type { Database } from '../../platform/db';

export type ProfileRow = typeof profiles.$inferSelect;
export type UserRow = typeof user.$inferSelect;

export function createProfileRepository(db: Database) {
  return {
    async findUserWithProfile(userId: string) {
      const [row] = await db
        .select({ user, profile: profiles })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, userId));
      return row;
    },

    /** Inserts unless one exists already; the first writer's values win. */
    async insertProfileIfMissing(values: typeof profiles.$inferInsert) {
      await db.insert(profiles).values(values).onConflictDoNothing({ target: profiles.userId });
    },

    async updateProfile(userId: string, values: Partial<typeof profiles.$inferInsert>) {
      await db
        .update(profiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(profiles.userId, userId));
    },

    async updateUser(userId: string, values: Partial<Pick<UserRow, 'name' | 'email' | 'emailVerified'>>) {
      await db
        .update(user)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(user.id, userId));
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      return row;
    },

    async updateCredentialPassword(userId: string, passwordHash: string) {
      const rows = await db
        .update(account)
        .set({ password: passwordHash, updatedAt: new Date() })
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
      return rows.length > 0;
    },

    async deleteSessions(userId: string, exceptSessionId?: string) {
      await db
        .delete(session)
        .where(
          exceptSessionId
            ? and(eq(session.userId, userId), ne(session.id, exceptSessionId))
            : eq(session.userId, userId),
        );
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
