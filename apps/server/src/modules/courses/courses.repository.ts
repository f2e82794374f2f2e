import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Course } from '@korrigo/domain';
import {
  classes,
  classStudents,
  analyses,
  classTeachers,
  courseAssignments,
  courseClasses,
  courseExams,
  courseMaterials,
  courses,
  courseStudents,
  courseTeachers,
  ltiContexts,
  schools,
  schoolTeachers,
  user,
} from '../../db/schema';
import { materialKeys } from '../classes/classes.repository';
import type { Database, Executor } from '../../platform/db';
import { accountTypeOf } from '../profile/profile.repository';

type CourseRow = typeof courses.$inferSelect;

/** What a user is to a course: she teaches it, she takes part in it, or it is none of hers (null). */
export type CourseRole = 'teacher' | 'student' | null;

/**
 * The one membership read behind the course's own objects (issue 15 §5): a teacher of the course
 * (course_teachers), or a participant whose roster entry is linked to her account
 * (course_students → class_students.user_id). Teaching wins when both hold.
 */
export async function courseRole(db: Executor, userId: string, courseId: string): Promise<CourseRole> {
  const [teaches] = await db
    .select({ courseId: courseTeachers.courseId })
    .from(courseTeachers)
    .where(and(eq(courseTeachers.courseId, courseId), eq(courseTeachers.userId, userId)))
    .limit(1);
  if (teaches) return 'teacher';
  const [takesPart] = await db
    .select({ courseId: courseStudents.courseId })
    .from(courseStudents)
    .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
    .where(and(eq(courseStudents.courseId, courseId), eq(classStudents.userId, userId)))
    .limit(1);
  return takesPart ? 'student' : null;
}
type CourseValues = typeof courses.$inferInsert;

/**
 * Courses as the teacher sees them: only those she teaches (spec 001 §6), so another teacher's course id
 * finds nothing and the service answers 404. Participants are the course's own list (course_students) of roster
 * entries of its classes.
 */
export function createCoursesRepository(db: Database) {
  async function load(userId: string, courseId?: string): Promise<Course[]> {
    const rows = await db
      .select({ course: courses, schoolName: schools.name })
      .from(courses)
      .innerJoin(
        courseTeachers,
        and(eq(courseTeachers.courseId, courses.id), eq(courseTeachers.userId, userId)),
      )
      .innerJoin(schools, eq(schools.id, courses.schoolId))
      .where(courseId ? eq(courses.id, courseId) : undefined)
      .orderBy(asc(courses.name), asc(courses.createdAt));
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.course.id);

    const links = await db
      .select({ courseId: courseClasses.courseId, classId: classes.id, className: classes.name })
      .from(courseClasses)
      .innerJoin(classes, eq(classes.id, courseClasses.classId))
      .where(inArray(courseClasses.courseId, ids))
      .orderBy(asc(classes.name));
    const students = await db
      .select({ courseId: courseStudents.courseId, id: classStudents.id, name: classStudents.name })
      .from(courseStudents)
      .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
      .where(inArray(courseStudents.courseId, ids))
      .orderBy(asc(classStudents.name), asc(classStudents.createdAt));
    const teachers = await db
      .select({ courseId: courseTeachers.courseId, id: user.id, name: user.name })
      .from(courseTeachers)
      .innerJoin(user, eq(user.id, courseTeachers.userId))
      .where(inArray(courseTeachers.courseId, ids))
      .orderBy(asc(user.name));
    const lmsLinks = await db
      .select({ courseId: ltiContexts.courseId, title: ltiContexts.title })
      .from(ltiContexts)
      .where(inArray(ltiContexts.courseId, ids))
      .orderBy(asc(ltiContexts.createdAt));

    return rows.map(({ course, schoolName }) => {
      const own = links.filter((link) => link.courseId === course.id);
      return toCourse(course, {
        schoolName,
        classIds: own.map((link) => link.classId),
        classNames: own.map((link) => link.className),
        students: students
          .filter((student) => student.courseId === course.id)
          .map(({ id, name }) => ({ id, name })),
        teachers: teachers
          .filter((teacher) => teacher.courseId === course.id)
          .map(({ id, name }) => ({ id, name })),
        lms:
          lmsLinks.filter((link) => link.courseId === course.id).map(({ title }) => ({ title }))[0] ?? null,
      });
    });
  }

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    findAccountType: (userId: string) => accountTypeOf(db, userId),

    courseRole: (userId: string, courseId: string) => courseRole(db, userId, courseId),

    /** The given classes that the teacher teaches, with their school. */
    async teachableClasses(userId: string, classIds: string[]) {
      return db
        .select({ id: classes.id, schoolId: classes.schoolId })
        .from(classes)
        .innerJoin(
          classTeachers,
          and(eq(classTeachers.classId, classes.id), eq(classTeachers.userId, userId)),
        )
        .where(inArray(classes.id, classIds));
    },

    async createCourse(tx: Executor, values: CourseValues, classIds: string[]): Promise<string> {
      const [row] = await tx.insert(courses).values(values).returning({ id: courses.id });
      await tx.insert(courseClasses).values(classIds.map((classId) => ({ courseId: row!.id, classId })));
      // like a class's creator (spec 001 §4), the course's creator teaches it
      await tx.insert(courseTeachers).values({ courseId: row!.id, userId: values.createdBy });
      // a new course takes its classes' rosters as participants, as migration 0012 did for existing courses;
      // the Analysis record checks a pupil against these rows
      const roster = await tx
        .select({ id: classStudents.id })
        .from(classStudents)
        .where(inArray(classStudents.classId, classIds));
      if (roster.length > 0) {
        await tx
          .insert(courseStudents)
          .values(roster.map((entry) => ({ courseId: row!.id, classStudentId: entry.id })));
      }
      return row!.id;
    },

    async updateCourse(
      courseId: string,
      changes: Partial<
        Pick<
          CourseRow,
          | 'name'
          | 'subject'
          | 'description'
          | 'classroom'
          | 'schedule'
          | 'startDate'
          | 'endDate'
          | 'archivedAt'
        >
      >,
    ) {
      if (Object.keys(changes).length === 0) return;
      await db.update(courses).set(changes).where(eq(courses.id, courseId));
    },

    /** Of the given roster entries, those on a roster of one of the course's classes. */
    async rosterEntriesOfCourse(courseId: string, classStudentIds: string[]): Promise<string[]> {
      if (classStudentIds.length === 0) return [];
      const rows = await db
        .select({ id: classStudents.id })
        .from(classStudents)
        .innerJoin(
          courseClasses,
          and(eq(courseClasses.classId, classStudents.classId), eq(courseClasses.courseId, courseId)),
        )
        .where(inArray(classStudents.id, classStudentIds));
      return rows.map((row) => row.id);
    },

    /** Of the given users, the teachers of the school. */
    async teachersOfSchool(schoolId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: schoolTeachers.userId })
        .from(schoolTeachers)
        .where(and(eq(schoolTeachers.schoolId, schoolId), inArray(schoolTeachers.userId, userIds)));
      return rows.map((row) => row.id);
    },

    /** The pick-list sources of the edit view: the roster entries of the course's classes, the school's teachers. */
    async memberOptions(courseId: string, schoolId: string) {
      const students = await db
        .select({
          id: classStudents.id,
          name: classStudents.name,
          classId: classes.id,
          className: classes.name,
        })
        .from(classStudents)
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .innerJoin(
          courseClasses,
          and(eq(courseClasses.classId, classes.id), eq(courseClasses.courseId, courseId)),
        )
        .orderBy(asc(classStudents.name), asc(classes.name));
      const teachers = await db
        .select({ id: user.id, name: user.name })
        .from(schoolTeachers)
        .innerJoin(user, eq(user.id, schoolTeachers.userId))
        .where(eq(schoolTeachers.schoolId, schoolId))
        .orderBy(asc(user.name));
      return { students, teachers };
    },

    /** Replaces the participant and teacher lists (spec 001 §4: member changes apply on Speichern). */
    async replaceMembers(courseId: string, members: { studentIds?: string[]; teacherIds?: string[] }) {
      await db.transaction(async (tx) => {
        if (members.studentIds) {
          await tx.delete(courseStudents).where(eq(courseStudents.courseId, courseId));
          if (members.studentIds.length > 0) {
            await tx
              .insert(courseStudents)
              .values(members.studentIds.map((classStudentId) => ({ courseId, classStudentId })));
          }
        }
        if (members.teacherIds) {
          await tx.delete(courseTeachers).where(eq(courseTeachers.courseId, courseId));
          await tx.insert(courseTeachers).values(members.teacherIds.map((userId) => ({ courseId, userId })));
        }
      });
    },

    /** What deleting the course takes with it (issue 15 §8); its analyses stay (FK set null). */
    async deletionImpact(courseId: string) {
      const total = async (table: typeof courseAssignments | typeof courseExams | typeof courseMaterials) => {
        const [row] = await db.select({ total: count() }).from(table).where(eq(table.courseId, courseId));
        return row?.total ?? 0;
      };
      const [linked] = await db
        .select({ total: count() })
        .from(analyses)
        .where(eq(analyses.courseId, courseId));
      return {
        assignments: await total(courseAssignments),
        exams: await total(courseExams),
        materials: await total(courseMaterials),
        analyses: linked?.total ?? 0,
      };
    },

    /** Deletes the course (its work goes by cascade); answers its material files' storage keys. */
    async deleteCourse(courseId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const keys = await materialKeys(tx, [courseId]);
        await tx.delete(courses).where(eq(courses.id, courseId));
        return keys;
      });
    },

    list: (userId: string) => load(userId),

    async find(userId: string, courseId: string): Promise<Course | undefined> {
      const [course] = await load(userId, courseId);
      return course;
    },
  };
}

function toCourse(
  row: CourseRow,
  related: Pick<Course, 'schoolName' | 'classIds' | 'classNames' | 'students' | 'teachers' | 'lms'>,
): Course {
  return {
    id: row.id,
    schoolId: row.schoolId,
    name: row.name,
    subject: row.subject,
    description: row.description,
    classroom: row.classroom,
    schedule: row.schedule,
    startDate: row.startDate,
    endDate: row.endDate,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    ...related,
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
