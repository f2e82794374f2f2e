import { and, desc, eq } from 'drizzle-orm';
import type { LessonPlanInput } from '@korrigo/domain';
import { courses, lessonPlans } from '../../db/schema';
import type { Database } from '../../platform/db';
import { courseRole } from '../courses/courses.repository';
import { accountTypeOf } from '../profile/profile.repository';

export type LessonPlanRow = typeof lessonPlans.$inferSelect;
type PlanValues = Omit<LessonPlanInput, 'courseId'> & { courseId: string | null; courseName: string | null };

/** A teacher's lesson plans: every read and write names her, so another teacher's plan finds nothing. */
export function createLessonPlansRepository(db: Database) {
  return {
    findAccountType: (userId: string) => accountTypeOf(db, userId),

    /** The course's name when she teaches it (the one membership read of the courses module), else null. */
    async taughtCourseName(userId: string, courseId: string): Promise<string | null> {
      if ((await courseRole(db, userId, courseId)) !== 'teacher') return null;
      const [row] = await db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
      return row?.name ?? null;
    },

    /** Newest first; with a course, only her plans for it. */
    list(userId: string, courseId?: string): Promise<LessonPlanRow[]> {
      return db
        .select()
        .from(lessonPlans)
        .where(and(eq(lessonPlans.userId, userId), courseId ? eq(lessonPlans.courseId, courseId) : undefined))
        .orderBy(desc(lessonPlans.createdAt), desc(lessonPlans.id));
    },

    async find(userId: string, id: string): Promise<LessonPlanRow | undefined> {
      const [row] = await db
        .select()
        .from(lessonPlans)
        .where(and(eq(lessonPlans.id, id), eq(lessonPlans.userId, userId)));
      return row;
    },

    async create(userId: string, values: PlanValues, at: Date): Promise<LessonPlanRow> {
      const [row] = await db
        .insert(lessonPlans)
        .values({ ...values, userId, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async update(userId: string, id: string, values: PlanValues, at: Date) {
      const [row] = await db
        .update(lessonPlans)
        .set({ ...values, updatedAt: at })
        .where(and(eq(lessonPlans.id, id), eq(lessonPlans.userId, userId)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(lessonPlans)
        .where(and(eq(lessonPlans.id, id), eq(lessonPlans.userId, userId)))
        .returning({ id: lessonPlans.id });
      return rows.length > 0;
    },
  };
}
export type LessonPlansRepository = ReturnType<typeof createLessonPlansRepository>;
