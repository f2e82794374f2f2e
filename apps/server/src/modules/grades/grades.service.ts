import { z } from 'zod';
import {
  classEvaluationExportLabels,
  courseStatusOf,
  berlinDay,
  gradeMessages,
  gradeRecordTypes,
  gradeReleaseMessages,
  parseGrade,
  type AnalysisRelease,
  type CourseGradeList,
  type GradeDetail,
  type GradeRecord,
  type LearningProfile,
  type LearningProfileCourse,
} from '@korrigo/domain';
import { AppError, notFound } from '../../platform/errors';
import { asciiFileName } from '../../platform/csv';
import { renderPdf } from '../../platform/pdf';
import { paperDocument } from '../class-evaluations/class-evaluations.pdf';
import { pupilCopyOf, subjectOf, type GradeRecords } from './grades.records';
import type { GradeRecordRow, GradesRepository } from './grades.repository';

const uuid = z.uuid();

const gradeNotFound = () => new AppError('not_found', gradeMessages.notFound, { status: 404 });
const notConfirmed = () => new AppError('conflict', gradeReleaseMessages.notConfirmed, { status: 409 });
const noStudent = () => new AppError('conflict', gradeReleaseMessages.noStudent, { status: 409 });

/** spec 001 §8: a teacher without a name is 'Kein Name'. */
const noName = 'Kein Name';

/** A stored record as the API gives it (spec 001 §3 Grade record, with our gradeValue and selfCheck). */
export function toGradeRecord(row: GradeRecordRow, resultAvailable = true): GradeRecord {
  return {
    id: row.id,
    analysisId: row.analysisId,
    schoolId: row.schoolId,
    classId: row.classId,
    courseId: row.courseId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    subject: row.subject,
    courseName: row.courseName,
    type: row.type,
    title: row.title,
    achieved_points: row.achievedPoints,
    total_points: row.totalPoints,
    grade: row.grade,
    gradeValue: parseGrade(row.grade),
    selfCheck: row.type === gradeRecordTypes.selfCheck,
    resultAvailable,
  };
}

export function createGradesService(deps: {
  repository: GradesRepository;
  records: Pick<GradeRecords, 'release'>;
  now?: () => Date;
}) {
  const { repository, records } = deps;
  const now = deps.now ?? (() => new Date());

  async function studentOnly(userId: string) {
    if ((await repository.accountType(userId)) !== 'student') {
      throw new AppError('forbidden', gradeMessages.studentsOnly, { status: 403 });
    }
  }

  /** The student's own record of an analysis with it; anyone else's (a teacher's too) is not found. */
  async function ownRecord(userId: string, analysisId: string) {
    const found = uuid.safeParse(analysisId).success
      ? await repository.findOfStudent(userId, analysisId)
      : undefined;
    if (!found) throw gradeNotFound();
    return found;
  }

  return {
    /**
     * 'An Schüler:in zurückgeben' of a single analysis (issue 17 §1): the owner's confirmed result linked to
     * a pupil with an account becomes her record, and she is told once. Releasing again changes nothing
     * but the figures (the same as a class set's second release).
     */
    async releaseAnalysis(userId: string, analysisId: string): Promise<AnalysisRelease> {
      const analysis = await repository.findOwnedAnalysis(userId, analysisId);
      if (!analysis) throw notFound();
      if (analysis.status !== 'done' || analysis.reviewState !== 'confirmed' || !analysis.result) {
        throw notConfirmed();
      }
      const student = analysis.classStudentId
        ? await repository.linkedStudent(analysis.id, analysis.classStudentId)
        : undefined;
      if (!student?.userId) throw noStudent();
      const row = await repository.transaction(async (tx) => {
        // read again in the transaction: a reopen in the meantime must not release an open result
        const current = await repository.analysisIn(tx, analysis.id);
        if (!current?.result || current.status !== 'done' || current.reviewState !== 'confirmed') {
          throw notConfirmed();
        }
        return records.release(tx, {
          userId: student.userId!,
          analysisId: current.id,
          releasedBy: userId,
          schoolId: current.schoolId,
          classId: current.classId,
          courseId: current.courseId,
          subject: subjectOf(current.result, current.subject, current.options.subject),
          courseName: current.courseName ?? '',
          type: (await repository.isClassSetPaperIn(tx, current.id))
            ? gradeRecordTypes.classTest
            : gradeRecordTypes.teacherCheck,
          title: current.result.title || current.title,
          achievedPoints: current.achievedPoints,
          totalPoints: current.totalPoints,
          grade: current.grade,
        });
      });
      return { releasedAt: row.createdAt.toISOString(), studentName: student.name };
    },

    /** 'Mein Lernprofil' (spec 001 §2, §3 Course derived values): students only. */
    async learningProfile(userId: string): Promise<LearningProfile> {
      await studentOnly(userId);
      const today = berlinDay(now());
      const [courses, records] = await Promise.all([
        repository.coursesOfStudent(userId),
        repository.listOfStudent(userId),
      ]);
      const { teachers, classNames, exams } = await repository.courseDetails(
        courses.map((course) => course.id),
      );
      const cards = courses.map((course): LearningProfileCourse => {
        const own = exams.filter((exam) => exam.courseId === course.id);
        const status = courseStatusOf(
          { archived: course.archivedAt !== null, endDate: course.endDate },
          today,
        );
        const next = status === 'completed' ? undefined : own.find((exam) => exam.date >= today);
        return {
          id: course.id,
          name: course.name,
          subject: course.subject,
          classNames: [
            ...new Set(classNames.filter((entry) => entry.courseId === course.id).map((entry) => entry.name)),
          ],
          schoolName: course.schoolName,
          instructor: teachers
            .filter((teacher) => teacher.courseId === course.id)
            .map((teacher) => teacher.name.trim() || noName)
            .sort((a, b) => a.localeCompare(b, 'de'))
            .join(', '),
          startDate: course.startDate,
          endDate: course.endDate,
          status,
          progress: own.length
            ? { done: own.filter((exam) => exam.date <= today).length, total: own.length }
            : null,
          nextExam: next ? { name: next.name, date: next.date } : null,
        };
      });
      const byId = new Map(courses.map((course) => [course.id, course]));
      // a completed course's exams are no longer ahead of her, whatever date they still carry
      const active = new Set(cards.filter((card) => card.status === 'active').map((card) => card.id));
      return {
        today,
        courses: cards,
        grades: records.map((row) => toGradeRecord(row.record, row.resultAvailable)),
        upcomingExams: exams
          .filter((exam) => exam.date >= today && active.has(exam.courseId))
          .map((exam) => ({
            id: exam.id,
            courseId: exam.courseId,
            courseName: byId.get(exam.courseId)!.name,
            subject: byId.get(exam.courseId)!.subject,
            name: exam.name,
            date: exam.date,
          })),
      };
    },

    /**
     * spec 001 §7 `GET /grades/{analysisId}`: the student's own record only, with the version she was given
     * (a result her teacher reopened and edits stays unseen until it is confirmed again, issue 33 §2).
     */
    async detail(userId: string, analysisId: string): Promise<GradeDetail> {
      const { record, analysis } = await ownRecord(userId, analysisId);
      const copy = pupilCopyOf(record, analysis);
      return {
        ai_analysis: JSON.stringify(copy.result),
        test: copy.text,
        record: toGradeRecord(record),
      };
    },

    /** The graded work as the student's PDF (the class set's per-student document, issue 16 §6), as given. */
    async pdf(userId: string, analysisId: string, studentName: string) {
      const { record, analysis } = await ownRecord(userId, analysisId);
      const copy = pupilCopyOf(record, analysis);
      if (!copy.result) throw gradeNotFound();
      const name = analysis.studentName.trim() || studentName;
      const body = await renderPdf(
        paperDocument(
          { testName: record.title, courseName: record.courseName, date: record.createdAt },
          { studentName: name, grade: record.grade },
          copy.result,
          copy.text,
        ),
      );
      return {
        body,
        fileName: `${asciiFileName(`${record.title || record.courseName} ${name}`, classEvaluationExportLabels.fileName)}.pdf`,
      };
    },

    /** The released records of a course for its teachers (issue 17 §4); another teacher's course is not found. */
    async courseGrades(userId: string, courseId: string): Promise<CourseGradeList> {
      const course = uuid.safeParse(courseId).success
        ? await repository.findTaughtCourse(userId, courseId)
        : undefined;
      if (!course) throw notFound();
      const rows = await repository.listOfCourse(course.id);
      return rows.map((row) => ({
        ...toGradeRecord(row.record),
        studentName: row.rosterName ?? (row.accountName.trim() || noName),
      }));
    },
  };
}

export type GradesService = ReturnType<typeof createGradesService>;
