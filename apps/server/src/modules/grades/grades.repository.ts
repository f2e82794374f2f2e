import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { gradeRecordTypes } from '@korrigo/domain';
import {
  analyses,
  classEvaluationPapers,
  classes,
  classStudents,
  courseClasses,
  courseExams,
  courseStudents,
  courseTeachers,
  courses,
  gradeRecords,
  gradeReleaseEvents,
  schools,
  user,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { accountTypeOf } from '../profile/profile.repository';

export type GradeRecordRow = typeof gradeRecords.$inferSelect;
export type GradeRecordValues = typeof gradeRecords.$inferInsert;
/** The figures a later change of the result brings into a record (with the pupil's snapshot, when released). */
export type GradeFigures = Pick<
  GradeRecordValues,
  'achievedPoints' | 'totalPoints' | 'grade' | 'title' | 'releasedResult' | 'releasedText'
>;
export type GradeReleaseEventValues = Omit<typeof gradeReleaseEvents.$inferInsert, 'id' | 'seq'>;

/**
 * The grade records (spec 001 §3 'Grade record', issue 17) and what the student's learning profile reads.
 * The writes take the caller's transaction: a record is made or changed together with what caused it
 * (a release, a confirmation, a stored result).
 */
export function createGradesRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The user's own analysis; another user's finds nothing. */
    async findOwnedAnalysis(userId: string, analysisId: string) {
      const [row] = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.id, analysisId), eq(analyses.userId, userId)));
      return row;
    },

    /**
     * One record per analysis and pupil: a second release brings its figures up to date and keeps when and
     * as what it was first released.
     */
    async upsert(tx: Executor, values: GradeRecordValues): Promise<GradeRecordRow> {
      const [row] = await tx
        .insert(gradeRecords)
        .values(values)
        .onConflictDoUpdate({
          target: [gradeRecords.analysisId, gradeRecords.userId],
          set: {
            achievedPoints: values.achievedPoints,
            totalPoints: values.totalPoints,
            grade: values.grade,
            title: values.title,
            releasedResult: values.releasedResult,
            releasedText: values.releasedText,
            updatedAt: values.updatedAt,
          },
        })
        .returning();
      return row!;
    },

    /** One entry of the release trail (append-only: nothing here updates or deletes one). */
    async appendReleaseEvent(tx: Executor, values: GradeReleaseEventValues): Promise<void> {
      await tx.insert(gradeReleaseEvents).values(values);
    },

    /** The names of accounts by id, as they are now (an id not found is left out). */
    async userNamesIn(tx: Executor, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** The analysis as it is inside the caller's transaction (the figures a record copies). */
    async analysisIn(tx: Executor, analysisId: string) {
      const [row] = await tx.select().from(analyses).where(eq(analyses.id, analysisId));
      return row;
    },

    /** Every record of an analysis, as the pupils see them now. */
    async recordsOfAnalysisIn(tx: Executor, analysisId: string): Promise<GradeRecordRow[]> {
      return tx.select().from(gradeRecords).where(eq(gradeRecords.analysisId, analysisId));
    },

    /** A paper of a class set is a class test, whichever way it is released. */
    async isClassSetPaperIn(tx: Executor, analysisId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: classEvaluationPapers.id })
        .from(classEvaluationPapers)
        .where(eq(classEvaluationPapers.analysisId, analysisId));
      return row !== undefined;
    },

    accountTypeIn: (tx: Executor, userId: string) => accountTypeOf(tx, userId),

    accountType: (userId: string) => accountTypeOf(db, userId),

    /**
     * The records of an analysis (only `userId`'s when given) with the figures brought up to date; answers
     * the changed rows.
     */
    async updateFigures(
      tx: Executor,
      analysisId: string,
      figures: GradeFigures,
      now: Date,
      userId?: string,
    ): Promise<GradeRecordRow[]> {
      return tx
        .update(gradeRecords)
        .set({ ...figures, updatedAt: now })
        .where(
          and(
            eq(gradeRecords.analysisId, analysisId),
            userId === undefined ? undefined : eq(gradeRecords.userId, userId),
          ),
        )
        .returning();
    },

    /**
     * The pupil an analysis is linked to (the Analysis record's roster entry) and, when she has an account,
     * her record of it.
     */
    async linkedStudent(analysisId: string, classStudentId: string) {
      const [student] = await db
        .select({ id: classStudents.id, name: classStudents.name, userId: classStudents.userId })
        .from(classStudents)
        .where(eq(classStudents.id, classStudentId));
      if (!student) return undefined;
      const [record] = student.userId
        ? await db
            .select()
            .from(gradeRecords)
            .where(and(eq(gradeRecords.analysisId, analysisId), eq(gradeRecords.userId, student.userId)))
        : [];
      return { ...student, record };
    },

    /** The student's own records, newest first, and whether the graded work is still there (ADR 0015). */
    async listOfStudent(
      userId: string,
    ): Promise<Array<{ record: GradeRecordRow; resultAvailable: boolean }>> {
      return db
        .select({
          record: gradeRecords,
          resultAvailable: sql<boolean>`exists (select 1 from ${analyses} where ${analyses.id} = ${gradeRecords.analysisId})`,
        })
        .from(gradeRecords)
        .where(eq(gradeRecords.userId, userId))
        .orderBy(desc(gradeRecords.createdAt), desc(gradeRecords.id));
    },

    /** The student's own record of an analysis with the analysis's result and text; anyone else's is none. */
    async findOfStudent(userId: string, analysisId: string) {
      const [row] = await db
        .select({ record: gradeRecords, analysis: analyses })
        .from(gradeRecords)
        .innerJoin(analyses, eq(analyses.id, gradeRecords.analysisId))
        .where(and(eq(gradeRecords.analysisId, analysisId), eq(gradeRecords.userId, userId)));
      return row;
    },

    /** The courses the student takes part in: through a roster entry her account took over. */
    async coursesOfStudent(userId: string) {
      const rows = await db
        .selectDistinct({
          id: courses.id,
          name: courses.name,
          subject: courses.subject,
          startDate: courses.startDate,
          endDate: courses.endDate,
          archivedAt: courses.archivedAt,
          schoolName: schools.name,
        })
        .from(courseStudents)
        .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
        .innerJoin(courses, eq(courses.id, courseStudents.courseId))
        .innerJoin(schools, eq(schools.id, courses.schoolId))
        .where(eq(classStudents.userId, userId));
      return rows.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id.localeCompare(b.id));
    },

    /** The courses' teachers' names, class names and exams (soonest first), for the course cards. */
    async courseDetails(courseIds: string[]) {
      if (courseIds.length === 0) return { teachers: [], classNames: [], exams: [] };
      const [teachers, classNames, exams] = await Promise.all([
        db
          .select({ courseId: courseTeachers.courseId, name: user.name })
          .from(courseTeachers)
          .innerJoin(user, eq(user.id, courseTeachers.userId))
          .where(inArray(courseTeachers.courseId, courseIds)),
        db
          .select({ courseId: courseClasses.courseId, name: classes.name })
          .from(courseClasses)
          .innerJoin(classes, eq(classes.id, courseClasses.classId))
          .where(inArray(courseClasses.courseId, courseIds))
          .orderBy(asc(classes.name)),
        db
          .select({
            id: courseExams.id,
            courseId: courseExams.courseId,
            name: courseExams.name,
            date: courseExams.date,
          })
          .from(courseExams)
          .where(inArray(courseExams.courseId, courseIds))
          .orderBy(asc(courseExams.date), asc(courseExams.name)),
      ]);
      return { teachers, classNames, exams };
    },

    /** The course if the user teaches it (spec 001 §6); another teacher's finds nothing. */
    async findTaughtCourse(userId: string, courseId: string) {
      const [row] = await db
        .select({ id: courses.id })
        .from(courses)
        .innerJoin(
          courseTeachers,
          and(eq(courseTeachers.courseId, courses.id), eq(courseTeachers.userId, userId)),
        )
        .where(eq(courses.id, courseId));
      return row;
    },

    /**
     * The course's records with the pupil's name as the teacher knows it (the roster entry the analysis was
     * linked to; her account's name when the entry is gone). Self-checks stay the student's own.
     */
    async listOfCourse(courseId: string) {
      return db
        .select({ record: gradeRecords, rosterName: classStudents.name, accountName: user.name })
        .from(gradeRecords)
        .innerJoin(analyses, eq(analyses.id, gradeRecords.analysisId))
        .innerJoin(user, eq(user.id, gradeRecords.userId))
        .leftJoin(classStudents, eq(classStudents.id, analyses.classStudentId))
        .where(and(eq(gradeRecords.courseId, courseId), ne(gradeRecords.type, gradeRecordTypes.selfCheck)))
        .orderBy(desc(gradeRecords.createdAt), desc(gradeRecords.id));
    },
  };
}

export type GradesRepository = ReturnType<typeof createGradesRepository>;
