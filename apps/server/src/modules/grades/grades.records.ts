import {
  classEvaluationMessages,
  gradedTextOf,
  gradeLink,
  gradeNotificationMessages,
  gradeRecordTypes,
  withoutOverriddenErrors,
  type AnalysisResult,
} from '@korrigo/domain';
import type { Executor } from '../../platform/db';
import type { NotificationsService } from '../notifications/notifications.service';
import type { GradeRecordRow, GradeRecordValues, GradesRepository } from './grades.repository';

/** What a release stores: the record without its times (the clock's) and the snapshot (the analysis's). */
export type ReleaseValues = Omit<
  GradeRecordValues,
  'createdAt' | 'updatedAt' | 'releasedResult' | 'releasedText'
>;

/** The figures of an analysis as a record copies them. */
type AnalysisFigures = {
  title: string;
  grade: string | null;
  achievedPoints: number | null;
  totalPoints: number | null;
};

/**
 * The one place grade records are written (issue 17 §1): a teacher's release (class set or single analysis),
 * the refresh when a released result is confirmed again, and the student's self-check. Each call runs inside
 * the caller's transaction, so a record never exists without what made it, and the student's notification
 * is part of the same commit.
 */
export function createGradeRecords(deps: {
  repository: GradesRepository;
  notifications: Pick<NotificationsService, 'create'>;
  /**
   * Grades back to an LMS (issue 35 §2): told of every record given to or updated for a pupil, in the same
   * transaction; it decides whether the record goes anywhere (modules/lti/lti.grades.ts)
   */
  deliveries?: { enqueue(tx: Executor, record: GradeRecordRow): Promise<void> };
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** The trail's entry for a record given to its pupil, with the figures and names of this moment. */
  async function appendEvent(
    tx: Executor,
    kind: 'released' | 'release_updated',
    row: GradeRecordRow,
    at: Date,
  ) {
    const names = await repository.userNamesIn(tx, [row.userId, ...(row.releasedBy ? [row.releasedBy] : [])]);
    await repository.appendReleaseEvent(tx, {
      analysisId: row.analysisId,
      kind,
      pupilUserId: row.userId,
      pupilName: names.get(row.userId) ?? '',
      releasedBy: row.releasedBy,
      releasedByName: row.releasedBy ? (names.get(row.releasedBy) ?? null) : null,
      type: row.type,
      title: row.title,
      achievedPoints: row.achievedPoints,
      totalPoints: row.totalPoints,
      grade: row.grade,
      createdAt: at,
    });
  }

  return {
    /**
     * Whether the analysis can be released to its pupil (issue 17 §1: confirmed, linked to a roster entry whose
     * pupil has an account), her name, and when it was released to her.
     */
    async releaseState(analysis: {
      id: string;
      status: string;
      reviewState: string;
      classStudentId: string | null;
    }): Promise<{ possible: boolean; studentName: string | null; releasedAt: string | null }> {
      const student = analysis.classStudentId
        ? await repository.linkedStudent(analysis.id, analysis.classStudentId)
        : undefined;
      if (!student) return { possible: false, studentName: null, releasedAt: null };
      return {
        possible:
          analysis.status === 'done' && analysis.reviewState === 'confirmed' && student.userId !== null,
        studentName: student.name,
        releasedAt: student.record?.createdAt.toISOString() ?? null,
      };
    },

    /**
     * A confirmed result released to its pupil: her record (made once, its figures brought up to date by a
     * second release) and the 'Neue Note' notification, sent once per analysis and pupil.
     */
    async release(tx: Executor, values: ReleaseValues): Promise<GradeRecordRow> {
      const at = now();
      const analysis = await repository.analysisIn(tx, values.analysisId);
      const before = (await repository.recordsOfAnalysisIn(tx, values.analysisId)).find(
        (row) => row.userId === values.userId,
      );
      const row = await repository.upsert(tx, {
        ...values,
        ...(analysis ? snapshotOf(analysis) : {}),
        createdAt: at,
        updatedAt: at,
      });
      // a second release of figures she already has is no event of the trail
      if (!before || !sameFigures(before, row)) {
        await appendEvent(tx, before ? 'release_updated' : 'released', row, at);
      }
      await deps.deliveries?.enqueue(tx, row);
      await deps.notifications.create(
        tx,
        values.userId,
        {
          type: 'success',
          priority: 'normal',
          title: classEvaluationMessages.releasedTitle,
          message: values.grade
            ? classEvaluationMessages.releasedMessage(row.title, values.grade)
            : classEvaluationMessages.releasedMessageWithoutGrade(row.title),
          metadata: {
            title: row.title,
            testTitle: row.title,
            category: 'grade',
            relativeLink: gradeLink(values.analysisId),
          },
        },
        { dedupeKey: `grade-released:${values.analysisId}:${values.userId}`, createdAt: at },
      );
      return row;
    },

    /**
     * The analysis's result changed: its records take the new figures. With `confirmedAt` (the teacher
     * confirmed a reopened result) every record follows and each pupil a teacher released it to is told,
     * once per confirmation that follows a change; without (a change before confirming) only the owner's own self-check follows,
     * since a released record shows what the teacher confirmed.
     */
    async refresh(
      tx: Executor,
      analysisId: string,
      options: { confirmedAt?: Date } = {},
    ): Promise<GradeRecordRow[]> {
      const analysis = await repository.analysisIn(tx, analysisId);
      if (!analysis || analysis.status !== 'done' || !analysis.result) return [];
      const figures = figuresOf(analysis);
      // what each pupil was told before, so that she hears of a change only when there is one
      const before = new Map(
        (await repository.recordsOfAnalysisIn(tx, analysisId)).map((row) => [row.userId, row]),
      );
      const rows = await repository.updateFigures(
        tx,
        analysisId,
        {
          achievedPoints: figures.achievedPoints,
          totalPoints: figures.totalPoints,
          grade: figures.grade,
          // a record keeps the title it was released under when the result has none
          ...(figures.title.trim() ? { title: figures.title } : {}),
          // the pupils now see what the teacher confirmed (a self-check has no snapshot: it is her live work)
          ...(options.confirmedAt ? snapshotOf(analysis) : {}),
        },
        now(),
        options.confirmedAt ? undefined : analysis.userId,
      );
      if (!options.confirmedAt) return rows;
      for (const row of rows) {
        if (row.type === gradeRecordTypes.selfCheck) continue;
        // she was given a new version, changed or not: the trail says so with its figures
        await appendEvent(tx, 'release_updated', row, options.confirmedAt);
        // the LMS gradebook gets the confirmed figures too
        await deps.deliveries?.enqueue(tx, row);
        // confirmed again with the same grade and points (a changed feedback, or no change): nothing to tell
        const was = before.get(row.userId);
        if (!was || sameFigures(was, row)) continue;
        await deps.notifications.create(
          tx,
          row.userId,
          {
            type: 'info',
            priority: 'normal',
            title: gradeNotificationMessages.updatedTitle,
            message: gradeNotificationMessages.updatedMessage(
              row.title,
              { from: was.grade, to: row.grade },
              { from: pointsText(was), to: pointsText(row) },
            ),
            metadata: {
              title: row.title,
              testTitle: row.title,
              category: 'grade',
              relativeLink: gradeLink(analysisId),
            },
          },
          {
            // a second change (a later confirmation) is news again
            dedupeKey: `grade-updated:${analysisId}:${row.userId}:${options.confirmedAt.toISOString()}`,
            createdAt: now(),
          },
        );
      }
      return rows;
    },

    /**
     * A student's own finished analysis becomes her self-check (issue 17 §1): shown in her learning profile,
     * not counted in the averages, and never announced. A teacher's analysis makes none.
     */
    async selfCheck(tx: Executor, analysisId: string): Promise<GradeRecordRow | undefined> {
      const analysis = await repository.analysisIn(tx, analysisId);
      if (!analysis || analysis.status !== 'done' || !analysis.result) return undefined;
      if ((await repository.accountTypeIn(tx, analysis.userId)) !== 'student') return undefined;
      const figures = figuresOf(analysis);
      const at = now();
      return repository.upsert(tx, {
        userId: analysis.userId,
        analysisId,
        releasedBy: null,
        schoolId: analysis.schoolId,
        classId: analysis.classId,
        courseId: analysis.courseId,
        subject: subjectOf(analysis.result, analysis.subject, analysis.options.subject),
        courseName: analysis.courseName ?? '',
        type: gradeRecordTypes.selfCheck,
        title: figures.title,
        achievedPoints: figures.achievedPoints,
        totalPoints: figures.totalPoints,
        grade: figures.grade,
        createdAt: at,
        updatedAt: at,
      });
    },
  };
}

/**
 * What the pupil reads of a record (issue 33 §2): the result and text she was given at the last release or
 * confirmation; for her self-check, which has no snapshot, her own analysis as it is.
 */
export function pupilCopyOf(
  record: Pick<GradeRecordRow, 'releasedResult' | 'releasedText'>,
  analysis: { result: AnalysisResult | null; inputText: string; extractedText: string | null },
): { result: AnalysisResult | null; text: string } {
  return record.releasedResult
    ? { result: record.releasedResult, text: record.releasedText ?? '' }
    : {
        result: analysis.result ? withoutOverriddenErrors(analysis.result) : null,
        text: gradedTextOf(analysis),
      };
}

/** What the pupil is given: the result and the graded text as they are at this release or confirmation. */
function snapshotOf(analysis: {
  result: AnalysisResult | null;
  inputText: string;
  extractedText: string | null;
}) {
  // the deductions her teacher's points overrode are not hers to read (issue 33 §3)
  return {
    releasedResult: analysis.result ? withoutOverriddenErrors(analysis.result) : null,
    releasedText: gradedTextOf(analysis),
  };
}

const sameFigures = (
  a: Pick<GradeRecordRow, 'grade' | 'achievedPoints' | 'totalPoints'>,
  b: Pick<GradeRecordRow, 'grade' | 'achievedPoints' | 'totalPoints'>,
) => a.grade === b.grade && a.achievedPoints === b.achievedPoints && a.totalPoints === b.totalPoints;

function figuresOf(analysis: AnalysisFigures & { result: AnalysisResult | null }): AnalysisFigures {
  return {
    title: analysis.result?.title || analysis.title,
    grade: analysis.grade,
    achievedPoints: analysis.achievedPoints,
    totalPoints: analysis.totalPoints,
  };
}

/** „12 von 20“, „12,5“: a record's points as the pupil's table shows them */
function pointsText(row: Pick<GradeRecordRow, 'achievedPoints' | 'totalPoints'>): string {
  const de = (n: number) => n.toLocaleString('de-DE');
  if (row.achievedPoints === null) return '–';
  return row.totalPoints === null
    ? de(row.achievedPoints)
    : `${de(row.achievedPoints)} von ${de(row.totalPoints)}`;
}

/** The subject the result names, else the analysis's, else the chosen option ('Auto' names none). */
export function subjectOf(result: AnalysisResult | null, stored: string, option: string | undefined) {
  const named = [result?.metadata.subject, stored, option].find(
    (subject) => subject && subject.trim() && subject !== 'Auto',
  );
  return named?.trim() ?? '';
}

export type GradeRecords = ReturnType<typeof createGradeRecords>;
