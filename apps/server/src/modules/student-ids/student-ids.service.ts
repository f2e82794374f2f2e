import { fileTypeFromBuffer } from 'file-type';
import {
  retentionTimeZone,
  schoolYearEnd,
  studentIdDecisionSchema,
  studentIdFileTypes,
  studentIdMaxBytes,
  studentIdMessages,
  type MyStudentId,
  type StudentIdCheck,
  type StudentIdDecision,
  type StudentIdReviewList,
} from '@korrigo/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { NotificationsRepository } from '../notifications/notifications.repository';
import type { StudentIdCheckRow, StudentIdsRepository } from './student-ids.repository';
import { operatorCheck } from '../../platform/operators';

type Clock = () => Date;

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: retentionTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function toCheck(row: StudentIdCheckRow): StudentIdCheck {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    reviewNote: row.reviewNote,
  };
}

/**
 * The student ID for Premium Student (issue 20 point 4, ADR 0020). A student uploads one file at a time; a
 * teacher of her class or course (issue 31), or the operator (OPERATOR_EMAILS, verified address), approves
 * it until the end of the school year or rejects it with a note. Then the file is deleted and the student
 * notified; the decision stays. Anyone else gets 404 for an upload, its file and its decision.
 */
export function createStudentIdsService(deps: {
  repository: StudentIdsRepository;
  storage: Storage;
  notifications: Pick<NotificationsRepository, 'insert'>;
  operatorEmails: readonly string[];
  now?: Clock;
}) {
  const { repository, storage, notifications } = deps;
  const isOperator = operatorCheck(deps.operatorEmails);
  const now = deps.now ?? (() => new Date());

  async function requireStudent(userId: string) {
    const account = await repository.findAccount(userId);
    if (!account) throw notFound();
    if (account.accountType !== 'student') throw new AppError('forbidden', studentIdMessages.onlyStudents);
    return account;
  }

  /** Who may review, and whom: every student for the operator, else the teacher's classes' and courses'. */
  async function reviewerScope(userId: string) {
    const account = await repository.findAccount(userId);
    if (!account) throw notFound();
    const operator = isOperator(account);
    const reach =
      account.accountType === 'teacher'
        ? await repository.reachableStudents(userId)
        : new Map<string, string[]>();
    return { operator, reach, teacher: account.accountType === 'teacher' };
  }

  /** An upload the caller may review (pending or decided), else 404. */
  async function reviewable(userId: string, checkId: string) {
    const check = await repository.findById(checkId);
    if (!check || check.userId === userId) throw notFound();
    const scope = await reviewerScope(userId);
    if (!scope.operator && !scope.reach.has(check.userId)) throw notFound();
    return check;
  }

  return {
    async mine(userId: string): Promise<MyStudentId> {
      await requireStudent(userId);
      const [latest, until] = await Promise.all([
        repository.latest(userId),
        repository.confirmedUntil(userId, now()),
      ]);
      return { latest: latest ? toCheck(latest) : null, confirmedUntil: until?.toISOString() ?? null };
    },

    async upload(userId: string, data: Buffer): Promise<StudentIdCheck> {
      await requireStudent(userId);
      if (data.byteLength > studentIdMaxBytes) {
        throw new AppError('payload_too_large', studentIdMessages.tooLarge);
      }
      const type = data.byteLength > 0 ? await fileTypeFromBuffer(data) : undefined;
      if (!type || !(studentIdFileTypes as readonly string[]).includes(type.mime)) {
        throw new AppError('unsupported_media_type', studentIdMessages.invalidType);
      }
      const key = await storage.put(`student-ids/${userId}`, data);
      try {
        const row = await repository.transaction(async (tx) => {
          if (await repository.hasPending(tx, userId)) {
            throw new AppError('conflict', studentIdMessages.alreadyPending);
          }
          return repository.insert(tx, {
            userId,
            storageKey: key,
            mimeType: type.mime,
            sizeBytes: data.byteLength,
            createdAt: now(),
          });
        });
        return toCheck(row);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    async reviewList(userId: string): Promise<StudentIdReviewList> {
      const scope = await reviewerScope(userId);
      if (!scope.operator && !scope.teacher) throw forbidden();
      const rows = await repository.pending(scope.operator ? null : [...scope.reach.keys()]);
      return {
        operator: scope.operator,
        items: rows
          .filter(({ check }) => check.userId !== userId)
          .map(({ check, studentName, studentEmail }) => ({
            id: check.id,
            studentName,
            studentEmail,
            schoolNames: scope.reach.get(check.userId) ?? [],
            mimeType: check.mimeType,
            sizeBytes: check.sizeBytes,
            createdAt: check.createdAt.toISOString(),
          })),
      };
    },

    /** The uploaded file, for its owner and its reviewers while it is kept. */
    async file(userId: string, checkId: string): Promise<{ data: Buffer; mime: string }> {
      const check = await repository.findById(checkId);
      const mayRead = check && (check.userId === userId || (await reviewable(userId, checkId)));
      const data = mayRead && check.storageKey ? await storage.get(check.storageKey) : null;
      if (!check || !data) throw notFound();
      return { data, mime: check.mimeType };
    },

    async decide(userId: string, checkId: string, input: StudentIdDecision): Promise<StudentIdCheck> {
      const decision = studentIdDecisionSchema.parse(input);
      const check = await reviewable(userId, checkId);
      if (check.status !== 'pending') throw new AppError('conflict', studentIdMessages.alreadyDecided);
      const at = now();
      const approved = decision.decision === 'approve';
      const validUntil = approved ? schoolYearEnd(at) : null;
      const note = approved ? null : decision.note;
      const decided = await repository.transaction(async (tx) => {
        const row = await repository.decide(tx, check.id, {
          status: approved ? 'approved' : 'rejected',
          reviewedBy: userId,
          reviewNote: note,
          validUntil,
          reviewedAt: at,
        });
        if (!row) throw new AppError('conflict', studentIdMessages.alreadyDecided);
        await notifications.insert(tx, {
          userId: check.userId,
          type: approved ? 'success' : 'warning',
          priority: 'normal',
          title: approved
            ? studentIdMessages.notificationApprovedTitle
            : studentIdMessages.notificationRejectedTitle,
          message: approved
            ? studentIdMessages.notificationApproved(berlinDay.format(validUntil!))
            : studentIdMessages.notificationRejected(note!),
          metadata: { category: 'student_id', relativeLink: '/profile' },
          dedupeKey: `student-id:${check.id}`,
          createdAt: at,
        });
        return row;
      });
      // the decision is what stays; the ID itself is not kept once it has been looked at (ADR 0020)
      if (check.storageKey) await storage.delete(check.storageKey);
      return toCheck(decided);
    },
  };
}

export type StudentIdsService = ReturnType<typeof createStudentIdsService>;
