import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  analyses,
  classes,
  classStudents,
  classTeachers,
  courseClasses,
  courseMaterialFiles,
  courseMaterials,
  courses,
  courseStudents,
  courseTeachers,
  profiles,
  schools,
  schoolTeachers,
  user,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';

type ClassRow = typeof classes.$inferSelect;
export type ClassWithSchool = ClassRow & { schoolName: string; studentCount: number };
export type StudentRow = typeof classStudents.$inferSelect;

/**
 * Enrols roster entries in the active (not archived) courses of their classes: a pupil added to a class is in
 * its courses (issue 15 §2). Used when entries are added to a roster and when a student account joins a class
 * through an invitation. Entries already enrolled stay as they are.
 */
export async function enrolInClassCourses(tx: Executor, classStudentIds: string[]): Promise<void> {
  if (classStudentIds.length === 0) return;
  const rows = await tx
    .select({ courseId: courseClasses.courseId, classStudentId: classStudents.id })
    .from(classStudents)
    .innerJoin(courseClasses, eq(courseClasses.classId, classStudents.classId))
    .innerJoin(courses, and(eq(courses.id, courseClasses.courseId), isNull(courses.archivedAt)))
    .where(inArray(classStudents.id, classStudentIds));
  if (rows.length === 0) return;
  await tx.insert(courseStudents).values(rows).onConflictDoNothing();
}

/**
 * Every read goes through the teacher tables: a teacher sees only schools and classes where she is a teacher
 * (spec 001 §6), so another teacher's id finds nothing here and the service answers 404.
 */
export function createClassesRepository(db: Database) {
  const studentCount = db
    .select({ classId: classStudents.classId, total: count().as('total') })
    .from(classStudents)
    .groupBy(classStudents.classId)
    .as('student_count');

  async function classesWhere(userId: string, classId?: string): Promise<ClassWithSchool[]> {
    const rows = await db
      .select({
        row: classes,
        schoolName: schools.name,
        studentCount: sql<number>`coalesce(${studentCount.total}, 0)`.mapWith(Number),
      })
      .from(classes)
      .innerJoin(classTeachers, and(eq(classTeachers.classId, classes.id), eq(classTeachers.userId, userId)))
      .innerJoin(schools, eq(schools.id, classes.schoolId))
      .leftJoin(studentCount, eq(studentCount.classId, classes.id))
      .where(classId ? eq(classes.id, classId) : undefined)
      .orderBy(asc(classes.name), asc(classes.createdAt));
    return rows.map(({ row, schoolName, studentCount: total }) => ({
      ...row,
      schoolName,
      studentCount: total,
    }));
  }

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async findProfile(userId: string) {
      const [row] = await db
        .select({ accountType: profiles.accountType, school: profiles.school })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row;
    },

    async listSchools(userId: string) {
      return db
        .select({ id: schools.id, name: schools.name, fromProfileOf: schools.fromProfileOf })
        .from(schools)
        .innerJoin(
          schoolTeachers,
          and(eq(schoolTeachers.schoolId, schools.id), eq(schoolTeachers.userId, userId)),
        )
        .orderBy(asc(schools.name));
    },

    async isSchoolTeacher(userId: string, schoolId: string): Promise<boolean> {
      const [row] = await db
        .select({ schoolId: schoolTeachers.schoolId })
        .from(schoolTeachers)
        .where(and(eq(schoolTeachers.schoolId, schoolId), eq(schoolTeachers.userId, userId)));
      return row !== undefined;
    },

    /**
     * A school with its first teacher. `fromProfileOf` set: the profile's school, made once per teacher (the
     * unique index decides a race; the loser inserts nothing and returns false).
     */
    async createSchool(values: { name: string; createdBy: string; fromProfileOf?: string }) {
      return db.transaction(async (tx) => {
        const [school] = await tx
          .insert(schools)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: schools.id });
        if (!school) return undefined;
        await tx.insert(schoolTeachers).values({ schoolId: school.id, userId: values.createdBy });
        return school.id;
      });
    },

    async hasProfileSchool(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: schools.id })
        .from(schools)
        .where(eq(schools.fromProfileOf, userId));
      return row !== undefined;
    },

    listClasses: (userId: string) => classesWhere(userId),

    async findClass(userId: string, classId: string): Promise<ClassWithSchool | undefined> {
      const [row] = await classesWhere(userId, classId);
      return row;
    },

    async createClass(
      tx: Executor,
      values: { schoolId: string; name: string; gradeLevel: string; description: string; createdBy: string },
    ): Promise<string> {
      const [row] = await tx.insert(classes).values(values).returning({ id: classes.id });
      // spec 001 §4: the creator becomes a teacher of the class
      await tx.insert(classTeachers).values({ classId: row!.id, userId: values.createdBy });
      return row!.id;
    },

    async updateClass(
      classId: string,
      changes: Partial<Pick<ClassRow, 'name' | 'gradeLevel' | 'description' | 'archivedAt'>>,
    ) {
      if (Object.keys(changes).length === 0) return;
      await db.update(classes).set(changes).where(eq(classes.id, classId));
    },

    /** The class's teachers and the teachers of its school, by name. */
    async teachersOf(classId: string, schoolId: string) {
      const teachers = await db
        .select({ id: user.id, name: user.name })
        .from(classTeachers)
        .innerJoin(user, eq(user.id, classTeachers.userId))
        .where(eq(classTeachers.classId, classId))
        .orderBy(asc(user.name));
      const school = await db
        .select({ id: user.id, name: user.name })
        .from(schoolTeachers)
        .innerJoin(user, eq(user.id, schoolTeachers.userId))
        .where(eq(schoolTeachers.schoolId, schoolId))
        .orderBy(asc(user.name));
      return { teachers, school };
    },

    async addTeacher(classId: string, userId: string) {
      await db.insert(classTeachers).values({ classId, userId }).onConflictDoNothing();
    },

    /** Removes a teacher unless she is the last one (checked and deleted in one transaction). */
    async removeTeacher(classId: string, userId: string): Promise<'removed' | 'last' | 'absent'> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ userId: classTeachers.userId })
          .from(classTeachers)
          .where(eq(classTeachers.classId, classId))
          .for('update');
        if (!rows.some((row) => row.userId === userId)) return 'absent';
        if (rows.length === 1) return 'last';
        await tx
          .delete(classTeachers)
          .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
        return 'removed';
      });
    },

    /**
     * The school's pupils outside this class: roster entries of its other classes, one per pupil (known by
     * account, else e-mail, else name), without those already in this class by the same key.
     */
    async schoolPupils(classId: string, schoolId: string) {
      const rows = await db
        .select({ entry: classStudents, className: classes.name })
        .from(classStudents)
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .where(eq(classes.schoolId, schoolId))
        .orderBy(asc(classStudents.name), asc(classes.name));
      const keyOf = (entry: StudentRow) =>
        entry.userId
          ? `u:${entry.userId}`
          : entry.email
            ? `e:${entry.email.toLowerCase()}`
            : `n:${entry.name.toLowerCase()}`;
      const present = new Set(
        rows.filter((row) => row.entry.classId === classId).map((row) => keyOf(row.entry)),
      );
      const seen = new Set<string>();
      return rows.filter((row) => {
        const key = keyOf(row.entry);
        if (row.entry.classId === classId || present.has(key) || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },

    /**
     * Copies roster entries of the school's other classes into this class, account link included, and enrols
     * them in its active courses. Answers how many were added.
     */
    async addFromSchool(classId: string, entries: StudentRow[]): Promise<number> {
      if (entries.length === 0) return 0;
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(classStudents)
          .values(
            entries.map((entry) => ({ classId, name: entry.name, email: entry.email, userId: entry.userId })),
          )
          // a concurrent add of the same e-mail: the unique index keeps one
          .onConflictDoNothing()
          .returning({ id: classStudents.id });
        await enrolInClassCourses(
          tx,
          rows.map((row) => row.id),
        );
        return rows.length;
      });
    },

    async listStudents(classId: string): Promise<StudentRow[]> {
      return db
        .select()
        .from(classStudents)
        .where(eq(classStudents.classId, classId))
        .orderBy(asc(classStudents.name), asc(classStudents.createdAt));
    },

    /**
     * Adds roster entries; one already in the class (same e-mail, or the same name without e-mail) is left
     * alone (spec 001 §5). Returns how many were added.
     */
    async addStudents(
      tx: Executor,
      classId: string,
      entries: Array<{ name: string; email?: string | undefined }>,
    ): Promise<number> {
      if (entries.length === 0) return 0;
      const present = await tx
        .select({ name: classStudents.name, email: classStudents.email })
        .from(classStudents)
        .where(eq(classStudents.classId, classId));
      const emails = new Set(present.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])));
      const names = new Set(present.filter((row) => !row.email).map((row) => row.name.toLowerCase()));
      const fresh = entries.filter((entry) =>
        entry.email ? !emails.has(entry.email.toLowerCase()) : !names.has(entry.name.toLowerCase()),
      );
      if (fresh.length === 0) return 0;
      const rows = await tx
        .insert(classStudents)
        .values(fresh.map((entry) => ({ classId, name: entry.name, email: entry.email ?? null })))
        // a concurrent add of the same e-mail: the unique index keeps one
        .onConflictDoNothing()
        .returning({ id: classStudents.id });
      await enrolInClassCourses(
        tx,
        rows.map((row) => row.id),
      );
      return rows.length;
    },

    async removeStudent(classId: string, studentId: string): Promise<boolean> {
      const rows = await db
        .delete(classStudents)
        .where(and(eq(classStudents.classId, classId), eq(classStudents.id, studentId)))
        .returning({ id: classStudents.id });
      return rows.length > 0;
    },

    /**
     * What deleting the class takes with it (issue 15 §8): its roster, and the courses that have no other
     * class; a course of several classes only loses this class and its pupils.
     */
    async deletionImpact(classId: string) {
      const [roster] = await db
        .select({ total: count() })
        .from(classStudents)
        .where(eq(classStudents.classId, classId));
      const linked = await db
        .select({
          id: courses.id,
          name: courses.name,
          classCount:
            sql<number>`(select count(*) from ${courseClasses} cc where cc.course_id = ${courses.id})`.mapWith(
              Number,
            ),
        })
        .from(courseClasses)
        .innerJoin(courses, eq(courses.id, courseClasses.courseId))
        .where(eq(courseClasses.classId, classId))
        .orderBy(asc(courses.name));
      return {
        students: roster?.total ?? 0,
        deletedCourses: linked.filter((row) => row.classCount <= 1),
        keptCourses: linked.filter((row) => row.classCount > 1),
      };
    },

    /**
     * Deletes the class and the given courses (those left without a class); everything else goes by FK
     * cascade. Answers the storage keys of the deleted courses' material files, for the caller to delete.
     */
    async deleteClass(classId: string, courseIds: string[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        const keys = await materialKeys(tx, courseIds);
        if (courseIds.length > 0) await tx.delete(courses).where(inArray(courses.id, courseIds));
        await tx.delete(classes).where(eq(classes.id, classId));
        return keys;
      });
    },

    /** Courses the teacher teaches that are not archived. */
    async countCourses(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(courses)
        .innerJoin(
          courseTeachers,
          and(eq(courseTeachers.courseId, courses.id), eq(courseTeachers.userId, userId)),
        )
        .where(isNull(courses.archivedAt));
      return row?.total ?? 0;
    },

    async countAnalysesSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(analyses)
        .where(and(eq(analyses.userId, userId), gte(analyses.createdAt, since)));
      return row?.total ?? 0;
    },

    /**
     * Distinct students of the given classes: one pupil on two rosters counts once, known by her account,
     * else by her e-mail; an entry with neither is its own pupil.
     */
    async countStudents(classIds: string[]): Promise<number> {
      if (classIds.length === 0) return 0;
      const [row] = await db
        .select({
          total:
            sql<number>`count(distinct coalesce(${classStudents.userId}, lower(${classStudents.email}), ${classStudents.id}::text))`.mapWith(
              Number,
            ),
        })
        .from(classStudents)
        .where(inArray(classStudents.classId, classIds));
      return row?.total ?? 0;
    },
  };
}

/** The storage keys of the material files of the given courses, read before the rows go by cascade. */
export async function materialKeys(tx: Executor, courseIds: string[]): Promise<string[]> {
  if (courseIds.length === 0) return [];
  const rows = await tx
    .select({ key: courseMaterialFiles.storageKey })
    .from(courseMaterialFiles)
    .innerJoin(courseMaterials, eq(courseMaterials.id, courseMaterialFiles.materialId))
    .where(inArray(courseMaterials.courseId, courseIds));
  return rows.map((row) => row.key);
}

export type ClassesRepository = ReturnType<typeof createClassesRepository>;
