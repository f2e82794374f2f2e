import { and, asc, desc, eq, gte, isNull, or } from 'drizzle-orm';
import {
  analyses,
  classStudents,
  courseExams,
  courses,
  courseStudents,
  gradeRecords,
  practiceSessions,
  type StoredPracticeCheck,
  type StoredPracticeQuestion,
} from '../../db/schema';
import type { Database } from '../../platform/db';
import { pupilCopyOf } from '../grades/grades.records';
import { accountTypeOf } from '../profile/profile.repository';
import {
  isUnknownSubject,
  type PracticeTime,
  type ResultRecord,
  type UpcomingExam,
} from './learning-assistant.overview';

export type StoredPracticeSession = typeof practiceSessions.$inferSelect;

export function createLearningAssistantRepository(db: Database) {
  return {
    findAccountType: (userId: string) => accountTypeOf(db, userId),

    /** Her grade records with the analyses behind them; only graded ones (a result) count. */
    async results(userId: string): Promise<ResultRecord[]> {
      const rows = await db
        .select({
          analysisId: gradeRecords.analysisId,
          recordSubject: gradeRecords.subject,
          analysisSubject: analyses.subject,
          recordTitle: gradeRecords.title,
          analysisTitle: analyses.title,
          type: gradeRecords.type,
          grade: gradeRecords.grade,
          achievedPoints: gradeRecords.achievedPoints,
          totalPoints: gradeRecords.totalPoints,
          createdAt: gradeRecords.createdAt,
          result: analyses.result,
          inputText: analyses.inputText,
          extractedText: analyses.extractedText,
          releasedResult: gradeRecords.releasedResult,
          releasedText: gradeRecords.releasedText,
        })
        .from(gradeRecords)
        .innerJoin(analyses, eq(analyses.id, gradeRecords.analysisId))
        .where(eq(gradeRecords.userId, userId))
        .orderBy(desc(gradeRecords.createdAt));
      // the version she was given, never a draft her teacher is still editing (issue 33 §2)
      return rows
        .map((row) => ({ ...row, ...pupilCopyOf(row, row) }))
        .filter((row) => row.result !== null)
        .map((row) => ({
          analysisId: row.analysisId,
          subject:
            [row.recordSubject, row.analysisSubject, row.result?.metadata.subject].find(
              (subject) => !isUnknownSubject(subject),
            ) ?? '',
          title: row.recordTitle || row.analysisTitle,
          type: row.type,
          grade: row.grade,
          achievedPoints: row.achievedPoints,
          totalPoints: row.totalPoints,
          createdAt: row.createdAt,
          result: row.result!,
          studentText: row.text,
        }));
    },

    async practiceTimes(userId: string): Promise<PracticeTime[]> {
      return db
        .select({ createdAt: practiceSessions.createdAt, answeredAt: practiceSessions.answeredAt })
        .from(practiceSessions)
        .where(eq(practiceSessions.userId, userId));
    },

    /**
     * The exams of the active courses she takes part in (through her roster entries), from `today` on; active
     * as `courseStatusOf` says: not archived and not past its end date.
     */
    async upcomingExams(userId: string, today: string): Promise<UpcomingExam[]> {
      const rows = await db
        .selectDistinct({
          id: courseExams.id,
          name: courseExams.name,
          date: courseExams.date,
          courseName: courses.name,
        })
        .from(courseExams)
        .innerJoin(courses, eq(courses.id, courseExams.courseId))
        .innerJoin(courseStudents, eq(courseStudents.courseId, courses.id))
        .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
        .where(
          and(
            eq(classStudents.userId, userId),
            gte(courseExams.date, today),
            isNull(courses.archivedAt),
            or(isNull(courses.endDate), gte(courses.endDate, today)),
          ),
        )
        .orderBy(asc(courseExams.date))
        .limit(20);
      return rows.map(({ name, date, courseName }) => ({ name, date, courseName }));
    },

    async createSession(values: {
      userId: string;
      subject: string;
      difficulty: 'leicht' | 'mittel' | 'schwer';
      source: 'llm' | 'templates';
      questions: StoredPracticeQuestion[];
      createdAt: Date;
    }): Promise<StoredPracticeSession> {
      const [row] = await db.insert(practiceSessions).values(values).returning();
      return row!;
    },

    /** Her session, or undefined for another's or an unknown id. */
    async findSession(userId: string, id: string): Promise<StoredPracticeSession | undefined> {
      const [row] = await db
        .select()
        .from(practiceSessions)
        .where(and(eq(practiceSessions.id, id), eq(practiceSessions.userId, userId)));
      return row;
    },

    async saveCheck(
      userId: string,
      id: string,
      values: { answeredAt: Date; achieved: number; total: number; lastCheck: StoredPracticeCheck },
    ) {
      await db
        .update(practiceSessions)
        .set(values)
        .where(and(eq(practiceSessions.id, id), eq(practiceSessions.userId, userId)));
    },
  };
}

export type LearningAssistantRepository = ReturnType<typeof createLearningAssistantRepository>;
