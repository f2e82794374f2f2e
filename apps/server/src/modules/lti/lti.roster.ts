import { and, eq, isNull } from 'drizzle-orm';
import { messages, newScheduleEntry } from '@korrigo/domain';
import { ltiContexts, ltiRosterEntries } from '../../db/schema';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ClassesService } from '../classes/classes.service';
import type { CoursesService } from '../courses/courses.service';
import type { InvitationsService } from '../invitations/invitations.service';

type Context = typeof ltiContexts.$inferSelect;

/** The course page of the web app: the classes screen with the course's dialog open. */
export const coursePage = (courseId: string) => `/dashboard/classes?courseId=${courseId}`;

/**
 * The LMS course in Korrigo (ADR 0031, "Course"): an instructor's first launch creates a course with its own
 * class (the „LMS class“, whose roster holds the LMS course's pupils) through the same services as the
 * „Neue Klasse“ and „Neuer Kurs“ forms; a learner's launch joins that class as an invitation's code would.
 * Everything is reached through the `lti_contexts` row of the launch's registration, so another school's
 * platform never reaches this course.
 */
export function createLtiRoster(deps: {
  db: Database;
  classes: Pick<ClassesService, 'listSchools' | 'createSchool' | 'createClass' | 'deleteClass'>;
  courses: Pick<CoursesService, 'create' | 'get' | 'remove'>;
  invitations: Pick<InvitationsService, 'joinClass'>;
}) {
  const { db, classes, courses, invitations } = deps;

  /** Her first school (an LMS account has none of its own), else a new one named after the platform. */
  async function schoolOf(userId: string, platformName: string) {
    const [first] = await classes.listSchools(userId);
    return first?.id ?? (await classes.createSchool(userId, { name: platformName })).id;
  }

  /** Creates the course (and the class, unless the context kept its class) and links both to the context. */
  async function createCourse(context: Context, userId: string, platformName: string) {
    const name = (context.title.trim() || messages.lti.untitledCourse).slice(0, 120);
    const classId =
      context.classId ??
      (
        await classes.createClass(userId, {
          schoolId: await schoolOf(userId, platformName),
          name,
          gradeLevel: messages.lti.classGradeLevel,
        })
      ).id;
    const course = await courses.create(userId, {
      classIds: [classId],
      name,
      subject: messages.lti.courseSubject,
      // the form's default entry: the course form requires one, the LMS sends no timetable
      schedule: [newScheduleEntry],
    });
    const [linked] = await db
      .update(ltiContexts)
      .set({ courseId: course.id, classId })
      .where(and(eq(ltiContexts.id, context.id), isNull(ltiContexts.courseId)))
      .returning();
    if (linked) return course.id;
    // a second launch of hers was quicker (a double click in the LMS): hers stays, this one goes
    await courses.remove(userId, course.id);
    if (classId !== context.classId) await classes.deleteClass(userId, classId);
    const [winner] = await db.select().from(ltiContexts).where(eq(ltiContexts.id, context.id));
    return winner!.courseId!;
  }

  return {
    /**
     * After a verified launch from `context`: the instructor's course (created on her first launch), or the
     * learner's membership of its class. Answers where the browser lands.
     */
    async afterLaunch(input: {
      context: Context | undefined;
      userId: string;
      subject: string;
      role: 'teacher' | 'student';
      platformName: string;
    }): Promise<string> {
      const { context, userId } = input;
      if (input.role === 'teacher') {
        if (!context) return '/dashboard/classes';
        if (!context.courseId) return coursePage(await createCourse(context, userId, input.platformName));
        try {
          await courses.get(userId, context.courseId);
          return coursePage(context.courseId);
        } catch (error) {
          // another instructor of the LMS course: the course is her colleague's until she is added to it
          if (error instanceof AppError && error.code === 'not_found') return '/dashboard/classes';
          throw error;
        }
      }
      if (context?.courseId && context.classId) {
        const [entry] = await db
          .select()
          .from(ltiRosterEntries)
          .where(
            and(eq(ltiRosterEntries.contextId, context.id), eq(ltiRosterEntries.subject, input.subject)),
          );
        // the roster sync's entry for her LMS id becomes her membership: no second entry
        const classStudentId = await invitations.joinClass(
          userId,
          context.classId,
          entry?.classStudentId ?? null,
        );
        await db
          .insert(ltiRosterEntries)
          .values({ contextId: context.id, subject: input.subject, classStudentId })
          .onConflictDoNothing();
      }
      return '/dashboard';
    },
  };
}
export type LtiRoster = ReturnType<typeof createLtiRoster>;
