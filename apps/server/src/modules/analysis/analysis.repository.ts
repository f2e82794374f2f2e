import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AnalysisResult, SavedTest } from '@korrigo/domain';
import {
  aiRuns,
  analyses,
  analysisChanges,
  analysisFiles,
  classes,
  classStudents,
  courseStudents,
  courseTeachers,
  courses,
  gradeReleaseEvents,
  tests,
  user,
  type StoredExtractionPage,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { accountTypeOf } from '../profile/profile.repository';
import { toSavedTest } from '../test-creator/test-creator.repository';

export type AnalysisRow = typeof analyses.$inferSelect;

/**
 * The database announces every change of a user's analyses here, with the user's id (migration 0006, a
 * trigger): whatever writes them, in whatever process. The history and the dashboard keep their answers
 * until then (platform/user-read-cache.ts).
 */
export const ANALYSES_CHANGED_CHANNEL = 'analyses_changed';

/**
 * Every change of an analysis's status is announced here with `{ id, userId }` (migration 0009, a trigger),
 * whichever process made it; the analysis event streams listen (analysis.events.ts, ADR 0009).
 */
export const ANALYSIS_STATUS_CHANNEL = 'analysis_status';

/** The columns a list row needs (lists, history, dashboard); the result JSON (tens of kilobytes) stays in the table. */
export const listColumns = {
  id: analyses.id,
  status: analyses.status,
  title: analyses.title,
  studentName: analyses.studentName,
  gradeLevel: analyses.gradeLevel,
  subject: analyses.subject,
  grade: analyses.grade,
  achievedPoints: analyses.achievedPoints,
  totalPoints: analyses.totalPoints,
  reviewState: analyses.reviewState,
  createdAt: analyses.createdAt,
  // the Analysis record (spec 001 §3): a few short columns, shown in the history and on the dashboard
  courseId: analyses.courseId,
  courseName: analyses.courseName,
  classStudentId: analyses.classStudentId,
  schoolId: analyses.schoolId,
  classId: analyses.classId,
};
export type AnalysisListRow = { [K in keyof typeof listColumns]: AnalysisRow[K] };
export type AnalysisValues = typeof analyses.$inferInsert;
export type AnalysisFileRow = typeof analysisFiles.$inferSelect;
export type AiRunValues = typeof aiRuns.$inferInsert;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Result columns kept beside the JSON so lists need not read it. */
function summaryOf(result: AnalysisResult) {
  return {
    title: result.title,
    subject: result.metadata.subject,
    studentName: result.metadata.student_name,
    gradeLevel: result.metadata.grade_level,
    grade: result.grade,
    achievedPoints: result.achieved_points,
    totalPoints: result.total_points,
  };
}

export function createAnalysisRepository(db: Database) {
  /**
   * Changes the user's graded analysis while it is not confirmed and logs the change, inside the caller's
   * transaction; false when there is none such (another user's, being graded again, or confirmed in the
   * meantime).
   */
  async function changeUnconfirmedIn(
    tx: Executor,
    id: string,
    userId: string,
    values: Partial<typeof analyses.$inferInsert>,
    changes: Record<string, unknown>[],
    now: Date,
  ): Promise<boolean> {
    const rows = await tx
      .update(analyses)
      .set(values)
      .where(
        and(
          eq(analyses.id, id),
          eq(analyses.userId, userId),
          eq(analyses.status, 'done'),
          eq(analyses.reviewState, 'suggested'),
        ),
      )
      .returning({ id: analyses.id });
    if (rows.length === 0) return false;
    await tx
      .insert(analysisChanges)
      .values(changes.map((change) => ({ analysisId: id, userId, change, createdAt: now })));
    return true;
  }

  /** As changeUnconfirmedIn, in a transaction of its own. */
  function changeUnconfirmed(
    id: string,
    userId: string,
    values: Partial<typeof analyses.$inferInsert>,
    changes: Record<string, unknown>[],
    now: Date,
  ): Promise<boolean> {
    return db.transaction((tx) => changeUnconfirmedIn(tx, id, userId, values, changes, now));
  }

  /**
   * The teacher's confirmation of a graded result, logged (issue 5 §5), with the result as it stands
   * confirmed (its review flags answered: analysis.review.ts `confirmedResult`).
   */
  function confirmIn(
    tx: Executor,
    id: string,
    userId: string,
    now: Date,
    result: AnalysisResult,
  ): Promise<boolean> {
    return changeUnconfirmedIn(
      tx,
      id,
      userId,
      { reviewState: 'confirmed', confirmedAt: now, updatedAt: now, result, ...summaryOf(result) },
      [{ type: 'confirm' }],
      now,
    );
  }

  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The user's own saved test as the grading engine reads it; another user's id finds nothing. */
    async findOwnedTest(userId: string, testId: string): Promise<SavedTest | undefined> {
      const [row] = await db
        .select()
        .from(tests)
        .where(and(eq(tests.id, testId), eq(tests.userId, userId)));
      return row ? toSavedTest(row) : undefined;
    },

    /** The course if the user teaches it (spec 001 §6), with its school; another teacher's finds nothing. */
    async findTaughtCourse(userId: string, courseId: string) {
      const [row] = await db
        .select({ id: courses.id, name: courses.name, schoolId: courses.schoolId })
        .from(courses)
        .innerJoin(
          courseTeachers,
          and(eq(courseTeachers.courseId, courses.id), eq(courseTeachers.userId, userId)),
        )
        .where(eq(courses.id, courseId));
      return row;
    },

    /** The roster entry if it is a participant of the course (course_students), with its class. */
    /**
     * The name of a course-linked paper's class (its pupil's class on the roster), for the result's 'Klasse'
     * when the teacher chose none (issue 34 §8); undefined when the class is gone.
     */
    async className(classId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: classes.name }).from(classes).where(eq(classes.id, classId));
      return row?.name;
    },

    async findParticipant(courseId: string, classStudentId: string) {
      const [row] = await db
        .select({ id: classStudents.id, name: classStudents.name, classId: classStudents.classId })
        .from(courseStudents)
        .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
        .where(and(eq(courseStudents.courseId, courseId), eq(courseStudents.classStudentId, classStudentId)));
      return row;
    },

    async insert(tx: Executor, values: AnalysisValues): Promise<AnalysisRow> {
      const [row] = await tx.insert(analyses).values(values).returning();
      return row!;
    },

    async insertFiles(tx: Executor, rows: (typeof analysisFiles.$inferInsert)[]) {
      if (rows.length > 0) await tx.insert(analysisFiles).values(rows);
    },

    /** Who reads an analysis's result: a student's own speaks to her (ADR 0013). */
    async readerOf(userId: string): Promise<'teacher' | 'student'> {
      return (await accountTypeOf(db, userId)) === 'student' ? 'student' : 'teacher';
    },

    async findById(id: string): Promise<AnalysisRow | undefined> {
      const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
      return row;
    },

    async findOwned(userId: string, id: string): Promise<AnalysisRow | undefined> {
      const [row] = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
      return row;
    },

    async listOwned(userId: string): Promise<AnalysisListRow[]> {
      return db
        .select(listColumns)
        .from(analyses)
        .where(eq(analyses.userId, userId))
        .orderBy(desc(analyses.createdAt));
    },

    async listFiles(analysisId: string): Promise<AnalysisFileRow[]> {
      return db
        .select()
        .from(analysisFiles)
        .where(eq(analysisFiles.analysisId, analysisId))
        .orderBy(asc(analysisFiles.position));
    },

    async listChanges(analysisId: string) {
      return db
        .select()
        .from(analysisChanges)
        .where(eq(analysisChanges.analysisId, analysisId))
        .orderBy(asc(analysisChanges.createdAt), asc(analysisChanges.seq));
    },

    /**
     * What the audit trail of an analysis is made of (issue 19 point 3), oldest first: its grading runs, its
     * change log with the names of who changed it, and its grade records (a pupil's release) with the pupil's
     * and the releasing teacher's names. The caller has checked that the analysis is the user's.
     */
    async auditOf(analysisId: string) {
      const [runs, changes, releases] = await Promise.all([
        db.select().from(aiRuns).where(eq(aiRuns.analysisId, analysisId)).orderBy(asc(aiRuns.createdAt)),
        db
          .select({ change: analysisChanges.change, createdAt: analysisChanges.createdAt, by: user.name })
          .from(analysisChanges)
          .innerJoin(user, eq(user.id, analysisChanges.userId))
          .where(eq(analysisChanges.analysisId, analysisId))
          .orderBy(asc(analysisChanges.createdAt), asc(analysisChanges.seq)),
        db
          .select()
          .from(gradeReleaseEvents)
          .where(eq(gradeReleaseEvents.analysisId, analysisId))
          .orderBy(asc(gradeReleaseEvents.createdAt), asc(gradeReleaseEvents.seq)),
      ]);
      return { runs, changes, releases };
    },

    /** The names of users by id (who released a grade); an id not found is left out. */
    async userNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** One stored file of the user's own analysis; another user's analysis or file finds nothing. */
    async findOwnedFile(userId: string, analysisId: string, fileId: string) {
      const [row] = await db
        .select({ file: analysisFiles })
        .from(analysisFiles)
        .innerJoin(analyses, eq(analyses.id, analysisFiles.analysisId))
        .where(
          and(
            eq(analysisFiles.id, fileId),
            eq(analysisFiles.analysisId, analysisId),
            eq(analyses.userId, userId),
          ),
        );
      return row?.file;
    },

    async saveExtraction(id: string, text: string, pages: StoredExtractionPage[], now: Date) {
      await db
        .update(analyses)
        .set({ extractedText: text, extractionPages: pages, updatedAt: now })
        .where(and(eq(analyses.id, id), eq(analyses.status, 'processing')));
    },

    /**
     * The job read text from pixels: the analysis waits with it for the teacher (ADR 0009). Only a
     * `processing` analysis moves, so a second run finds no row.
     */
    async awaitTranscription(
      tx: Executor,
      id: string,
      text: string,
      pages: StoredExtractionPage[],
      now: Date,
    ): Promise<AnalysisRow | undefined> {
      const [row] = await tx
        .update(analyses)
        .set({ status: 'needs_transcription', extractedText: text, extractionPages: pages, updatedAt: now })
        .where(and(eq(analyses.id, id), eq(analyses.status, 'processing')))
        .returning();
      return row;
    },

    /**
     * The teacher's checked text replaces the recognised one and the analysis is `processing` again; false
     * when it is not the user's or not waiting (sent twice, or another tab was quicker).
     */
    async resumeWithTranscription(
      tx: Executor,
      id: string,
      userId: string,
      text: string,
      now: Date,
    ): Promise<boolean> {
      const rows = await tx
        .update(analyses)
        .set({ status: 'processing', extractedText: text, transcriptionCheckedAt: now, updatedAt: now })
        .where(
          and(eq(analyses.id, id), eq(analyses.userId, userId), eq(analyses.status, 'needs_transcription')),
        )
        .returning({ id: analyses.id });
      return rows.length > 0;
    },

    /** Stores the result once: only a `processing` analysis takes it, so a second run finds no row. */
    async complete(
      tx: Executor,
      id: string,
      result: AnalysisResult,
      now: Date,
    ): Promise<AnalysisRow | undefined> {
      const [row] = await tx
        .update(analyses)
        .set({
          status: 'done',
          result,
          suggestedResult: result,
          ...summaryOf(result),
          errorMessage: null,
          updatedAt: now,
          completedAt: now,
        })
        .where(and(eq(analyses.id, id), eq(analyses.status, 'processing')))
        .returning();
      return row;
    },

    async markFailed(tx: Executor, id: string, message: string, now: Date): Promise<AnalysisRow | undefined> {
      const [row] = await tx
        .update(analyses)
        .set({ status: 'failed', errorMessage: message, updatedAt: now, completedAt: now })
        .where(and(eq(analyses.id, id), eq(analyses.status, 'processing')))
        .returning();
      return row;
    },

    async insertAiRun(tx: Executor, values: AiRunValues) {
      await tx.insert(aiRuns).values(values);
    },

    async listAiRuns(analysisId: string) {
      return db.select().from(aiRuns).where(eq(aiRuns.analysisId, analysisId));
    },

    /** Replaces the reviewed result (the suggestion stays) and logs the change, in one transaction. */
    saveReview(
      id: string,
      userId: string,
      result: AnalysisResult,
      changes: Record<string, unknown>[],
      now: Date,
    ): Promise<boolean> {
      return changeUnconfirmed(id, userId, { result, ...summaryOf(result), updatedAt: now }, changes, now);
    },

    /** As saveReview, inside the caller's transaction (a class set's change for a group of papers). */
    saveReviewIn(
      tx: Executor,
      id: string,
      userId: string,
      result: AnalysisResult,
      changes: Record<string, unknown>[],
      now: Date,
    ): Promise<boolean> {
      return changeUnconfirmedIn(
        tx,
        id,
        userId,
        { result, ...summaryOf(result), updatedAt: now },
        changes,
        now,
      );
    },

    /**
     * Takes the user's confirmed result back to a suggestion and logs it with the state before and after, in
     * one transaction; false when there is none such (another user's, or not confirmed any more).
     */
    reopen(id: string, userId: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [was] = await tx
          .select({ confirmedAt: analyses.confirmedAt })
          .from(analyses)
          .where(
            and(
              eq(analyses.id, id),
              eq(analyses.userId, userId),
              eq(analyses.status, 'done'),
              eq(analyses.reviewState, 'confirmed'),
            ),
          )
          .for('update');
        if (!was) return false;
        await tx
          .update(analyses)
          .set({ reviewState: 'suggested', confirmedAt: null, updatedAt: now })
          .where(eq(analyses.id, id));
        await tx.insert(analysisChanges).values({
          analysisId: id,
          userId,
          change: {
            type: 'reopen',
            before: { reviewState: 'confirmed', confirmedAt: was.confirmedAt?.toISOString() ?? null },
            after: { reviewState: 'suggested', confirmedAt: null },
          },
          createdAt: now,
        });
        return true;
      });
    },

    /** As confirm, inside the caller's transaction (a class set's papers confirmed at once). */
    confirmIn,
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
