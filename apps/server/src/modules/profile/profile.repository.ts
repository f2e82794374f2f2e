import { and, eq, ne } from 'drizzle-orm';
import { gradeRecordTypes } from '@korrigo/domain';
import crypto from 'node:crypto';
import {
  account,
  classStudents,
  classTeachers,
  courseTeachers,
  gradeRecords,
  profiles,
  session,
  subscriptions,
  teamMembers,
  teams,
  user,
  verification,
} from '../../db/schema';
import { isUniqueViolation, type Database, type Executor } from '../../platform/db';

export type ProfileRow = typeof profiles.$inferSelect;
export type UserRow = typeof user.$inferSelect;
/** `confirmed`: its link was followed; kept until it runs out, so that a second click can say so */
type EmailChange = { email: string; tokenHash: string; expiresAt: Date; confirmed: boolean };

/** A requested e-mail change lives in better-auth's verification table, one per user (ours: the prefix). */
const emailChangeId = (userId: string) => `change-email:${userId}`;

/**
 * Whether the user is a teacher or a student: the one read behind every "teachers only" rule (also inside a
 * transaction).
 */
export async function accountTypeOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ accountType: profiles.accountType })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.accountType;
}

/** Who a user is, for other modules' rules and mails: address, name, account type and plan (also in a tx). */
export async function accountOf(db: Executor, userId: string) {
  const [row] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      accountType: profiles.accountType,
      plan: profiles.plan,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row;
}

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

    /**
     * What holds the account to its type (issue 31): as a student, a roster entry or a grade released to her
     * (her own self-checks aside); as a teacher, a class or course she teaches or a grade she released.
     */
    /** the role a school's sign-in gave the account (issue 35 §1), or null */
    async schoolRole(userId: string): Promise<string | null> {
      const [row] = await db.select({ role: user.schoolRole }).from(user).where(eq(user.id, userId));
      return row?.role ?? null;
    },

    async accountTypeTies(userId: string): Promise<{ student: boolean; teacher: boolean }> {
      const released = ne(gradeRecords.type, gradeRecordTypes.selfCheck);
      const [onRoster, graded, teachesClass, teachesCourse, releasedGrade] = await Promise.all([
        db
          .select({ id: classStudents.id })
          .from(classStudents)
          .where(eq(classStudents.userId, userId))
          .limit(1),
        db
          .select({ id: gradeRecords.id })
          .from(gradeRecords)
          .where(and(eq(gradeRecords.userId, userId), released))
          .limit(1),
        db
          .select({ id: classTeachers.classId })
          .from(classTeachers)
          .where(eq(classTeachers.userId, userId))
          .limit(1),
        db
          .select({ id: courseTeachers.courseId })
          .from(courseTeachers)
          .where(eq(courseTeachers.userId, userId))
          .limit(1),
        db
          .select({ id: gradeRecords.id })
          .from(gradeRecords)
          .where(and(eq(gradeRecords.releasedBy, userId), released))
          .limit(1),
      ]);
      return {
        student: onRoster.length + graded.length > 0,
        teacher: teachesClass.length + teachesCourse.length + releasedGrade.length > 0,
      };
    },

    /** The subscription and the Pro Team of a user, for the profile's plan section (issue 20). */
    async findPlanContext(userId: string) {
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const [owned] = await db.select().from(teams).where(eq(teams.ownerId, userId));
      const [membership] = owned
        ? []
        : await db
            .select({ team: teams })
            .from(teamMembers)
            .innerJoin(teams, eq(teams.id, teamMembers.teamId))
            .where(eq(teamMembers.userId, userId));
      const team = owned ?? membership?.team;
      return {
        subscription,
        team: team ? { id: team.id, name: team.name, isOwner: team.ownerId === userId } : null,
      };
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

    async updateUser(userId: string, values: Partial<Pick<UserRow, 'name'>>) {
      await db
        .update(user)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(user.id, userId));
    },

    /**
     * Makes `email` the user's verified sign-in address; 'taken' when another account has it (one that signed
     * up with it since the caller looked, included: the unique index decides).
     */
    async changeEmail(userId: string, email: string): Promise<'changed' | 'taken'> {
      try {
        await db
          .update(user)
          .set({ email, emailVerified: true, updatedAt: new Date() })
          .where(eq(user.id, userId));
        return 'changed';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      return row;
    },

    /** the argon2 hash of the user's password; null for an account without one (Google sign-up) */
    async findCredentialPasswordHash(userId: string) {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
      return row?.password ?? null;
    },

    /** Stores the user's pending e-mail change; a newer request replaces an older one (and its link). */
    async saveEmailChange(userId: string, change: Omit<EmailChange, 'confirmed'>) {
      await db.transaction(async (tx) => {
        await tx.delete(verification).where(eq(verification.identifier, emailChangeId(userId)));
        await tx.insert(verification).values({
          id: crypto.randomUUID(),
          identifier: emailChangeId(userId),
          value: JSON.stringify({ email: change.email, tokenHash: change.tokenHash }),
          expiresAt: change.expiresAt,
        });
      });
    },

    async findEmailChange(userId: string): Promise<EmailChange | undefined> {
      const [row] = await db
        .select()
        .from(verification)
        .where(eq(verification.identifier, emailChangeId(userId)));
      if (!row) return undefined;
      const value = JSON.parse(row.value) as { email: string; tokenHash: string; confirmed?: boolean };
      return { ...value, confirmed: value.confirmed === true, expiresAt: row.expiresAt };
    },

    async markEmailChangeConfirmed(userId: string, change: EmailChange) {
      await db
        .update(verification)
        .set({
          value: JSON.stringify({ email: change.email, tokenHash: change.tokenHash, confirmed: true }),
          updatedAt: new Date(),
        })
        .where(eq(verification.identifier, emailChangeId(userId)));
    },

    async deleteEmailChange(userId: string) {
      await db.delete(verification).where(eq(verification.identifier, emailChangeId(userId)));
    },

    async updateCredentialPassword(userId: string, passwordHash: string) {
      await db
        .update(account)
        .set({ password: passwordHash, updatedAt: new Date() })
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
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
