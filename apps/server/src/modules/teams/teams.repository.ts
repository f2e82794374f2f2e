import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PlanId } from '@korrigo/domain';
import { profiles, subscriptions, teamInvitations, teamMembers, teams, tests, user } from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { accountOf } from '../profile/profile.repository';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Subscription states in which the user's own plan is in effect (ADR 0018). */
const liveStatuses = ['trialing', 'active', 'past_due'];

/**
 * The plan a teacher has once she is no longer in a team: her own subscription's while it runs, else Free
 * (issue 20 point 3). Enterprise is set by the operator and never came from the team: it stays.
 */
export async function planOutsideTeam(executor: Executor, userId: string): Promise<PlanId | null> {
  const [row] = await executor
    .select({ plan: profiles.plan, subscriptionPlan: subscriptions.plan, status: subscriptions.status })
    .from(profiles)
    .leftJoin(subscriptions, eq(subscriptions.userId, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!row) return null;
  if (row.plan === 'enterprise') return null;
  if (row.subscriptionPlan && row.status && liveStatuses.includes(row.status)) return row.subscriptionPlan;
  return 'free';
}

export function createTeamsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    findAccount: (userId: string) => accountOf(db, userId),

    async findAccountByEmail(email: string) {
      const [row] = await db
        .select({ id: user.id, accountType: profiles.accountType })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
      return row;
    },

    /** The team a user belongs to (as owner or member), with its owner's name. */
    async teamOf(userId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId, ownerName: user.name })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .innerJoin(user, eq(user.id, teams.ownerId))
        .where(eq(teamMembers.userId, userId));
      return row;
    },

    async members(teamId: string) {
      return db
        .select({
          userId: teamMembers.userId,
          name: user.name,
          email: user.email,
          joinedAt: teamMembers.joinedAt,
        })
        .from(teamMembers)
        .innerJoin(user, eq(user.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.joinedAt));
    },

    async pendingInvitations(teamId: string, now: Date) {
      return db
        .select()
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.teamId, teamId),
            isNull(teamInvitations.acceptedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(teamInvitations.createdAt));
    },

    /** Members plus open invitations: the seats taken (issue 20 point 3, the limit of 5). */
    async seatsTaken(tx: Executor, teamId: string, now: Date): Promise<number> {
      // the team row is locked first, so two invitations at once cannot both take the last seat
      await tx.execute(sql`select 1 from ${teams} where ${teams.id} = ${teamId} for update`);
      const [members] = await tx
        .select({ n: count() })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, teamId));
      const [pending] = await tx
        .select({ n: count() })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.teamId, teamId),
            isNull(teamInvitations.acceptedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        );
      return (members?.n ?? 0) + (pending?.n ?? 0);
    },

    async insertTeam(tx: Transaction, ownerId: string, name: string) {
      const [team] = await tx.insert(teams).values({ ownerId, name }).returning();
      await tx.insert(teamMembers).values({ teamId: team!.id, userId: ownerId });
      return team!;
    },

    async findPendingByEmail(tx: Executor, teamId: string, email: string, now: Date) {
      const [row] = await tx
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.teamId, teamId),
            sql`lower(${teamInvitations.email}) = ${email.toLowerCase()}`,
            isNull(teamInvitations.acceptedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        );
      return row;
    },

    async insertInvitation(tx: Executor, values: typeof teamInvitations.$inferInsert) {
      const [row] = await tx.insert(teamInvitations).values(values).returning();
      return row!;
    },

    async findInvitationByHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: teamInvitations.id,
          teamId: teamInvitations.teamId,
          email: teamInvitations.email,
          expiresAt: teamInvitations.expiresAt,
          acceptedAt: teamInvitations.acceptedAt,
          teamName: teams.name,
          ownerId: teams.ownerId,
          ownerName: user.name,
        })
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .innerJoin(user, eq(user.id, teams.ownerId))
        .where(eq(teamInvitations.tokenHash, tokenHash));
      return row;
    },

    /** Marks an invitation used; false when another request used it first. */
    async markAccepted(tx: Transaction, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(teamInvitations)
        .set({ acceptedAt: now })
        .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt)))
        .returning({ id: teamInvitations.id });
      return rows.length > 0;
    },

    async deleteInvitation(teamId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(teamInvitations)
        .where(
          and(
            eq(teamInvitations.teamId, teamId),
            eq(teamInvitations.id, id),
            isNull(teamInvitations.acceptedAt),
          ),
        )
        .returning({ id: teamInvitations.id });
      return rows.length > 0;
    },

    async insertMember(tx: Transaction, teamId: string, userId: string, now: Date) {
      await tx.insert(teamMembers).values({ teamId, userId, joinedAt: now });
    },

    async deleteMember(tx: Transaction, teamId: string, userId: string): Promise<boolean> {
      const rows = await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return rows.length > 0;
    },

    /** The team's saved tests, newest first, with their owners' names. */
    async libraryTests(teamId: string) {
      return db
        .select({ test: tests, ownerName: user.name })
        .from(tests)
        .innerJoin(teamMembers, eq(teamMembers.userId, tests.userId))
        .innerJoin(user, eq(user.id, tests.userId))
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(desc(tests.lastSaved));
    },

    async findLibraryTest(teamId: string, testId: string) {
      const [row] = await db
        .select({ test: tests, ownerName: user.name })
        .from(tests)
        .innerJoin(teamMembers, eq(teamMembers.userId, tests.userId))
        .innerJoin(user, eq(user.id, tests.userId))
        .where(and(eq(teamMembers.teamId, teamId), eq(tests.id, testId)));
      return row;
    },

    async insertTest(values: typeof tests.$inferInsert) {
      await db.insert(tests).values(values);
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
