import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  analyses,
  classEvaluationFiles,
  classEvaluationPapers,
  classEvaluations,
  classStudents,
  courseStudents,
  gradeRecords,
} from '../../db/schema';
import type { ClassEvaluationPage, PageRef } from '@korrigo/domain';
import type { Database, Executor } from '../../platform/db';

export type ClassEvaluationRow = typeof classEvaluations.$inferSelect;
export type ClassEvaluationFileRow = typeof classEvaluationFiles.$inferSelect;

/** A paper with what its analysis has become (null columns while it has none). */
export type PaperRow = typeof classEvaluationPapers.$inferSelect & {
  status: (typeof analyses.$inferSelect)['status'] | null;
  reviewState: (typeof analyses.$inferSelect)['reviewState'] | null;
  grade: string | null;
  achievedPoints: number | null;
  totalPoints: number | null;
  errorMessage: string | null;
};

export function createClassEvaluationsRepository(db: Database) {
  return {
    /** The course's participants (course_students) in roster order, with whether an account took them over. */
    async listParticipants(courseId: string) {
      const rows = await db
        .select({
          id: classStudents.id,
          name: classStudents.name,
          classId: classStudents.classId,
          userId: classStudents.userId,
        })
        .from(courseStudents)
        .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
        .where(eq(courseStudents.courseId, courseId))
        .orderBy(asc(classStudents.name));
      return rows;
    },

    async insert(tx: Executor, values: typeof classEvaluations.$inferInsert): Promise<ClassEvaluationRow> {
      const [row] = await tx.insert(classEvaluations).values(values).returning();
      return row!;
    },

    async insertFiles(tx: Executor, rows: (typeof classEvaluationFiles.$inferInsert)[]) {
      if (rows.length > 0) await tx.insert(classEvaluationFiles).values(rows);
    },

    async insertPaper(tx: Executor, values: typeof classEvaluationPapers.$inferInsert) {
      const [row] = await tx.insert(classEvaluationPapers).values(values).returning();
      return row!;
    },

    /** The key is read: the set starts grading. Only a `preparing` set moves, so a second run finds no row. */
    async moveToGrading(
      tx: Executor,
      id: string,
      answerKeyText: string,
      now: Date,
    ): Promise<ClassEvaluationRow | undefined> {
      const [row] = await tx
        .update(classEvaluations)
        .set({ status: 'grading', answerKeyText, updatedAt: now })
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.status, 'preparing')))
        .returning();
      return row;
    },

    /** The stack is read and split: the papers wait for the teacher's check (`needs_review`). */
    async moveToReview(
      tx: Executor,
      id: string,
      values: { answerKeyText: string | null; pages: ClassEvaluationPage[] },
      now: Date,
    ): Promise<ClassEvaluationRow | undefined> {
      const [row] = await tx
        .update(classEvaluations)
        .set({ status: 'needs_review', ...values, updatedAt: now })
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.status, 'preparing')))
        .returning();
      return row;
    },

    /** The teacher's split replaces the papers, while the set is in review; false when it is not any more. */
    async saveSplit(
      tx: Executor & Pick<Database, 'delete'>,
      id: string,
      values: { discardedPages: PageRef[]; absentStudentIds: string[] },
      papers: (typeof classEvaluationPapers.$inferInsert)[],
      now: Date,
    ): Promise<boolean> {
      const rows = await tx
        .update(classEvaluations)
        .set({ ...values, updatedAt: now })
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.status, 'needs_review')))
        .returning({ id: classEvaluations.id });
      if (rows.length === 0) return false;
      await tx.delete(classEvaluationPapers).where(eq(classEvaluationPapers.evaluationId, id));
      if (papers.length > 0) await tx.insert(classEvaluationPapers).values(papers);
      return true;
    },

    /** The teacher starts grading a reviewed set; only a `needs_review` set moves, once. */
    async startReviewed(tx: Executor, id: string, now: Date): Promise<ClassEvaluationRow | undefined> {
      const [row] = await tx
        .update(classEvaluations)
        .set({ status: 'grading', updatedAt: now })
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.status, 'needs_review')))
        .returning();
      return row;
    },

    /**
     * The set an analysis is a paper of, with how many of its papers are still unsettled (neither done nor
     * failed), read inside the transaction that has just moved this one; undefined for any other analysis.
     */
    async findSetOfPaper(tx: Executor, analysisId: string) {
      const [paper] = await tx
        .select({ set: classEvaluations })
        .from(classEvaluationPapers)
        .innerJoin(classEvaluations, eq(classEvaluations.id, classEvaluationPapers.evaluationId))
        .where(eq(classEvaluationPapers.analysisId, analysisId))
        .limit(1);
      if (!paper) return undefined;
      const statuses = await tx
        .select({ status: analyses.status })
        .from(classEvaluationPapers)
        .innerJoin(analyses, eq(analyses.id, classEvaluationPapers.analysisId))
        .where(eq(classEvaluationPapers.evaluationId, paper.set.id));
      return {
        set: paper.set,
        papers: statuses.length,
        failed: statuses.filter((row) => row.status === 'failed').length,
        unsettled: statuses.filter((row) => row.status !== 'done' && row.status !== 'failed').length,
      };
    },

    async linkPaper(tx: Executor, paperId: string, analysisId: string) {
      await tx.update(classEvaluationPapers).set({ analysisId }).where(eq(classEvaluationPapers.id, paperId));
    },

    /** The set could not be prepared; only a `preparing` set fails, once. */
    async markFailed(
      tx: Executor,
      id: string,
      message: string,
      now: Date,
    ): Promise<ClassEvaluationRow | undefined> {
      const [row] = await tx
        .update(classEvaluations)
        .set({ status: 'failed', errorMessage: message, updatedAt: now })
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.status, 'preparing')))
        .returning();
      return row;
    },

    async findById(id: string): Promise<ClassEvaluationRow | undefined> {
      const [row] = await db.select().from(classEvaluations).where(eq(classEvaluations.id, id));
      return row;
    },

    async findOwned(userId: string, id: string): Promise<ClassEvaluationRow | undefined> {
      const [row] = await db
        .select()
        .from(classEvaluations)
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.userId, userId)));
      return row;
    },

    async listOwned(userId: string, courseId?: string): Promise<ClassEvaluationRow[]> {
      return db
        .select()
        .from(classEvaluations)
        .where(
          and(
            eq(classEvaluations.userId, userId),
            courseId ? eq(classEvaluations.courseId, courseId) : undefined,
          ),
        )
        .orderBy(desc(classEvaluations.createdAt));
    },

    async listFiles(evaluationId: string): Promise<ClassEvaluationFileRow[]> {
      return db
        .select()
        .from(classEvaluationFiles)
        .where(eq(classEvaluationFiles.evaluationId, evaluationId))
        .orderBy(asc(classEvaluationFiles.position));
    },

    /** One key or stack file of the user's own set; another user's set or file finds nothing. */
    async findOwnedFile(userId: string, evaluationId: string, fileId: string) {
      const [row] = await db
        .select({ file: classEvaluationFiles })
        .from(classEvaluationFiles)
        .innerJoin(classEvaluations, eq(classEvaluations.id, classEvaluationFiles.evaluationId))
        .where(
          and(
            eq(classEvaluationFiles.id, fileId),
            eq(classEvaluationFiles.evaluationId, evaluationId),
            eq(classEvaluations.userId, userId),
          ),
        );
      return row?.file;
    },

    /** The papers of these sets with their analyses' state, in order. */
    async listPapers(evaluationIds: string[]): Promise<(PaperRow & { releasedAt: Date | null })[]> {
      if (evaluationIds.length === 0) return [];
      const rows = await db
        .select({
          paper: classEvaluationPapers,
          status: analyses.status,
          reviewState: analyses.reviewState,
          grade: analyses.grade,
          achievedPoints: analyses.achievedPoints,
          totalPoints: analyses.totalPoints,
          errorMessage: analyses.errorMessage,
          releasedAt: gradeRecords.createdAt,
        })
        .from(classEvaluationPapers)
        .leftJoin(analyses, eq(analyses.id, classEvaluationPapers.analysisId))
        .leftJoin(gradeRecords, eq(gradeRecords.analysisId, classEvaluationPapers.analysisId))
        .where(inArray(classEvaluationPapers.evaluationId, evaluationIds))
        .orderBy(asc(classEvaluationPapers.position));
      return rows.map(({ paper, ...rest }) => ({ ...paper, ...rest }));
    },

    /**
     * The set's papers with their analyses' results, the texts graded and whether the pupil has an account
     * (class_students.user_id), in order: what review by question, the overview and the exports read.
     */
    async listPaperResults(evaluationId: string) {
      return db
        .select({
          paperId: classEvaluationPapers.id,
          position: classEvaluationPapers.position,
          classStudentId: classEvaluationPapers.classStudentId,
          studentName: classEvaluationPapers.studentName,
          analysisId: classEvaluationPapers.analysisId,
          pages: classEvaluationPapers.pages,
          status: analyses.status,
          reviewState: analyses.reviewState,
          result: analyses.result,
          grade: analyses.grade,
          achievedPoints: analyses.achievedPoints,
          totalPoints: analyses.totalPoints,
          classId: analyses.classId,
          inputText: analyses.inputText,
          extractedText: analyses.extractedText,
          studentUserId: classStudents.userId,
          releasedAt: gradeRecords.createdAt,
        })
        .from(classEvaluationPapers)
        .leftJoin(analyses, eq(analyses.id, classEvaluationPapers.analysisId))
        .leftJoin(classStudents, eq(classStudents.id, classEvaluationPapers.classStudentId))
        .leftJoin(gradeRecords, eq(gradeRecords.analysisId, classEvaluationPapers.analysisId))
        .where(eq(classEvaluationPapers.evaluationId, evaluationId))
        .orderBy(asc(classEvaluationPapers.position));
    },

    async saveSettings(userId: string, id: string, values: { failingShareThreshold: number }, now: Date) {
      await db
        .update(classEvaluations)
        .set({ ...values, updatedAt: now })
        .where(and(eq(classEvaluations.id, id), eq(classEvaluations.userId, userId)));
    },
  };
}

export type ClassEvaluationsRepository = ReturnType<typeof createClassEvaluationsRepository>;
