import crypto from 'node:crypto';
import {
  createTeamRequestSchema,
  duplicateTitleSuffix,
  gradingScaleIdOf,
  planHasFeature,
  teamInvitationDays,
  teamInviteRequestSchema,
  teamMaxMembers,
  teamMessages,
  type CreateTeamRequest,
  type MyTeam,
  type Team,
  type TeamInvitation,
  type TeamInvitationPreview,
  type TeamInviteRequest,
  type TeamTest,
  type TeamTestSummary,
} from '@korrigo/domain';
import { isUniqueViolation } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { featureRefusal } from '../plans/plans.service';
import { toSavedTest } from '../test-creator/test-creator.repository';
import { teamInvitationMail } from './teams.mails';
import { endTeamPlan, fallBackFromTeam, joinTeamPlan } from './teams.plan';
import type { TeamsRepository } from './teams.repository';

type Clock = () => Date;

/** Only the hash of an invitation's token is stored: a leaked table row opens no team. */
export const hashTeamToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const gone = () => new AppError('not_found', teamMessages.invitationGone);
const onlyTeachers = () => new AppError('forbidden', teamMessages.onlyTeachers);
const conflict = (message: string) => new AppError('conflict', message);

/**
 * Pro Team (issue 20 point 3, ADR 0020). An owner whose plan has the team library founds a team and invites
 * teachers by e-mail, up to five in all with herself, open invitations counted. Members share the plan
 * (profiles.plan = pro_team through applyPlan) and read each other's saved tests; leaving keeps one's own.
 * Whoever is not in the team gets 404 for its objects.
 */
export function createTeamsService(deps: { repository: TeamsRepository; mailer: Mailer; now?: Clock }) {
  const { repository, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireTeacher(userId: string) {
    const account = await repository.findAccount(userId);
    if (!account) throw notFound();
    if (account.accountType !== 'teacher') throw onlyTeachers();
    return account;
  }

  async function view(userId: string): Promise<Team | null> {
    const team = await repository.teamOf(userId);
    if (!team) return null;
    const isOwner = team.ownerId === userId;
    const members = await repository.members(team.id);
    const invitations = isOwner ? await repository.pendingInvitations(team.id, now()) : [];
    return {
      id: team.id,
      name: team.name,
      ownerName: team.ownerName,
      isOwner,
      members: members.map((member) => ({
        userId: member.userId,
        name: member.name,
        email: member.email,
        isOwner: member.userId === team.ownerId,
        joinedAt: member.joinedAt.toISOString(),
      })),
      invitations: invitations.map(toInvitation),
      maxMembers: teamMaxMembers,
    };
  }

  function toInvitation(row: {
    id: string;
    email: string;
    createdAt: Date;
    expiresAt: Date;
  }): TeamInvitation {
    return {
      id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** The team the signed-in owner owns; a member or an outsider gets 404. */
  async function ownedTeam(userId: string) {
    const team = await repository.teamOf(userId);
    if (!team || team.ownerId !== userId) throw notFound();
    return team;
  }

  /** The invitation behind a link as the signed-in teacher may use it. */
  async function usable(userId: string, token: string) {
    const invitation = await repository.findInvitationByHash(hashTeamToken(token));
    if (!invitation || invitation.acceptedAt || invitation.expiresAt <= now()) throw gone();
    const account = await repository.findAccount(userId);
    if (!account) throw gone();
    if (account.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError('forbidden', teamMessages.wrongEmail);
    }
    if (account.accountType !== 'teacher') throw onlyTeachers();
    return { invitation, account };
  }

  return {
    async mine(userId: string): Promise<MyTeam> {
      const account = await requireTeacher(userId);
      const team = await view(userId);
      return { team, canCreate: !team && planHasFeature(account.plan, 'teamLibrary') };
    },

    async create(userId: string, input: CreateTeamRequest): Promise<Team> {
      const { name } = createTeamRequestSchema.parse(input);
      const account = await requireTeacher(userId);
      if (!planHasFeature(account.plan, 'teamLibrary')) throw featureRefusal('teamLibrary', 'teacher');
      if (await repository.teamOf(userId)) throw conflict(teamMessages.alreadyInTeam);
      try {
        await repository.transaction((tx) => repository.insertTeam(tx, userId, name));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(teamMessages.alreadyInTeam);
        throw error;
      }
      return (await view(userId))!;
    },

    async invite(userId: string, input: TeamInviteRequest, linkBase: string): Promise<TeamInvitation> {
      const { email } = teamInviteRequestSchema.parse(input);
      const account = await requireTeacher(userId);
      const team = await ownedTeam(userId);
      if (!planHasFeature(account.plan, 'teamLibrary')) throw featureRefusal('teamLibrary', 'teacher');
      const invitee = await repository.findAccountByEmail(email);
      if (invitee?.accountType === 'student') {
        throw new AppError('validation', teamMessages.inviteeIsStudent, {
          fields: { email: teamMessages.inviteeIsStudent },
        });
      }
      if (invitee) {
        const theirs = await repository.teamOf(invitee.id);
        if (theirs?.id === team.id) throw conflict(teamMessages.alreadyMember);
        if (theirs) throw conflict(teamMessages.inviteeInOtherTeam);
      }
      const token = crypto.randomBytes(32).toString('base64url');
      const at = now();
      const created = await repository.transaction(async (tx) => {
        if (await repository.findPendingByEmail(tx, team.id, email, at)) {
          throw conflict(teamMessages.alreadyInvited);
        }
        if ((await repository.seatsTaken(tx, team.id, at)) >= teamMaxMembers) {
          throw conflict(teamMessages.teamFull);
        }
        return repository.insertInvitation(tx, {
          teamId: team.id,
          email,
          tokenHash: hashTeamToken(token),
          createdAt: at,
          expiresAt: new Date(at.getTime() + teamInvitationDays * 24 * 60 * 60 * 1000),
        });
      });
      await mailer.send(
        teamInvitationMail({
          to: email,
          ownerName: team.ownerName,
          teamName: team.name,
          url: `${linkBase}/team/einladung/${token}`,
        }),
      );
      return toInvitation(created);
    },

    async revoke(userId: string, invitationId: string): Promise<void> {
      const team = await ownedTeam(userId);
      if (!(await repository.deleteInvitation(team.id, invitationId))) throw notFound();
    },

    async preview(userId: string, token: string): Promise<TeamInvitationPreview> {
      const { invitation } = await usable(userId, token);
      return { teamName: invitation.teamName, ownerName: invitation.ownerName, email: invitation.email };
    },

    async accept(userId: string, token: string): Promise<Team> {
      const { invitation, account } = await usable(userId, token);
      if (await repository.teamOf(userId)) throw conflict(teamMessages.alreadyInTeam);
      // the owner's plan may have ended since the mail went out
      const owner = await repository.findAccount(invitation.ownerId);
      if (!owner || !planHasFeature(owner.plan, 'teamLibrary')) throw gone();
      const at = now();
      try {
        await repository.transaction(async (tx) => {
          if (!(await repository.markAccepted(tx, invitation.id, at))) throw gone();
          await repository.insertMember(tx, invitation.teamId, userId, at);
          await joinTeamPlan(tx, userId, account.plan);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(teamMessages.alreadyInTeam);
        throw error;
      }
      return (await view(userId))!;
    },

    async decline(userId: string, token: string): Promise<void> {
      const { invitation } = await usable(userId, token);
      await repository.deleteInvitation(invitation.teamId, invitation.id);
    },

    async removeMember(userId: string, memberId: string): Promise<void> {
      const team = await ownedTeam(userId);
      if (memberId === userId) throw new AppError('validation', teamMessages.ownerCannotBeRemoved);
      await repository.transaction(async (tx) => {
        if (!(await repository.deleteMember(tx, team.id, memberId))) throw notFound();
        await fallBackFromTeam(tx, memberId);
      });
    },

    /** A member leaves; the owner leaving dissolves the team (every member falls back). */
    async leave(userId: string): Promise<void> {
      await requireTeacher(userId);
      const team = await repository.teamOf(userId);
      if (!team) throw new AppError('not_found', teamMessages.notInTeam);
      await repository.transaction(async (tx) => {
        if (team.ownerId === userId) {
          await endTeamPlan(tx, userId);
          return;
        }
        if (await repository.deleteMember(tx, team.id, userId)) await fallBackFromTeam(tx, userId);
      });
    },

    /** The team library: every member's saved tests (the caller's own marked), none outside a team. */
    async library(userId: string): Promise<TeamTestSummary[]> {
      await requireTeacher(userId);
      const team = await repository.teamOf(userId);
      if (!team) return [];
      return (await repository.libraryTests(team.id)).map(({ test, ownerName }) => ({
        id: test.id,
        title: test.title,
        subject: test.subject,
        grade: test.grade,
        topic: test.topic,
        questionCount: test.questions.length,
        lastSaved: test.lastSaved.toISOString(),
        ownerName,
        isMine: test.userId === userId,
      }));
    },

    async libraryTest(userId: string, testId: string): Promise<TeamTest> {
      await requireTeacher(userId);
      const team = await repository.teamOf(userId);
      const found = team && (await repository.findLibraryTest(team.id, testId));
      if (!found) throw notFound();
      return { ...toSavedTest(found.test), ownerName: found.ownerName, isMine: found.test.userId === userId };
    },

    /** A copy of a team test in the caller's own tests: a new id, the title plus " (Kopie)" (spec 001 §7). */
    async duplicate(userId: string, testId: string): Promise<{ id: string; title: string }> {
      await requireTeacher(userId);
      const team = await repository.teamOf(userId);
      const found = team && (await repository.findLibraryTest(team.id, testId));
      if (!found) throw notFound();
      const source = found.test;
      const id = crypto.randomUUID();
      const title = (source.title + duplicateTitleSuffix).slice(0, 300);
      await repository.insertTest({
        id,
        userId,
        title,
        subject: source.subject,
        grade: source.grade,
        testType: source.testType,
        duration: source.duration,
        topic: source.topic,
        learningObjectives: source.learningObjectives,
        questions: source.questions,
        resources: source.resources,
        gradingScale: gradingScaleIdOf(source.gradingScale),
        lastSaved: now(),
      });
      return { id, title };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
