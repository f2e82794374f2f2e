import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  classes,
  classStudents,
  classTeachers,
  courseClasses,
  courses,
  courseStudents,
  courseTeachers,
  invitations,
  schools,
  schoolTeachers,
  user,
} from '../../db/schema';
import type { Database, Executor } from '../../platform/db';
import { accountTypeOf } from '../profile/profile.repository';
import { enrolInClassCourses } from '../classes/classes.repository';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationWithNames = InvitationRow & {
  schoolName: string;
  className: string | null;
  invitedByName: string;
};

/**
 * Invitations and what accepting one writes (issue 15 §1, §3), and the student's read of her own classes and
 * courses. Teachers' rights are read through the teacher link tables, as in the classes module.
 */
export function createInvitationsRepository(db: Database) {
  const withNames = () =>
    db
      .select({
        invitation: invitations,
        schoolName: schools.name,
        className: classes.name,
        invitedByName: user.name,
      })
      .from(invitations)
      .innerJoin(schools, eq(schools.id, invitations.schoolId))
      .leftJoin(classes, eq(classes.id, invitations.classId))
      .innerJoin(user, eq(user.id, invitations.invitedBy));

  const flatten = (rows: Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>) =>
    rows.map(({ invitation, ...names }): InvitationWithNames => ({
      ...invitation,
      ...names,
    }));

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    findAccountType: (userId: string) => accountTypeOf(db, userId),

    async findUser(userId: string) {
      const [row] = await db
        .select({ id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, userId));
      return row;
    },

    /** The school, if the user is one of its teachers. */
    async teachersSchool(userId: string, schoolId: string) {
      const [row] = await db
        .select({ id: schools.id, name: schools.name })
        .from(schools)
        .innerJoin(
          schoolTeachers,
          and(eq(schoolTeachers.schoolId, schools.id), eq(schoolTeachers.userId, userId)),
        )
        .where(eq(schools.id, schoolId));
      return row;
    },

    /** The class with its school, if the user is one of its teachers. */
    async teachersClass(userId: string, classId: string) {
      const [row] = await db
        .select({ id: classes.id, name: classes.name, schoolId: classes.schoolId, schoolName: schools.name })
        .from(classes)
        .innerJoin(
          classTeachers,
          and(eq(classTeachers.classId, classes.id), eq(classTeachers.userId, userId)),
        )
        .innerJoin(schools, eq(schools.id, classes.schoolId))
        .where(eq(classes.id, classId));
      return row;
    },

    async findRosterEntry(classId: string, classStudentId: string) {
      const [row] = await db
        .select()
        .from(classStudents)
        .where(and(eq(classStudents.classId, classId), eq(classStudents.id, classStudentId)));
      return row;
    },

    /** The join code (no e-mail, not revoked) of a school or class, if it has one. */
    async findJoinCode(target: { schoolId: string } | { classId: string }) {
      const [row] = await withNames()
        .where(
          and(
            'classId' in target
              ? eq(invitations.classId, target.classId)
              : and(eq(invitations.schoolId, target.schoolId), eq(invitations.kind, 'school_teacher')),
            isNull(invitations.email),
            isNull(invitations.revokedAt),
          ),
        )
        .orderBy(asc(invitations.createdAt));
      return row && flatten([row])[0];
    },

    /** Inserts an invitation; false when the code is taken (the caller draws another). */
    async insert(values: typeof invitations.$inferInsert): Promise<string | undefined> {
      const [row] = await db
        .insert(invitations)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: invitations.id });
      return row?.id;
    },

    async findById(id: string): Promise<InvitationWithNames | undefined> {
      const [row] = await withNames().where(eq(invitations.id, id));
      return row && flatten([row])[0];
    },

    async findByCode(code: string): Promise<InvitationWithNames | undefined> {
      const [row] = await withNames().where(eq(invitations.code, code));
      return row && flatten([row])[0];
    },

    /** Personal invitations to this e-mail that wait for an answer. */
    async listReceived(email: string) {
      return flatten(
        await withNames()
          .where(
            and(
              sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .orderBy(desc(invitations.createdAt)),
      );
    },

    /** The teacher's open invitations: join codes, and personal ones not yet accepted. */
    async listSent(userId: string) {
      return flatten(
        await withNames()
          .where(
            and(
              eq(invitations.invitedBy, userId),
              isNull(invitations.revokedAt),
              or(isNull(invitations.email), isNull(invitations.acceptedAt)),
            ),
          )
          .orderBy(desc(invitations.createdAt)),
      );
    },

    async revoke(id: string, at: Date) {
      await db.update(invitations).set({ revokedAt: at }).where(eq(invitations.id, id));
    },

    async markAccepted(tx: Executor, id: string, userId: string, at: Date) {
      await tx.update(invitations).set({ acceptedBy: userId, acceptedAt: at }).where(eq(invitations.id, id));
    },

    async addSchoolTeacher(tx: Executor, schoolId: string, userId: string) {
      await tx.insert(schoolTeachers).values({ schoolId, userId }).onConflictDoNothing();
    },

    /**
     * Holds the account's row until the transaction ends, so that two accepts of one account run one after
     * the other: an entry without an e-mail has no unique index to stop a second click adding it twice.
     */
    async lockUser(tx: Executor, userId: string) {
      await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
    },

    async rosterEntryOfUser(tx: Executor, classId: string, userId: string) {
      const [row] = await tx
        .select({ id: classStudents.id })
        .from(classStudents)
        .where(and(eq(classStudents.classId, classId), eq(classStudents.userId, userId)));
      return row;
    },

    /** Links a roster entry without an account to the account; false when it has one meanwhile. */
    async claimRosterEntry(tx: Executor, classStudentId: string, userId: string): Promise<boolean> {
      const rows = await tx
        .update(classStudents)
        .set({ userId })
        .where(and(eq(classStudents.id, classStudentId), isNull(classStudents.userId)))
        .returning({ id: classStudents.id });
      return rows.length > 0;
    },

    async unclaimedEntryByEmail(tx: Executor, classId: string, email: string) {
      const [row] = await tx
        .select({ id: classStudents.id })
        .from(classStudents)
        .where(
          and(
            eq(classStudents.classId, classId),
            isNull(classStudents.userId),
            sql`lower(${classStudents.email}) = ${email.toLowerCase()}`,
          ),
        );
      return row;
    },

    /**
     * A new roster entry for an account that joined, added to the class's active courses as a participant so
     * that she sees them (issue 15 §3). Without a confirmed address the entry goes without an e-mail (issue
     * 31). Another entry holding her e-mail (linked to someone else) keeps it: the new entry then goes without
     * one, as the class's unique e-mail index requires. Run it under `lockUser`.
     */
    async addJoinedStudent(
      tx: Executor,
      values: { classId: string; name: string; email: string | null; userId: string },
    ): Promise<string> {
      const [withEmail] = await tx
        .insert(classStudents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: classStudents.id });
      const id =
        withEmail?.id ??
        (
          await tx
            .insert(classStudents)
            .values({ ...values, email: null })
            .returning({ id: classStudents.id })
        )[0]!.id;
      await enrolInClassCourses(tx, [id]);
      return id;
    },

    /** The student's classes (not archived), with their school and teachers' names; no roster. */
    async studentClasses(userId: string, classId?: string) {
      const rows = await db
        .select({
          id: classes.id,
          name: classes.name,
          gradeLevel: classes.gradeLevel,
          schoolName: schools.name,
        })
        .from(classStudents)
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .innerJoin(schools, eq(schools.id, classes.schoolId))
        .where(
          and(
            eq(classStudents.userId, userId),
            isNull(classes.archivedAt),
            classId ? eq(classes.id, classId) : undefined,
          ),
        )
        .orderBy(asc(classes.name));
      if (rows.length === 0) return [];
      const teachers = await db
        .select({ classId: classTeachers.classId, name: user.name })
        .from(classTeachers)
        .innerJoin(user, eq(user.id, classTeachers.userId))
        .where(
          inArray(
            classTeachers.classId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(user.name));
      return rows.map((row) => ({
        ...row,
        teachers: teachers.filter((teacher) => teacher.classId === row.id).map((teacher) => teacher.name),
      }));
    },

    /** The courses (not archived) the student takes part in through one of her roster entries. */
    async studentCourses(userId: string) {
      const rows = await db
        .selectDistinct({ course: courses })
        .from(courseStudents)
        .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
        .innerJoin(courses, eq(courses.id, courseStudents.courseId))
        .where(and(eq(classStudents.userId, userId), isNull(courses.archivedAt)));
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.course.id);
      const teachers = await db
        .select({ courseId: courseTeachers.courseId, name: user.name })
        .from(courseTeachers)
        .innerJoin(user, eq(user.id, courseTeachers.userId))
        .where(inArray(courseTeachers.courseId, ids))
        .orderBy(asc(user.name));
      const links = await db
        .select({ courseId: courseClasses.courseId, name: classes.name })
        .from(courseClasses)
        .innerJoin(classes, eq(classes.id, courseClasses.classId))
        .where(inArray(courseClasses.courseId, ids))
        .orderBy(asc(classes.name));
      return rows
        .map(({ course }) => ({
          id: course.id,
          name: course.name,
          subject: course.subject,
          description: course.description,
          classroom: course.classroom,
          schedule: course.schedule,
          classNames: links.filter((link) => link.courseId === course.id).map((link) => link.name),
          teachers: teachers.filter((teacher) => teacher.courseId === course.id).map((t) => t.name),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'de'));
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
