import crypto from 'node:crypto';
import {
  createInvitationRequestSchema,
  formatInvitationCode,
  invitationCodeAlphabet,
  invitationCodeLength,
  invitationMessages,
  normalizeInvitationCode,
  type AcceptInvitationResponse,
  type CreateInvitationRequest,
  type InvitationList,
  type InvitationPreview,
  type MyClasses,
  type SentInvitation,
  type StudentClass,
} from '@korrigo/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Executor } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import { invitationMail } from './invitations.mails';
import type { InvitationsRepository, InvitationWithNames } from './invitations.repository';

type Clock = () => Date;

/** A fresh code from the unambiguous alphabet: 32^8 ≈ 10^12 codes, drawn with crypto randomness. */
export function drawInvitationCode(): string {
  let code = '';
  for (let i = 0; i < invitationCodeLength; i += 1) {
    code += invitationCodeAlphabet[crypto.randomInt(invitationCodeAlphabet.length)];
  }
  return code;
}

const gone = () => new AppError('not_found', invitationMessages.notFound);

function toSent(row: InvitationWithNames): SentInvitation {
  return {
    id: row.id,
    kind: row.kind,
    code: formatInvitationCode(row.code),
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    classId: row.classId,
    className: row.className,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Invitations (issue 15 §1, §3). Teachers invite colleagues into a school they teach at and students into a
 * class they teach (else 404); with an e-mail the invitation is personal, mailed and used once, without it is
 * the join code of the school or class until revoked. Accepting makes a teacher a school teacher (she sees the
 * school, and its classes only where she becomes a class teacher) and a student a member of the class: her
 * account takes over the named roster entry, else the entry with her e-mail, else a new one.
 *
 * Verified before trusted (issue 31): an address counts as the account's own once it is confirmed, or when
 * the code of a personal invitation to it is used, since that code went only to the mailbox (and to its
 * sender). So personal invitations are listed only to a confirmed address (a listed code proves nothing), and
 * an unconfirmed account joining by a join code takes over nobody's entry and claims no address on the roster.
 */
export function createInvitationsService(deps: {
  repository: InvitationsRepository;
  mailer: Mailer;
  now?: Clock;
}) {
  const { repository, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireTeacher(userId: string) {
    if ((await repository.findAccountType(userId)) !== 'teacher') throw forbidden();
  }

  async function insertWithFreshCode(values: Omit<Parameters<InvitationsRepository['insert']>[0], 'code'>) {
    // a taken code (one in 10^12 per invitation) is simply drawn again
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const id = await repository.insert({ ...values, code: drawInvitationCode() });
      if (id) return id;
    }
    throw new Error('no free invitation code after 5 draws');
  }

  /**
   * The invitation behind a typed or linked code as the signed-in user may use it: unknown, revoked and used
   * personal invitations are gone (404); a personal one for another e-mail says so (403).
   */
  async function usable(userId: string, rawCode: string) {
    const code = normalizeInvitationCode(rawCode);
    if (!code) throw new AppError('validation', invitationMessages.invalidCode);
    const found = await repository.findByCode(code);
    if (!found || found.revokedAt) throw gone();
    const account = await repository.findUser(userId);
    if (!account) throw gone();
    if (found.email) {
      if (found.acceptedBy && found.acceptedBy !== userId) throw gone();
      if (found.email.toLowerCase() !== account.email.toLowerCase()) {
        throw new AppError('forbidden', invitationMessages.wrongEmail);
      }
    }
    return { invitation: found, account };
  }

  async function checkAccountType(userId: string, invitation: InvitationWithNames) {
    const accountType = await repository.findAccountType(userId);
    if (invitation.kind === 'school_teacher' && accountType !== 'teacher') {
      throw new AppError('forbidden', invitationMessages.studentCannotJoinSchool);
    }
    if (invitation.kind === 'class_student' && accountType !== 'student') {
      throw new AppError('forbidden', invitationMessages.teacherCannotJoinClass);
    }
  }

  /**
   * The pupil becomes a member of the class (issue 15 §3): her account takes over the named roster entry, else
   * the entry with her (proven) e-mail, else a new one, which joins the class's courses. Returns her entry.
   */
  async function joinClassIn(
    tx: Executor,
    classId: string,
    account: { id: string; name: string; email: string },
    claim: { classStudentId: string | null; addressProven: boolean },
  ): Promise<string> {
    await repository.lockUser(tx, account.id);
    // accepting twice, or a second code of a class she is in: nothing more to do
    const present = await repository.rosterEntryOfUser(tx, classId, account.id);
    if (present) return present.id;
    if (
      claim.classStudentId !== null &&
      (await repository.claimRosterEntry(tx, claim.classStudentId, account.id))
    )
      return claim.classStudentId;
    const byEmail = await repository.unclaimedEntryByEmail(tx, classId, account.email);
    if (byEmail) {
      // the entry may be hers: she confirms the address and comes back, rather than join twice
      if (!claim.addressProven) throw new AppError('forbidden', invitationMessages.confirmEmailToJoin);
      if (await repository.claimRosterEntry(tx, byEmail.id, account.id)) return byEmail.id;
    }
    return repository.addJoinedStudent(tx, {
      classId,
      name: account.name,
      email: claim.addressProven ? account.email : null,
      userId: account.id,
    });
  }

  return {
    /**
     * A pupil's membership of a class without an invitation code, for a caller that has already decided she
     * belongs (an LMS launch, ADR 0031): the same join as accepting, taking over `classStudentId` when free.
     */
    async joinClass(userId: string, classId: string, classStudentId: string | null): Promise<string> {
      const account = await repository.findUser(userId);
      if (!account) throw notFound();
      return repository.transaction((tx) =>
        joinClassIn(tx, classId, account, { classStudentId, addressProven: account.emailVerified }),
      );
    },

    async create(userId: string, input: CreateInvitationRequest, linkBase: string): Promise<SentInvitation> {
      const request = createInvitationRequestSchema.parse(input);
      await requireTeacher(userId);
      let target: { schoolId: string; classId: string | null; schoolName: string; className: string | null };
      let email = request.email ?? null;
      let classStudentId: string | null = null;
      if (request.kind === 'school_teacher') {
        const school = await repository.teachersSchool(userId, request.schoolId);
        if (!school) throw notFound();
        target = { schoolId: school.id, classId: null, schoolName: school.name, className: null };
      } else {
        const found = await repository.teachersClass(userId, request.classId);
        if (!found) throw notFound();
        target = {
          schoolId: found.schoolId,
          classId: found.id,
          schoolName: found.schoolName,
          className: found.name,
        };
        if (request.classStudentId) {
          const entry = await repository.findRosterEntry(found.id, request.classStudentId);
          if (!entry) throw notFound();
          classStudentId = entry.id;
          // a roster entry is invited at its own e-mail unless the teacher gives another
          email ??= entry.email;
          if (!email) {
            throw new AppError('validation', invitationMessages.emailRequired, {
              fields: { email: invitationMessages.emailRequired },
            });
          }
        }
      }

      if (!email) {
        // one join code per school or class: asking again answers the one there is
        const present = await repository.findJoinCode(
          target.classId ? { classId: target.classId } : { schoolId: target.schoolId },
        );
        if (present) return toSent(present);
      }
      const id = await insertWithFreshCode({
        kind: request.kind,
        schoolId: target.schoolId,
        classId: target.classId,
        email,
        classStudentId,
        invitedBy: userId,
      });
      const created = (await repository.findById(id))!;
      if (email) {
        await mailer.send(
          invitationMail({
            to: email,
            kind: request.kind,
            inviterName: created.invitedByName,
            schoolName: target.schoolName,
            className: target.className,
            code: formatInvitationCode(created.code),
            url: `${linkBase}/einladung/${formatInvitationCode(created.code)}`,
          }),
        );
      }
      return toSent(created);
    },

    async list(userId: string): Promise<InvitationList> {
      const account = await repository.findUser(userId);
      const accountType = await repository.findAccountType(userId);
      const emailVerified = account?.emailVerified ?? false;
      const received = account && emailVerified ? await repository.listReceived(account.email) : [];
      return {
        emailVerified,
        received: received.map((row) => ({
          id: row.id,
          kind: row.kind,
          code: formatInvitationCode(row.code),
          schoolName: row.schoolName,
          className: row.className,
          invitedByName: row.invitedByName,
          createdAt: row.createdAt.toISOString(),
        })),
        sent: accountType === 'teacher' ? (await repository.listSent(userId)).map(toSent) : [],
      };
    },

    /**
     * What the invitation page shows to whoever holds the link, signed in or not (issue 34 §5): a pupil without
     * an account reads which class of which school and whose invitation it is before she signs up. The code is
     * the capability, as for accepting; a personal invitation's code went only to its mailbox. Only the names
     * the page shows: no address, no ids. A code that is not one, unknown, revoked or used: the German 404.
     */
    async details(rawCode: string): Promise<InvitationPreview> {
      const code = normalizeInvitationCode(rawCode);
      const found = code ? await repository.findByCode(code) : undefined;
      if (!found || found.revokedAt || (found.email && found.acceptedBy)) throw gone();
      return {
        kind: found.kind,
        code: formatInvitationCode(found.code),
        schoolName: found.schoolName,
        className: found.className,
        invitedByName: found.invitedByName,
        personal: found.email !== null,
      };
    },

    async preview(userId: string, code: string): Promise<InvitationPreview> {
      const { invitation } = await usable(userId, code);
      return {
        kind: invitation.kind,
        code: formatInvitationCode(invitation.code),
        schoolName: invitation.schoolName,
        className: invitation.className,
        invitedByName: invitation.invitedByName,
        personal: invitation.email !== null,
      };
    },

    async accept(userId: string, code: string): Promise<AcceptInvitationResponse> {
      const { invitation, account } = await usable(userId, code);
      await checkAccountType(userId, invitation);
      const result = { kind: invitation.kind, schoolId: invitation.schoolId, classId: invitation.classId };
      // usable() has matched a personal invitation's address to the account's
      const addressProven = account.emailVerified || invitation.email !== null;
      await repository.transaction(async (tx) => {
        if (invitation.kind === 'school_teacher') {
          await repository.addSchoolTeacher(tx, invitation.schoolId, userId);
        } else {
          await joinClassIn(tx, invitation.classId!, account, {
            classStudentId: invitation.classStudentId,
            addressProven,
          });
        }
        if (invitation.email && !invitation.acceptedAt) {
          await repository.markAccepted(tx, invitation.id, userId, now());
        }
      });
      return result;
    },

    /** A personal invitation to the user's e-mail, turned down: it leaves her list and the sender's. */
    async decline(userId: string, code: string): Promise<void> {
      const { invitation } = await usable(userId, code);
      if (!invitation.email || invitation.acceptedAt) throw gone();
      await repository.revoke(invitation.id, now());
    },

    /** Revoked by its sender or another teacher of its class or school; to anyone else it is not found. */
    async revoke(userId: string, id: string): Promise<void> {
      await requireTeacher(userId);
      const invitation = await repository.findById(id);
      if (!invitation || invitation.revokedAt) throw notFound();
      const allowed =
        invitation.invitedBy === userId ||
        (invitation.classId
          ? (await repository.teachersClass(userId, invitation.classId)) !== undefined
          : (await repository.teachersSchool(userId, invitation.schoolId)) !== undefined);
      if (!allowed) throw notFound();
      await repository.revoke(id, now());
    },

    /** The student's own classes and courses (issue 15 §3): names and teachers, never other students. */
    async myClasses(userId: string): Promise<MyClasses> {
      return {
        classes: await repository.studentClasses(userId),
        courses: await repository.studentCourses(userId),
      };
    },

    async myClass(userId: string, classId: string): Promise<StudentClass> {
      const [found] = await repository.studentClasses(userId, classId);
      if (!found) throw notFound();
      return found;
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
