import { and, asc, desc, eq, gt, inArray, isNotNull, max, sql } from 'drizzle-orm';
import {
  classStudents,
  classTeachers,
  classes,
  courseStudents,
  courseTeachers,
  courses,
  schools,
  studentIdChecks,
  user,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { accountOf } from '../profile/profile.repository';

export type StudentIdCheckRow = typeof studentIdChecks.$inferSelect;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Whether the user has a student ID confirmed at `now` (spec 000 §6: Premium Student "requires a valid
 * student ID"): an approved check whose school year has not ended. For the billing checkout.
 */
export async function hasConfirmedStudentId(executor: Executor, userId: string, now: Date): Promise<boolean> {
  return (await confirmedUntil(executor, userId, now)) !== null;
}

/** The end of the latest confirmation that still holds at `now`, else null. */
export async function confirmedUntil(executor: Executor, userId: string, now: Date): Promise<Date | null> {
  const [row] = await executor
    .select({ until: max(studentIdChecks.validUntil) })
    .from(studentIdChecks)
    .where(
      and(
        eq(studentIdChecks.userId, userId),
        eq(studentIdChecks.status, 'approved'),
        gt(studentIdChecks.validUntil, now),
      ),
    );
  return row?.until ? new Date(row.until) : null;
}

export function createStudentIdsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
    confirmedUntil: (userId: string, now: Date) => confirmedUntil(db, userId, now),

    findAccount: (userId: string) => accountOf(db, userId),

    async latest(userId: string): Promise<StudentIdCheckRow | undefined> {
      const [row] = await db
        .select()
        .from(studentIdChecks)
        .where(eq(studentIdChecks.userId, userId))
        .orderBy(desc(studentIdChecks.createdAt))
        .limit(1);
      return row;
    },

    async hasPending(tx: Executor, userId: string): Promise<boolean> {
      // one upload at a time: the user's row is locked so two uploads at once cannot both pass
      await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
      const [row] = await tx
        .select({ id: studentIdChecks.id })
        .from(studentIdChecks)
        .where(and(eq(studentIdChecks.userId, userId), eq(studentIdChecks.status, 'pending')));
      return row !== undefined;
    },

    async insert(tx: Executor, values: typeof studentIdChecks.$inferInsert) {
      const [row] = await tx.insert(studentIdChecks).values(values).returning();
      return row!;
    },

    /**
     * The students a teacher may review, with their schools: those in a class she teaches or taking part in a
     * course she teaches (issue 31: not every teacher of the school).
     */
    async reachableStudents(reviewerId: string): Promise<Map<string, string[]>> {
      const inClasses = await db
        .selectDistinct({ studentId: classStudents.userId, schoolName: schools.name })
        .from(classStudents)
        .innerJoin(
          classTeachers,
          and(eq(classTeachers.classId, classStudents.classId), eq(classTeachers.userId, reviewerId)),
        )
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .innerJoin(schools, eq(schools.id, classes.schoolId))
        .where(isNotNull(classStudents.userId));
      const inCourses = await db
        .selectDistinct({ studentId: classStudents.userId, schoolName: schools.name })
        .from(courseStudents)
        .innerJoin(
          courseTeachers,
          and(eq(courseTeachers.courseId, courseStudents.courseId), eq(courseTeachers.userId, reviewerId)),
        )
        .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
        .innerJoin(courses, eq(courses.id, courseStudents.courseId))
        .innerJoin(schools, eq(schools.id, courses.schoolId))
        .where(isNotNull(classStudents.userId));
      const reach = new Map<string, string[]>();
      for (const row of [...inClasses, ...inCourses]) {
        const names = reach.get(row.studentId!) ?? [];
        if (!names.includes(row.schoolName)) reach.set(row.studentId!, [...names, row.schoolName]);
      }
      return reach;
    },

    /** Pending uploads with their students, oldest first; limited to `userIds` unless null (the operator). */
    async pending(userIds: string[] | null) {
      if (userIds && userIds.length === 0) return [];
      return db
        .select({ check: studentIdChecks, studentName: user.name, studentEmail: user.email })
        .from(studentIdChecks)
        .innerJoin(user, eq(user.id, studentIdChecks.userId))
        .where(
          and(
            eq(studentIdChecks.status, 'pending'),
            isNotNull(studentIdChecks.storageKey),
            ...(userIds ? [inArray(studentIdChecks.userId, userIds)] : []),
          ),
        )
        .orderBy(asc(studentIdChecks.createdAt));
    },

    async findById(id: string): Promise<StudentIdCheckRow | undefined> {
      const [row] = await db.select().from(studentIdChecks).where(eq(studentIdChecks.id, id));
      return row;
    },

    /** Records a decision on a pending upload; undefined when it was decided already. */
    async decide(
      tx: Executor,
      id: string,
      values: Pick<StudentIdCheckRow, 'status' | 'reviewedBy' | 'reviewNote' | 'validUntil' | 'reviewedAt'>,
    ) {
      const [row] = await tx
        .update(studentIdChecks)
        .set({ ...values, storageKey: null })
        .where(and(eq(studentIdChecks.id, id), eq(studentIdChecks.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type StudentIdsRepository = ReturnType<typeof createStudentIdsRepository>;
