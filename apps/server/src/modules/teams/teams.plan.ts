import { eq, sql } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema';
import type { Executor } from '../../platform/db';
import { applyPlan } from '../plans/plans.service';
import { planOutsideTeam } from './teams.repository';

/** A teacher who left a team (or whose team ended) gets her own subscription's plan back, else Free. */
export async function fallBackFromTeam(executor: Executor, userId: string): Promise<void> {
  const plan = await planOutsideTeam(executor, userId);
  if (plan) await applyPlan(executor, userId, plan);
}

/** A teacher who joins a team shares its plan's limits: Pro Team (an Enterprise account keeps its own). */
export async function joinTeamPlan(executor: Executor, userId: string, currentPlan: string): Promise<void> {
  if (currentPlan !== 'enterprise') await applyPlan(executor, userId, 'pro_team');
}

/**
 * For billing: the owner's Pro Team subscription has ended (or the owner dissolves the team). Every other
 * member falls back to her own plan, and the team with its invitations is deleted (ADR 0020). Saved tests stay
 * with whoever wrote them. The owner's own plan is the caller's to set. Run it in the transaction that ends
 * the subscription.
 */
export async function endTeamPlan(tx: Executor, ownerId: string): Promise<void> {
  const members = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teams.ownerId, ownerId));
  for (const member of members) {
    if (member.userId !== ownerId) await fallBackFromTeam(tx, member.userId);
  }
  // Executor has no delete (platform/db.ts): members and invitations go with the team (ON DELETE CASCADE)
  await tx.execute(sql`delete from ${teams} where ${teams.ownerId} = ${ownerId}`);
}
