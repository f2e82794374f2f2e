import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { messages, newScheduleEntry, type LtiRosterSyncResult } from '@korrigo/domain';
import {
  classStudents,
  courses as coursesTable,
  ltiContexts,
  ltiRegistrations,
  ltiRosterEntries,
} from '../../db/schema';
import type { Database } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { enrolInClassCourses } from '../classes/classes.repository';
import type { ClassesService } from '../classes/classes.service';
import type { CoursesService } from '../courses/courses.service';
import type { InvitationsService } from '../invitations/invitations.service';
import { personName, roleOf } from './lti.service';
import { platformFailed, type LtiTokenClient } from './lti.token';

const nrpsScope = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const nrpsMediaType = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** a course of a few hundred pupils is a handful of pages; a platform that never ends its list is cut off */
const maxPages = 50;
const requestTimeoutMs = 15_000;

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
  tokens: LtiTokenClient;
}) {
  const { db, classes, courses, invitations, tokens } = deps;

  /**
   * The course's learners as the platform lists them (NRPS 2.0 §2): every page of the membership container,
   * following `Link: <…>; rel="next"` on the same origin. Any failure throws before anything is written.
   */
  async function membersOf(registration: { clientId: string; tokenUrl: string }, membershipsUrl: string) {
    const accessToken = await tokens.accessToken(registration, [nrpsScope]);
    const members = new Map<string, string>();
    const origin = new URL(membershipsUrl).origin;
    let next: string | null = membershipsUrl;
    for (let page = 0; next; page += 1) {
      if (page === maxPages) throw platformFailed();
      let response: Response;
      try {
        response = await fetch(next, {
          headers: { authorization: `Bearer ${accessToken}`, accept: nrpsMediaType },
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch {
        throw platformFailed(messages.lti.platformUnreachable);
      }
      if (!response.ok) throw platformFailed();
      const body = (await response.json().catch(() => null)) as { members?: unknown } | null;
      if (!Array.isArray(body?.members)) throw platformFailed();
      for (const member of body.members as Array<Record<string, unknown>>) {
        const userId = typeof member?.user_id === 'string' ? member.user_id : '';
        // NRPS §2.3: a member without a status is active; teachers and other roles are no pupils
        const active = member?.status === undefined || member.status === 'Active';
        if (!userId || !active || roleOf(member.roles) !== 'student') continue;
        members.set(userId, personName(member));
      }
      const link = /<([^>]+)>\s*;\s*rel="?next"?/.exec(response.headers.get('link') ?? '')?.[1];
      // a next page elsewhere would get our token: the list is refused rather than read in part
      if (link && !(URL.canParse(link) && new URL(link).origin === origin)) throw platformFailed();
      next = link ?? null;
    }
    return members;
  }

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
     * learner's membership of its class. Answers where the browser lands: the teacher on the course, the
     * learner on „Mein Lernprofil“, which lists her courses and the results given back to her.
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
      // „Mein Lernprofil“: her courses (this one among them) and the results given back to her
      return '/dashboard/mytests';
    },

    /**
     * „Teilnehmende aus der Lernplattform übernehmen“ (ADR 0031, NRPS): the LMS course's learners become roster
     * entries of the course's LMS class, keyed by their LMS user id, without accounts; a pupil's first launch
     * later takes her entry over. Only the course's owner may; to anyone else the course is not found.
     */
    async syncRoster(userId: string, courseId: string): Promise<LtiRosterSyncResult> {
      const [found] = await db
        .select({ context: ltiContexts, registration: ltiRegistrations })
        .from(ltiContexts)
        .innerJoin(coursesTable, eq(coursesTable.id, ltiContexts.courseId))
        .innerJoin(ltiRegistrations, eq(ltiRegistrations.id, ltiContexts.registrationId))
        .where(and(eq(ltiContexts.courseId, courseId), eq(coursesTable.createdBy, userId)))
        .orderBy(asc(ltiContexts.createdAt))
        .limit(1);
      if (!found) throw notFound();
      const { context, registration } = found;
      const classId = context.classId;
      if (!classId || !context.nrpsMembershipsUrl)
        throw new AppError('conflict', messages.lti.noRosterService);
      const members = await membersOf(registration, context.nrpsMembershipsUrl);
      const result = await db.transaction(async (tx) => {
        // two syncs of one course run one after the other: the second finds the first one's entries
        await tx.execute(
          sql`select 1 from ${ltiContexts} where ${ltiContexts.id} = ${context.id} for update`,
        );
        const present = new Set(
          (
            await tx
              .select({ subject: ltiRosterEntries.subject })
              .from(ltiRosterEntries)
              .where(eq(ltiRosterEntries.contextId, context.id))
          ).map((row) => row.subject),
        );
        const fresh = [...members].filter(([subject]) => !present.has(subject));
        const added: string[] = [];
        for (const [subject, name] of fresh) {
          const [entry] = await tx
            .insert(classStudents)
            .values({ classId, name })
            .returning({ id: classStudents.id });
          const [linked] = await tx
            .insert(ltiRosterEntries)
            .values({ contextId: context.id, subject, classStudentId: entry!.id })
            .onConflictDoNothing()
            .returning({ subject: ltiRosterEntries.subject });
          // her launch came in between and made her entry: this one goes again
          if (linked) added.push(entry!.id);
          else await tx.delete(classStudents).where(eq(classStudents.id, entry!.id));
        }
        await enrolInClassCourses(tx, added);
        return { added: added.length, alreadyThere: members.size - added.length };
      });
      return { ...result, message: messages.lti.rosterSynced(result.added, result.alreadyThere) };
    },
  };
}
export type LtiRoster = ReturnType<typeof createLtiRoster>;
