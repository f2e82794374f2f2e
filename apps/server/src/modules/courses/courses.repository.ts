import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Course } from '@korrigo/domain';
import {
  classes,
  classStudents,
  classTeachers,
  courseClasses,
  courses,
  courseStudents,
  courseTeachers,
  schools,
  user,
} from '../../db/schema';
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
 * finds nothing and the service answers 404. Participants are the roster entries of the course's classes.
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
    const classIds = [...new Set(links.map((link) => link.classId))];
    const students = classIds.length
      ? await db
          .select({ id: classStudents.id, name: classStudents.name, classId: classStudents.classId })
          .from(classStudents)
          .where(inArray(classStudents.classId, classIds))
          .orderBy(asc(classStudents.name))
      : [];
    const teachers = await db
      .select({ courseId: courseTeachers.courseId, id: user.id, name: user.name })
      .from(courseTeachers)
      .innerJoin(user, eq(user.id, courseTeachers.userId))
      .where(inArray(courseTeachers.courseId, ids))
      .orderBy(asc(user.name));

    return rows.map(({ course, schoolName }) => {
      const own = links.filter((link) => link.courseId === course.id);
      const ownClassIds = new Set(own.map((link) => link.classId));
      return toCourse(course, {
        schoolName,
        classIds: own.map((link) => link.classId),
        classNames: own.map((link) => link.className),
        students: students
          .filter((student) => ownClassIds.has(student.classId))
          .map(({ id, name }) => ({ id, name })),
        teachers: teachers
          .filter((teacher) => teacher.courseId === course.id)
          .map(({ id, name }) => ({ id, name })),
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
          'name' | 'subject' | 'description' | 'classroom' | 'schedule' | 'startDate' | 'archivedAt'
        >
      >,
    ) {
      if (Object.keys(changes).length === 0) return;
      await db.update(courses).set(changes).where(eq(courses.id, courseId));
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
  related: Pick<Course, 'schoolName' | 'classIds' | 'classNames' | 'students' | 'teachers'>,
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
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    ...related,
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;
