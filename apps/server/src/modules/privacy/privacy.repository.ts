import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  account,
  aiRuns,
  analyses,
  analysisChanges,
  analysisFiles,
  chatMessageRecords,
  chats,
  classEvaluationFiles,
  classEvaluationPapers,
  classEvaluations,
  classStudents,
  classTeachers,
  classes,
  courseAssignments,
  courseExams,
  courseMaterialFiles,
  courseMaterials,
  courseStudents,
  courseTeachers,
  courses,
  creditCharges,
  dataExports,
  gradeRecords,
  gradeReleaseEvents,
  invitations,
  lessonPlans,
  ltiContexts,
  ltiDeployments,
  ltiGradeDeliveries,
  ltiRegistrations,
  ltiUserLinks,
  notifications,
  practiceSessions,
  profiles,
  schoolTeachers,
  studentIdChecks,
  schools,
  session,
  tests,
  user,
} from '../../db/schema';
import { deletedAccountName } from '@korrigo/domain';
import { isUniqueViolation, type Database, type Executor } from '../../platform/db';
import { endTeamPlan } from '../teams/teams.plan';

export type DataExportRow = typeof dataExports.$inferSelect;

/** A file to put into the export: where it is stored and the name it gets inside the ZIP. */
export type ExportFile = { storageKey: string; folder: string; originalName: string };

/**
 * Export and erasure (ADR 0015). Reads every table that holds something of one user; the erasure moves what
 * colleagues still use to them and lets the rest go by the schema's cascades.
 */
export function createPrivacyRepository(db: Database) {
  async function findUser(userId: string) {
    const [row] = await db.select().from(user).where(eq(user.id, userId));
    return row;
  }
  /**
   * Her ties to learning platforms (issue 35 §4): the accounts in an LMS her account is linked to, and the
   * platforms she connected with their deployments and the LMS courses launched from them. Columns are named
   * one by one: the LMS's user id is `lmsUserId` here, since `subject` means the school subject in the export.
   */
  async function lmsConnectionsOf(userId: string) {
    const registrations = await db
      .select({
        id: ltiRegistrations.id,
        name: ltiRegistrations.name,
        issuer: ltiRegistrations.issuer,
        clientId: ltiRegistrations.clientId,
        authUrl: ltiRegistrations.authUrl,
        tokenUrl: ltiRegistrations.tokenUrl,
        jwksUrl: ltiRegistrations.jwksUrl,
        schoolId: ltiRegistrations.schoolId,
        createdAt: ltiRegistrations.createdAt,
      })
      .from(ltiRegistrations)
      .where(eq(ltiRegistrations.ownerId, userId))
      .orderBy(asc(ltiRegistrations.createdAt));
    const ids = registrations.map((row) => row.id);
    return {
      // what Korrigo sends (or sent) to an LMS gradebook about her (AGS, issue 35 §2)
      gradesSentToLms: await db
        .select({
          platform: ltiRegistrations.name,
          lmsUserId: ltiGradeDeliveries.subject,
          analysisId: ltiGradeDeliveries.analysisId,
          title: ltiGradeDeliveries.label,
          scoreGiven: ltiGradeDeliveries.scoreGiven,
          scoreMaximum: ltiGradeDeliveries.scoreMaximum,
          comment: ltiGradeDeliveries.comment,
          deliveryStatus: ltiGradeDeliveries.status,
          sentAt: ltiGradeDeliveries.sentAt,
          updatedAt: ltiGradeDeliveries.updatedAt,
        })
        .from(ltiGradeDeliveries)
        .innerJoin(ltiContexts, eq(ltiContexts.id, ltiGradeDeliveries.contextId))
        .innerJoin(ltiRegistrations, eq(ltiRegistrations.id, ltiContexts.registrationId))
        .where(eq(ltiGradeDeliveries.userId, userId))
        .orderBy(asc(ltiGradeDeliveries.createdAt)),
      lmsAccounts: await db
        .select({
          platform: ltiRegistrations.name,
          issuer: ltiRegistrations.issuer,
          lmsUserId: ltiUserLinks.subject,
          createdAt: ltiUserLinks.createdAt,
        })
        .from(ltiUserLinks)
        .innerJoin(ltiRegistrations, eq(ltiRegistrations.id, ltiUserLinks.registrationId))
        .where(eq(ltiUserLinks.userId, userId))
        .orderBy(asc(ltiUserLinks.createdAt)),
      registrations,
      deployments:
        ids.length > 0
          ? await db
              .select({
                registrationId: ltiDeployments.registrationId,
                deploymentId: ltiDeployments.deploymentId,
              })
              .from(ltiDeployments)
              .where(inArray(ltiDeployments.registrationId, ids))
          : [],
      lmsCourses:
        ids.length > 0
          ? await db
              .select({
                registrationId: ltiContexts.registrationId,
                deploymentId: ltiContexts.deploymentId,
                contextId: ltiContexts.contextId,
                title: ltiContexts.title,
                courseId: ltiContexts.courseId,
                createdAt: ltiContexts.createdAt,
              })
              .from(ltiContexts)
              .where(inArray(ltiContexts.registrationId, ids))
              .orderBy(asc(ltiContexts.createdAt))
          : [],
    };
  }

  return {
    findUser,

    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
      return row?.password ?? null;
    },

    /** A new queued export, or null when one is already queued or running (the partial unique index). */
    async createExport(tx: Executor, userId: string, at: Date): Promise<DataExportRow | null> {
      try {
        const [row] = await tx.insert(dataExports).values({ userId, createdAt: at }).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async findExport(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
      return row;
    },

    async exportById(id: string) {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      return row;
    },

    async latestExport(userId: string) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return row;
    },

    async setExport(id: string, values: Partial<DataExportRow>) {
      await db.update(dataExports).set(values).where(eq(dataExports.id, id));
    },

    /** Finished exports past their day (and their files' keys), for the sweep. */
    async expiredExports(now: Date) {
      return db
        .select({ id: dataExports.id, storageKey: dataExports.storageKey })
        .from(dataExports)
        .where(lt(dataExports.expiresAt, now));
    },

    async deleteExports(ids: string[]) {
      if (ids.length > 0) await db.delete(dataExports).where(inArray(dataExports.id, ids));
    },

    /** Every record of the user, one entry per kind (the JSON files of the export). */
    async recordsOf(userId: string) {
      const own = await db.select().from(analyses).where(eq(analyses.userId, userId));
      const analysisIds = own.map((row) => row.id);
      const ofAnalyses = <T>(query: (ids: string[]) => Promise<T[]>) =>
        analysisIds.length > 0 ? query(analysisIds) : Promise.resolve([] as T[]);
      const sets = await db.select().from(classEvaluations).where(eq(classEvaluations.userId, userId));
      const setIds = sets.map((set) => set.id);
      const chatRows = await db.select().from(chats).where(eq(chats.userId, userId));
      const chatIds = chatRows.map((chat) => chat.id);
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return {
        profile: {
          user: await findUser(userId),
          // no storage key: the photo itself is in the ZIP
          profile: profile ? { ...profile, photoKey: undefined } : null,
          // how she signs in, never the password's hash or tokens
          signInMethods: await db
            .select({ provider: account.providerId, createdAt: account.createdAt })
            .from(account)
            .where(eq(account.userId, userId)),
          sessions: await db
            .select({
              createdAt: session.createdAt,
              expiresAt: session.expiresAt,
              ipAddress: session.ipAddress,
              userAgent: session.userAgent,
            })
            .from(session)
            .where(eq(session.userId, userId)),
        },
        analyses: {
          analyses: own,
          files: await ofAnalyses((ids) =>
            db
              .select({
                id: analysisFiles.id,
                analysisId: analysisFiles.analysisId,
                originalName: analysisFiles.originalName,
                mimeType: analysisFiles.mimeType,
                sizeBytes: analysisFiles.sizeBytes,
              })
              .from(analysisFiles)
              .where(inArray(analysisFiles.analysisId, ids)),
          ),
          gradingRuns: await ofAnalyses((ids) =>
            db.select().from(aiRuns).where(inArray(aiRuns.analysisId, ids)),
          ),
          changes: await ofAnalyses((ids) =>
            db.select().from(analysisChanges).where(inArray(analysisChanges.analysisId, ids)),
          ),
          credits: await db.select().from(creditCharges).where(eq(creditCharges.userId, userId)),
        },
        chats: {
          chats: chatRows,
          messages:
            chatIds.length > 0
              ? await db
                  .select()
                  .from(chatMessageRecords)
                  .where(inArray(chatMessageRecords.chatId, chatIds))
                  .orderBy(asc(chatMessageRecords.createdAt))
              : [],
        },
        notifications: await db.select().from(notifications).where(eq(notifications.userId, userId)),
        tests: await db.select().from(tests).where(eq(tests.userId, userId)),
        classSets: {
          sets,
          papers:
            setIds.length > 0
              ? await db
                  .select()
                  .from(classEvaluationPapers)
                  .where(inArray(classEvaluationPapers.evaluationId, setIds))
              : [],
        },
        schoolsClassesCourses: {
          schools: await db
            .select({ school: schools })
            .from(schoolTeachers)
            .innerJoin(schools, eq(schools.id, schoolTeachers.schoolId))
            .where(eq(schoolTeachers.userId, userId)),
          classesTaught: await db
            .select({ class: classes })
            .from(classTeachers)
            .innerJoin(classes, eq(classes.id, classTeachers.classId))
            .where(eq(classTeachers.userId, userId)),
          coursesTaught: await db
            .select({ course: courses })
            .from(courseTeachers)
            .innerJoin(courses, eq(courses.id, courseTeachers.courseId))
            .where(eq(courseTeachers.userId, userId)),
          // a pupil's own entries in class rosters and the courses she takes part in
          rosterEntries: await db
            .select({ entry: classStudents, className: classes.name })
            .from(classStudents)
            .innerJoin(classes, eq(classes.id, classStudents.classId))
            .where(eq(classStudents.userId, userId)),
          courseParticipation: await db
            .select({ courseId: courses.id, courseName: courses.name, subject: courses.subject })
            .from(courseStudents)
            .innerJoin(classStudents, eq(classStudents.id, courseStudents.classStudentId))
            .innerJoin(courses, eq(courses.id, courseStudents.courseId))
            .where(eq(classStudents.userId, userId)),
          invitationsSent: await db.select().from(invitations).where(eq(invitations.invitedBy, userId)),
          // personal invitations to her address or accepted by her; never the code, which is a key
          invitationsReceived: await db
            .select({
              kind: invitations.kind,
              email: invitations.email,
              schoolName: schools.name,
              className: classes.name,
              invitedByName: user.name,
              createdAt: invitations.createdAt,
              acceptedAt: invitations.acceptedAt,
              revokedAt: invitations.revokedAt,
            })
            .from(invitations)
            .innerJoin(schools, eq(schools.id, invitations.schoolId))
            .leftJoin(classes, eq(classes.id, invitations.classId))
            .innerJoin(user, eq(user.id, invitations.invitedBy))
            .where(
              or(
                eq(invitations.acceptedBy, userId),
                sql`lower(${invitations.email}) = (SELECT lower(email) FROM "user" WHERE id = ${userId})`,
              ),
            )
            .orderBy(asc(invitations.createdAt)),
          assignments: await db
            .select()
            .from(courseAssignments)
            .where(eq(courseAssignments.createdBy, userId)),
          exams: await db.select().from(courseExams).where(eq(courseExams.createdBy, userId)),
          materials: await db.select().from(courseMaterials).where(eq(courseMaterials.createdBy, userId)),
        },
        grades: {
          records: await db.select().from(gradeRecords).where(eq(gradeRecords.userId, userId)),
          // the Verlauf of her released grades: each release and update with the figures of its moment
          history: await db
            .select({
              kind: gradeReleaseEvents.kind,
              at: gradeReleaseEvents.createdAt,
              type: gradeReleaseEvents.type,
              title: gradeReleaseEvents.title,
              grade: gradeReleaseEvents.grade,
              achievedPoints: gradeReleaseEvents.achievedPoints,
              totalPoints: gradeReleaseEvents.totalPoints,
              releasedByName: gradeReleaseEvents.releasedByName,
              analysisId: gradeReleaseEvents.analysisId,
            })
            .from(gradeReleaseEvents)
            .where(eq(gradeReleaseEvents.pupilUserId, userId))
            .orderBy(asc(gradeReleaseEvents.createdAt), asc(gradeReleaseEvents.seq)),
        },
        // the uploads and decisions, never the storage key or the reviewer's account id
        studentIds: await db
          .select({
            id: studentIdChecks.id,
            status: studentIdChecks.status,
            mimeType: studentIdChecks.mimeType,
            sizeBytes: studentIdChecks.sizeBytes,
            createdAt: studentIdChecks.createdAt,
            reviewedAt: studentIdChecks.reviewedAt,
            reviewNote: studentIdChecks.reviewNote,
            validUntil: studentIdChecks.validUntil,
            fileKept: sql<boolean>`${studentIdChecks.storageKey} IS NOT NULL`,
          })
          .from(studentIdChecks)
          .where(eq(studentIdChecks.userId, userId))
          .orderBy(asc(studentIdChecks.createdAt)),
        lessonPlans: await db.select().from(lessonPlans).where(eq(lessonPlans.userId, userId)),
        practice: await db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId)),
        lmsConnections: await lmsConnectionsOf(userId),
        // never a storage key
        dataExports: (await db.select().from(dataExports).where(eq(dataExports.userId, userId))).map(
          ({ storageKey: _key, ...row }) => row,
        ),
      };
    },

    /** Her uploaded files: analyses, class sets, materials she wrote, her profile photo. */
    async filesOf(userId: string): Promise<ExportFile[]> {
      const analysisRows = await db
        .select({
          storageKey: analysisFiles.storageKey,
          originalName: analysisFiles.originalName,
          owner: analyses.id,
        })
        .from(analysisFiles)
        .innerJoin(analyses, eq(analyses.id, analysisFiles.analysisId))
        .where(eq(analyses.userId, userId))
        .orderBy(asc(analyses.createdAt), asc(analysisFiles.position));
      const setRows = await db
        .select({
          storageKey: classEvaluationFiles.storageKey,
          originalName: classEvaluationFiles.originalName,
          owner: classEvaluations.id,
        })
        .from(classEvaluationFiles)
        .innerJoin(classEvaluations, eq(classEvaluations.id, classEvaluationFiles.evaluationId))
        .where(eq(classEvaluations.userId, userId));
      const materialRows = await db
        .select({
          storageKey: courseMaterialFiles.storageKey,
          originalName: courseMaterialFiles.originalName,
          owner: courseMaterials.id,
        })
        .from(courseMaterialFiles)
        .innerJoin(courseMaterials, eq(courseMaterials.id, courseMaterialFiles.materialId))
        .where(eq(courseMaterials.createdBy, userId));
      const [photo] = await db
        .select({ key: profiles.photoKey })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      // a student ID is kept only until it is decided: then it is here
      const studentIdFiles = await db
        .select({ key: studentIdChecks.storageKey, id: studentIdChecks.id, mime: studentIdChecks.mimeType })
        .from(studentIdChecks)
        .where(and(eq(studentIdChecks.userId, userId), isNotNull(studentIdChecks.storageKey)));
      // a paper of a class set shares the stack's file: each stored file once
      const seen = new Set<string>();
      const files: ExportFile[] = [];
      const add = (folder: string, list: { storageKey: string; originalName: string; owner: string }[]) => {
        for (const file of list) {
          if (seen.has(file.storageKey)) continue;
          seen.add(file.storageKey);
          files.push({
            storageKey: file.storageKey,
            folder: `${folder}/${file.owner.slice(0, 8)}`,
            originalName: file.originalName,
          });
        }
      };
      add('dateien/klassensaetze', setRows);
      add('dateien/analysen', analysisRows);
      add('dateien/kursmaterial', materialRows);
      if (photo?.key) files.push({ storageKey: photo.key, folder: 'dateien', originalName: 'profilbild' });
      for (const file of studentIdFiles) {
        const extension = file.mime === 'application/pdf' ? 'pdf' : file.mime === 'image/png' ? 'png' : 'jpg';
        files.push({
          storageKey: file.key!,
          folder: 'dateien/schuelerausweis',
          originalName: `schuelerausweis-${file.id.slice(0, 8)}.${extension}`,
        });
      }
      return files;
    },

    /** The graded works: her own analyses with a result, and the analyses behind her grade records. */
    async gradedWorks(userId: string) {
      const own = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.userId, userId), sql`${analyses.result} IS NOT NULL`))
        .orderBy(asc(analyses.createdAt));
      const released = await db
        .select({ analysis: analyses, record: gradeRecords })
        .from(gradeRecords)
        .innerJoin(analyses, eq(analyses.id, gradeRecords.analysisId))
        .where(
          and(
            eq(gradeRecords.userId, userId),
            sql`${analyses.result} IS NOT NULL`,
            // a self-check's record names her own analysis, which is in `own` already: each PDF once
            ne(analyses.userId, userId),
          ),
        );
      return { own, released };
    },

    /**
     * Erases the account in one transaction (ADR 0015) and answers the storage keys its rows referred to and
     * the courses that went (their material files' prefixes). Before the cascades run: schools, classes,
     * courses and course work that other teachers share pass to one of them; what a released grade leaves
     * is written to the anonymised audit.
     */
    async erase(userId: string, erasedOn: string, inTransaction?: (tx: Executor) => Promise<void>) {
      return db.transaction(async (tx) => {
        const keys: string[] = [];
        const collect = (list: { key: string | null }[]) => {
          for (const row of list) if (row.key) keys.push(row.key);
        };

        // 1. what colleagues share stays with them: the first other teacher becomes its creator
        await tx.execute(sql`
          UPDATE schools s SET created_by = other.user_id
          FROM (
            SELECT DISTINCT ON (school_id) school_id, user_id FROM (
              SELECT school_id, user_id FROM school_teachers
              UNION SELECT c.school_id, ct.user_id FROM class_teachers ct JOIN classes c ON c.id = ct.class_id
              UNION SELECT k.school_id, kt.user_id FROM course_teachers kt JOIN courses k ON k.id = kt.course_id
            ) teachers WHERE user_id <> ${userId} ORDER BY school_id, user_id
          ) other
          WHERE s.id = other.school_id AND s.created_by = ${userId}`);
        await tx.execute(sql`
          UPDATE classes c SET created_by = other.user_id
          FROM (SELECT DISTINCT ON (class_id) class_id, user_id FROM class_teachers
                WHERE user_id <> ${userId} ORDER BY class_id, user_id) other
          WHERE c.id = other.class_id AND c.created_by = ${userId}`);
        await tx.execute(sql`
          UPDATE courses k SET created_by = other.user_id
          FROM (SELECT DISTINCT ON (course_id) course_id, user_id FROM course_teachers
                WHERE user_id <> ${userId} ORDER BY course_id, user_id) other
          WHERE k.id = other.course_id AND k.created_by = ${userId}`);
        for (const table of ['course_assignments', 'course_exams', 'course_materials']) {
          await tx.execute(sql`
            UPDATE ${sql.identifier(table)} w SET created_by = other.user_id
            FROM (SELECT DISTINCT ON (course_id) course_id, user_id FROM course_teachers
                  WHERE user_id <> ${userId} ORDER BY course_id, user_id) other
            WHERE w.course_id = other.course_id AND w.created_by = ${userId}`);
        }
        // a material's author is a name typed once; in a course that stays, hers goes
        await tx.execute(sql`
          UPDATE course_materials m SET author = ''
          FROM "user" u WHERE u.id = ${userId} AND m.author <> '' AND m.author = u.name`);

        // 2. the courses that go (hers alone, or in a school that goes) and the files behind everything
        const goingCourses = (
          await tx
            .select({ id: courses.id })
            .from(courses)
            .innerJoin(schools, eq(schools.id, courses.schoolId))
            .where(or(eq(courses.createdBy, userId), eq(schools.createdBy, userId)))
        ).map((row) => row.id);
        collect(
          await tx
            .select({ key: analysisFiles.storageKey })
            .from(analysisFiles)
            .innerJoin(analyses, eq(analyses.id, analysisFiles.analysisId))
            .where(eq(analyses.userId, userId)),
        );
        collect(
          await tx
            .select({ key: classEvaluationFiles.storageKey })
            .from(classEvaluationFiles)
            .innerJoin(classEvaluations, eq(classEvaluations.id, classEvaluationFiles.evaluationId))
            .where(eq(classEvaluations.userId, userId)),
        );
        if (goingCourses.length > 0) {
          collect(
            await tx
              .select({ key: courseMaterialFiles.storageKey })
              .from(courseMaterialFiles)
              .innerJoin(courseMaterials, eq(courseMaterials.id, courseMaterialFiles.materialId))
              .where(inArray(courseMaterials.courseId, goingCourses)),
          );
        }
        collect(
          await tx.select({ key: profiles.photoKey }).from(profiles).where(eq(profiles.userId, userId)),
        );
        collect(
          await tx
            .select({ key: dataExports.storageKey })
            .from(dataExports)
            .where(eq(dataExports.userId, userId)),
        );

        // 3. the anonymised audit of released grades (not self-checks): of her analyses, which go now, and of
        // her own records whose analysis is still there (one whose analysis went was audited then)
        await tx.execute(sql`
          INSERT INTO grade_release_audit (released_on, subject, record_type, grade, suggested_grade,
            achieved_points, suggested_points, total_points, teacher_changes, engine, engine_version, erased_on)
          SELECT (r.created_at AT TIME ZONE 'Europe/Berlin')::date, r.subject, r.type, r.grade,
            a.suggested_result->>'grade',
            r.achieved_points,
            (a.suggested_result->>'achieved_points')::real,
            r.total_points,
            (SELECT count(*) FROM analysis_changes ch WHERE ch.analysis_id = a.id
               AND ch.change->>'type' NOT IN ('confirm', 'reopen')),
            run.engine, run.engine_version, ${erasedOn}::date
          FROM grade_records r
          JOIN analyses a ON a.id = r.analysis_id
          LEFT JOIN LATERAL (SELECT engine, engine_version FROM ai_runs WHERE analysis_id = a.id
                             ORDER BY created_at DESC LIMIT 1) run ON true
          WHERE r.type <> 'Selbsttest' AND (a.user_id = ${userId} OR r.user_id = ${userId})`);

        // 3b. a pupil's roster entries stay the school's, without her (issue 33 §6): her e-mail leaves every
        // entry that has it or is linked to her; a name that came from her account (she joined with a code)
        // becomes "gelöschtes Konto", a name her teacher typed stays
        await tx.execute(sql`
          UPDATE class_students cs SET
            email = NULL,
            name = CASE
              WHEN lower(btrim(cs.name)) IN (lower(btrim(u.name)), lower(u.email), lower(split_part(u.email, '@', 1)))
                OR cs.name LIKE '%@%' OR btrim(cs.name) = ''
              THEN ${deletedAccountName} ELSE cs.name END
          FROM "user" u
          WHERE u.id = ${userId} AND (cs.user_id = u.id OR lower(cs.email) = lower(u.email))`);
        // personal invitations to her address or accepted by her hold her address: they go
        await tx.execute(sql`
          DELETE FROM invitations i USING "user" u
          WHERE u.id = ${userId} AND (i.accepted_by = u.id OR lower(i.email) = lower(u.email))`);
        collect(
          await tx
            .select({ key: studentIdChecks.storageKey })
            .from(studentIdChecks)
            .where(eq(studentIdChecks.userId, userId)),
        );

        // her graded work goes with her analyses (ADR 0015), the copies released to her pupils too (ADR 0024):
        // their records keep the figures, and say that the work is no longer available
        await tx.execute(sql`
          UPDATE grade_records SET released_result = NULL, released_text = NULL
          WHERE analysis_id IN (SELECT id FROM analyses WHERE user_id = ${userId})`);

        // an owner's Pro Team ends with her account: its members get their own plans back (ADR 0020)
        await endTeamPlan(tx, userId);

        // 4. the account; sessions, profile, analyses, chats, notifications, tests, memberships, class sets,
        // lesson plans, practice, grade records and exports go by cascade (the schema's foreign keys), and so
        // do her links to LMS accounts and the LMS platforms she connected, with their deployments, the LMS
        // courses launched from them and everyone's links through them (issue 35 §4)
        await tx.delete(user).where(eq(user.id, userId));
        await inTransaction?.(tx);
        return { keys: [...new Set(keys)], courses: goingCourses };
      });
    },

    /** Whether a stored file is still referred to by anyone (a key shared with a remaining row stays). */
    async stillReferenced(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const found = await Promise.all([
        db
          .select({ key: analysisFiles.storageKey })
          .from(analysisFiles)
          .where(inArray(analysisFiles.storageKey, keys)),
        db
          .select({ key: classEvaluationFiles.storageKey })
          .from(classEvaluationFiles)
          .where(inArray(classEvaluationFiles.storageKey, keys)),
        db
          .select({ key: courseMaterialFiles.storageKey })
          .from(courseMaterialFiles)
          .where(inArray(courseMaterialFiles.storageKey, keys)),
      ]);
      return new Set(found.flat().map((row) => row.key));
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
