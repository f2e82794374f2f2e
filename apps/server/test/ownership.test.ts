import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyses,
  analysisFiles,
  chats,
  dataExports,
  gradeRecords,
  notifications,
  studentIdChecks,
  teamInvitations,
  teamMembers,
  teams,
} from '../src/db/schema';
import { createSignedTokens } from '../src/modules/lti/lti.signed';
import { createPlans } from '../src/modules/plans/plans.service';
import { resolveAuthSecret } from '../src/platform/secret';
import { hashTeamToken } from '../src/modules/teams/teams.service';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import {
  buildAnalysis,
  buildLessonPlan,
  buildSavedTest,
  createUser,
  lessonPlanInput,
} from './support/factories';
import { multipartBody } from './support/multipart';

type User = Awaited<ReturnType<typeof createUser>>;

/** The modules whose objects belong to one user (issue 6 §7): every route under these prefixes is walked. */
const ownedPrefixes = [
  '/api/analyses',
  '/analysis/',
  '/api/chats',
  '/api/notifications',
  '/api/openai',
  '/api/schools',
  '/api/classes',
  '/api/courses',
  '/api/invitations',
  '/api/my-classes',
  '/api/class-evaluations',
  '/evaluate-class',
  '/grades/',
  '/api/grades',
  '/api/learning-profile',
  '/api/learning-assistant',
  '/api/lesson-plans',
  '/api/analytics',
  '/api/privacy',
  // checkout and portal act on the caller's own subscription and take no id; the webhook has no user at all
  // (the provider's signature is its check): apps/server/test/billing.test.ts
  '/api/billing',
  '/api/team',
  '/api/student-id',
  // the operator's assignment of Enterprise takes an address, no id; its rights: plans.test.ts
  '/api/admin',
  // the LMS connections (issue 35 §2): the list and the creation act on the caller's own, the roster sync is
  // the course owner's, the grade deliveries the class set's or analysis's owner's; lti.test.ts, lti-grades.test.ts
  '/api/lti',
  // deep linking's answer page (her selection token and her own objects) and dynamic registration (its signed
  // k is the capability, no session); lti.test.ts
  '/lti/deep-linking',
  '/lti/register',
];

/**
 * Every route of the app as `METHOD /path`, read from Fastify's route tree, so that a route added later
 * without an entry in the walk below makes this test fail instead of going unchecked.
 */
function routeTable(printed: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe.each(databaseKinds)("[OWNERSHIP] another user's ids on %s", (kind) => {
  let t: TestApp;
  let owner: User;
  let stranger: User;
  let analysisId: string;
  /** a file of another analysis of the owner's: the page-image route takes both ids */
  let file: { analysisId: string; id: string };
  let chatId: string;
  let notificationId: string;
  let schoolId: string;
  let classId: string;
  let studentId: string;
  let courseId: string;
  /** the course's assignment, exam and material with one file: the course-work routes take their ids */
  let work: { assignmentId: string; examId: string; materialId: string; fileId: string };
  /** a personal invitation of the owner's class, to an address that is neither the owner's nor the stranger's */
  let invitation: { id: string; code: string };
  /** a class set of the owner's course with its key file, and a paper of it once grading started */
  let classSet: { id: string; fileId: string; paperId: string };
  /** two students: the Lern-Assistent is theirs (a teacher gets 403 there); the owner's session and mistake */
  let pupil: User;
  let strangePupil: User;
  let learning: { sessionId: string; mistakeId: string };
  /** the owner's lesson plan, linked to her course */
  let planId: string;
  /** the owner's data export (a row is enough: the routes look it up before anything else) */
  let exportId: string;
  /** the owner's Pro Team with a member, an invitation to another address (its link's token) and a saved test */
  let team: { memberId: string; invitationId: string; token: string; testId: string };
  /** the pupil's pending student ID upload (a teacher of no school of hers may not see it) */
  let studentIdCheckId: string;
  /** the owner's deep linking selection (LTI), as her LMS launch signs it into /lti/auswahl */
  let deepLinkingToken: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { jobs: { pollingIntervalSeconds: 0.5 } });
    owner = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    stranger = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { text: 'Die Photosynthese braucht Licht, Wasser und Kohlenstoffdioxid.', title: 'Bio' },
    });
    expect(created.statusCode, created.body).toBe(202);
    analysisId = created.json().id;
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const status = await t.app.inject({
        url: `/api/analyses/${analysisId}/status`,
        headers: { cookie: owner.cookie },
      });
      if (status.json().status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const upload = multipartBody([{ name: 'antwort.txt', data: Buffer.from('Licht und Wasser.') }]);
    const withFile = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...upload.headers },
      payload: upload.payload,
    });
    expect(withFile.statusCode, withFile.body).toBe(202);
    const [stored] = await t.context.database.db
      .select()
      .from(analysisFiles)
      .where(eq(analysisFiles.analysisId, withFile.json().id));
    file = { analysisId: stored!.analysisId, id: stored!.id };

    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: {
        userId: owner.id,
        analysisId,
        chatData: { id: crypto.randomUUID(), name: 'Fragen zur Note', messages: [] },
      },
    });
    expect(chat.statusCode, chat.body).toBe(200);
    chatId = chat.json().id;

    const [notification] = await t.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(notification, 'the finished analysis notifies its owner').toBeDefined();
    notificationId = notification!.id;

    const schools = await t.app.inject({ url: '/api/schools', headers: { cookie: owner.cookie } });
    schoolId = schools.json()[0].id;
    const schoolClass = await t.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { schoolId, name: '7b', gradeLevel: '7', students: [{ name: 'Anna Schmidt' }] },
    });
    expect(schoolClass.statusCode, schoolClass.body).toBe(201);
    classId = schoolClass.json().id;
    studentId = schoolClass.json().students[0].id;
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: {
        classIds: [classId],
        name: 'Bio 7',
        subject: 'Biologie',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    });
    expect(course.statusCode, course.body).toBe(201);
    courseId = course.json().id;
    const asOwner = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/courses/${courseId}${url}`,
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
        payload,
      });
    const assignment = await asOwner('/assignments', {
      title: 'Referat',
      points: 10,
      dueDate: '2026-11-25T09:30:00.000Z',
    });
    const exam = await asOwner('/exams', { name: 'Klausur', date: '2026-12-01' });
    const material = await asOwner('/materials', { title: 'Skript', type: 'lecture' });
    expect(material.statusCode, material.body).toBe(201);
    const materialFile = multipartBody([{ name: 'skript.txt', data: Buffer.from('Zellen') }]);
    const withMaterialFile = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/materials/${material.json().id}/files`,
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...materialFile.headers },
      payload: materialFile.payload,
    });
    expect(withMaterialFile.statusCode, withMaterialFile.body).toBe(200);
    work = {
      assignmentId: assignment.json().id,
      examId: exam.json().id,
      materialId: material.json().id,
      fileId: withMaterialFile.json().files[0].id,
    };
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      payload: { kind: 'class_student', classId, email: 'jemand@example.org' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    invitation = invited.json();
    const setBody = multipartBody([{ name: 'teacher_loesung.txt', data: Buffer.from('Licht und Wasser') }], {
      courseId,
      studentData: JSON.stringify([{ studentId, text: 'Die Pflanze braucht Licht.' }]),
    });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/class-evaluations',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...setBody.headers },
      payload: setBody.payload,
    });
    expect(set.statusCode, set.body).toBe(202);
    const setDetail = await t.app.inject({
      url: `/api/class-evaluations/${set.json().evaluationId}`,
      headers: { cookie: owner.cookie },
    });
    // the paper exists once the key file is read; the stranger is refused by the set before the paper counts
    classSet = {
      id: set.json().evaluationId,
      fileId: setDetail.json().files[0].id,
      paperId: setDetail.json().papers[0]?.id ?? set.json().evaluationId,
    };

    deepLinkingToken = await createSignedTokens(
      resolveAuthSecret(t.context.config.AUTH_SECRET, t.context.config.DATA_DIR),
    ).sign(
      'deep-linking',
      { sub: owner.id, reg: crypto.randomUUID(), dep: '1', ret: 'https://lms.example/deep-link-return' },
      3600,
    );

    pupil = await createUser(t, { accountType: 'student', classLevel: '7', plan: 'premium_student' });
    strangePupil = await createUser(t, { accountType: 'student', classLevel: '7', plan: 'premium_student' });
    const graded = await buildAnalysis(t, { ownerId: owner.id, subject: 'Deutsch' });
    const result = graded.result!;
    result.tasks[0]!.subtasks[0]!.errors = [
      {
        title: 'Rechtschreibfehler',
        point_deduction: 1,
        details: '„wiederrum“ wird „wiederum“ geschrieben.',
        suggestion: 'wiederum',
        severity: 'moderate',
        message: '',
        location: { type: 'text', start: 0, end: 9, quoted_text: 'wiederrum' },
        category: 'spelling',
      },
    ];
    await t.context.database.db.update(analyses).set({ result }).where(eq(analyses.id, graded.id));
    await t.context.database.db.insert(gradeRecords).values({
      userId: pupil.id,
      analysisId: graded.id,
      subject: 'Deutsch',
      type: 'Klassenarbeit',
      grade: '3',
    });
    const practice = await t.app.inject({
      method: 'POST',
      url: '/api/learning-assistant/practice',
      headers: { cookie: pupil.cookie, origin: TEST_ORIGIN },
      payload: { subject: 'Deutsch', count: 1 },
    });
    expect(practice.statusCode, practice.body).toBe(200);
    learning = { sessionId: practice.json().id, mistakeId: `${graded.id}:0:0:0` };
    planId = (await buildLessonPlan(t, { owner, courseId })).id;
    const [ownExport] = await t.context.database.db
      .insert(dataExports)
      .values({ userId: owner.id, status: 'failed' })
      .returning();
    exportId = ownExport!.id;

    const { db } = t.context.database;
    await createPlans(db).applyPlan(db, owner.id, 'pro_team');
    const [ownTeam] = await db.insert(teams).values({ ownerId: owner.id, name: 'Fachschaft' }).returning();
    const member = await createUser(t, { accountType: 'teacher' });
    await db.insert(teamMembers).values([
      { teamId: ownTeam!.id, userId: owner.id },
      { teamId: ownTeam!.id, userId: member.id },
    ]);
    const token = 'ownership-walk-token-0123456789';
    const [teamInvitation] = await db
      .insert(teamInvitations)
      .values({
        teamId: ownTeam!.id,
        email: 'kollegin@example.org',
        tokenHash: hashTeamToken(token),
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      })
      .returning();
    const teamTest = await buildSavedTest(t, { ownerId: member.id });
    team = { memberId: member.id, invitationId: teamInvitation!.id, token, testId: teamTest.id };
    const key = await t.context.storage.put(`student-ids/${pupil.id}`, Buffer.from('%PDF-1.4'));
    const [check] = await db
      .insert(studentIdChecks)
      .values({ userId: pupil.id, storageKey: key, mimeType: 'application/pdf', sizeBytes: 8 })
      .returning();
    studentIdCheckId = check!.id;
  }, 120_000);
  afterAll(() => t?.close());

  /** What the stranger tries with the owner's ids, one request per owned route. */
  const walk = (): Record<
    string,
    { url: string; payload?: object; accept?: string; status?: number; asPupil?: boolean }
  > => ({
    [`GET /api/analyses/:id`]: { url: `/api/analyses/${analysisId}` },
    [`PATCH /api/analyses/:id`]: { url: `/api/analyses/${analysisId}`, payload: { title: 'Übernommen' } },
    [`DELETE /api/analyses/:id`]: { url: `/api/analyses/${analysisId}` },
    [`GET /api/analyses/:id/status`]: { url: `/api/analyses/${analysisId}/status` },
    [`GET /api/analyses/:id/events`]: { url: `/api/analyses/${analysisId}/events` },
    [`PATCH /api/analyses/:id/transcription`]: {
      url: `/api/analyses/${analysisId}/transcription`,
      payload: { text: 'Übernommen' },
    },
    [`GET /api/analyses/:id/files/:fileId`]: {
      url: `/api/analyses/${file.analysisId}/files/${file.id}`,
    },
    [`PATCH /api/analyses/:id/review`]: {
      url: `/api/analyses/${analysisId}/review`,
      payload: { changes: [{ type: 'set_feedback', target: 'overall', text: 'Fremd' }] },
    },
    [`POST /api/analyses/:id/confirm`]: { url: `/api/analyses/${analysisId}/confirm`, payload: {} },
    [`POST /api/analyses/:id/reopen`]: { url: `/api/analyses/${analysisId}/reopen`, payload: {} },
    [`POST /api/analyses/:id/release`]: { url: `/api/analyses/${analysisId}/release`, payload: {} },
    [`GET /api/analyses/:id/audit`]: { url: `/api/analyses/${analysisId}/audit` },
    [`GET /api/analyses/:id/audit.pdf`]: { url: `/api/analyses/${analysisId}/audit.pdf` },
    // a grade record is its student's alone: the analysis's teacher is refused like anyone else (issue 17 §4)
    [`GET /grades/:analysisId`]: { url: `/grades/${analysisId}` },
    [`GET /api/grades/:analysisId`]: { url: `/api/grades/${analysisId}` },
    [`GET /api/grades/:analysisId/pdf`]: { url: `/api/grades/${analysisId}/pdf` },
    // no id: the learning profile is the caller's own, and a teacher has none
    [`GET /api/learning-profile`]: { url: '/api/learning-profile', status: 403 },
    [`GET /api/courses/:id/grades`]: { url: `/api/courses/${courseId}/grades` },
    [`GET /analysis/:id`]: { url: `/analysis/${analysisId}`, accept: 'application/json' },
    [`PUT /analysis/:id`]: { url: `/analysis/${analysisId}`, payload: { title: 'Übernommen' } },
    [`DELETE /analysis/:id`]: { url: `/analysis/${analysisId}`, accept: 'application/json' },
    [`GET /api/chats`]: { url: `/api/chats?userId=${stranger.id}&analysisId=${analysisId}` },
    [`POST /api/chats`]: {
      url: '/api/chats',
      payload: {
        userId: stranger.id,
        analysisId,
        chatData: { id: chatId, name: 'Übernommen', messages: [] },
      },
    },
    [`DELETE /api/chats/:id`]: { url: `/api/chats/${chatId}?userId=${stranger.id}&analysisId=${analysisId}` },
    [`POST /api/openai`]: {
      url: '/api/openai',
      payload: { message: 'Welche Note?', analysisId, chatId, history: [] },
    },
    [`POST /api/notifications/:id/read`]: { url: `/api/notifications/${notificationId}/read`, payload: {} },
    [`DELETE /api/notifications/:id`]: { url: `/api/notifications/${notificationId}` },
    [`POST /api/classes`]: {
      url: '/api/classes',
      payload: { schoolId, name: 'Fremd', gradeLevel: '7' },
    },
    // another teacher's school: she cannot import classes into it
    [`POST /api/classes/import`]: {
      url: '/api/classes/import',
      payload: { schoolId, classes: [{ name: '9z', gradeLevel: '9', students: [{ name: 'Eve Fremd' }] }] },
    },
    [`GET /api/classes/:id`]: { url: `/api/classes/${classId}` },
    [`PATCH /api/classes/:id`]: { url: `/api/classes/${classId}`, payload: { name: 'Übernommen' } },
    [`GET /api/classes/:id/school-pupils`]: { url: `/api/classes/${classId}/school-pupils` },
    [`POST /api/classes/:id/school-pupils`]: {
      url: `/api/classes/${classId}/school-pupils`,
      payload: { entryIds: [studentId] },
    },
    [`GET /api/classes/:id/teachers`]: { url: `/api/classes/${classId}/teachers` },
    [`POST /api/classes/:id/teachers`]: {
      url: `/api/classes/${classId}/teachers`,
      payload: { userId: stranger.id },
    },
    [`DELETE /api/classes/:id/teachers/:userId`]: { url: `/api/classes/${classId}/teachers/${owner.id}` },
    [`POST /api/classes/:id/students`]: {
      url: `/api/classes/${classId}/students`,
      payload: { students: [{ name: 'Eindringling' }] },
    },
    [`DELETE /api/classes/:id/students/:studentId`]: {
      url: `/api/classes/${classId}/students/${studentId}`,
    },
    [`POST /api/courses`]: {
      url: '/api/courses',
      payload: {
        classIds: [classId],
        name: 'Fremd',
        subject: 'Kunst',
        schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      },
    },
    [`GET /api/classes/:id/deletion`]: { url: `/api/classes/${classId}/deletion` },
    [`DELETE /api/classes/:id`]: { url: `/api/classes/${classId}` },
    [`GET /api/courses/:id`]: { url: `/api/courses/${courseId}` },
    [`GET /api/courses/:id/member-options`]: { url: `/api/courses/${courseId}/member-options` },
    [`GET /api/courses/:id/deletion`]: { url: `/api/courses/${courseId}/deletion` },
    [`DELETE /api/courses/:id`]: { url: `/api/courses/${courseId}` },
    [`PATCH /api/courses/:id`]: { url: `/api/courses/${courseId}`, payload: { name: 'Übernommen' } },
    [`GET /api/courses/:id/assignments`]: { url: `/api/courses/${courseId}/assignments` },
    [`POST /api/courses/:id/assignments`]: {
      url: `/api/courses/${courseId}/assignments`,
      payload: { title: 'Fremd', points: 1, dueDate: '2026-11-25T09:30:00.000Z' },
    },
    [`PATCH /api/courses/:id/assignments/:assignmentId`]: {
      url: `/api/courses/${courseId}/assignments/${work.assignmentId}`,
      payload: { title: 'Übernommen' },
    },
    [`DELETE /api/courses/:id/assignments/:assignmentId`]: {
      url: `/api/courses/${courseId}/assignments/${work.assignmentId}`,
    },
    [`GET /api/courses/:id/exams`]: { url: `/api/courses/${courseId}/exams` },
    [`POST /api/courses/:id/exams`]: {
      url: `/api/courses/${courseId}/exams`,
      payload: { name: 'Fremd', date: '2026-12-01' },
    },
    [`PATCH /api/courses/:id/exams/:examId`]: {
      url: `/api/courses/${courseId}/exams/${work.examId}`,
      payload: { name: 'Übernommen' },
    },
    [`DELETE /api/courses/:id/exams/:examId`]: { url: `/api/courses/${courseId}/exams/${work.examId}` },
    [`GET /api/courses/:id/materials`]: { url: `/api/courses/${courseId}/materials` },
    [`POST /api/courses/:id/materials`]: {
      url: `/api/courses/${courseId}/materials`,
      payload: { title: 'Fremd', type: 'other' },
    },
    // a JSON body: the role check answers before the upload would be read
    [`POST /api/courses/:id/materials/upload`]: {
      url: `/api/courses/${courseId}/materials/upload`,
      payload: {},
    },
    [`PATCH /api/courses/:id/materials/:materialId`]: {
      url: `/api/courses/${courseId}/materials/${work.materialId}`,
      payload: { title: 'Übernommen' },
    },
    [`DELETE /api/courses/:id/materials/:materialId`]: {
      url: `/api/courses/${courseId}/materials/${work.materialId}`,
    },
    // a JSON body: the role check answers before the upload would be read
    [`POST /api/courses/:id/materials/:materialId/files`]: {
      url: `/api/courses/${courseId}/materials/${work.materialId}/files`,
      payload: {},
    },
    [`GET /api/courses/:id/materials/:materialId/files/:fileId`]: {
      url: `/api/courses/${courseId}/materials/${work.materialId}/files/${work.fileId}`,
    },
    [`DELETE /api/courses/:id/materials/:materialId/files/:fileId`]: {
      url: `/api/courses/${courseId}/materials/${work.materialId}/files/${work.fileId}`,
    },
    [`POST /api/invitations`]: { url: '/api/invitations', payload: { kind: 'class_student', classId } },
    [`DELETE /api/invitations/:code`]: { url: `/api/invitations/${invitation.id}` },
    // The code is the capability (whoever holds a join code may use it); a personal invitation says that it
    // is for another signed-in address (issue 15: a clear 403).
    [`GET /api/invitations/:code`]: { url: `/api/invitations/${invitation.code}`, status: 403 },
    // The invitation page's names for a visitor without an account (issue 34 §5): the code is the capability,
    // and the answer holds only class, school and inviter (invitations.test.ts checks that nothing more is in it)
    [`GET /api/invitations/:code/details`]: {
      url: `/api/invitations/${invitation.code}/details`,
      status: 200,
    },
    [`POST /api/invitations/:code/accept`]: {
      url: `/api/invitations/${invitation.code}/accept`,
      payload: {},
      status: 403,
    },
    [`POST /api/invitations/:code/decline`]: {
      url: `/api/invitations/${invitation.code}/decline`,
      payload: {},
      status: 403,
    },
    [`GET /api/my-classes/:id`]: { url: `/api/my-classes/${classId}` },
    // a set for the owner's course is refused like the course itself
    [`POST /api/class-evaluations`]: {
      url: '/api/class-evaluations',
      payload: { courseId, teacherContent: 'Lösung', studentData: [{ studentId, text: 'Antwort' }] },
    },
    [`POST /evaluate-class`]: {
      url: '/evaluate-class',
      payload: { courseId, teacherContent: 'Lösung', studentData: [{ studentId, text: 'Antwort' }] },
    },
    [`GET /api/class-evaluations/:id`]: { url: `/api/class-evaluations/${classSet.id}` },
    [`PUT /api/class-evaluations/:id/papers`]: {
      url: `/api/class-evaluations/${classSet.id}/papers`,
      payload: { papers: [] },
    },
    [`POST /api/class-evaluations/:id/start`]: {
      url: `/api/class-evaluations/${classSet.id}/start`,
      payload: {},
    },
    [`GET /api/class-evaluations/:id/events`]: { url: `/api/class-evaluations/${classSet.id}/events` },
    [`GET /api/class-evaluations/:id/files/:fileId`]: {
      url: `/api/class-evaluations/${classSet.id}/files/${classSet.fileId}`,
    },
    [`GET /api/class-evaluations/:id/questions`]: { url: `/api/class-evaluations/${classSet.id}/questions` },
    [`POST /api/class-evaluations/:id/group-review`]: {
      url: `/api/class-evaluations/${classSet.id}/group-review`,
      payload: { analysisIds: [analysisId], change: { type: 'set_points', taskIndex: 0, points: 0 } },
    },
    [`POST /api/class-evaluations/:id/confirm`]: {
      url: `/api/class-evaluations/${classSet.id}/confirm`,
      payload: { analysisIds: [analysisId] },
    },
    [`GET /api/class-evaluations/:id/overview`]: { url: `/api/class-evaluations/${classSet.id}/overview` },
    [`PATCH /api/class-evaluations/:id`]: {
      url: `/api/class-evaluations/${classSet.id}`,
      payload: { failingShareThreshold: 0.9 },
    },
    [`POST /api/class-evaluations/:id/release`]: {
      url: `/api/class-evaluations/${classSet.id}/release`,
      payload: {},
    },
    [`GET /api/class-evaluations/:id/export.csv`]: {
      url: `/api/class-evaluations/${classSet.id}/export.csv`,
    },
    [`GET /api/class-evaluations/:id/notenliste.pdf`]: {
      url: `/api/class-evaluations/${classSet.id}/notenliste.pdf`,
    },
    [`GET /api/class-evaluations/:id/paper-pdfs.zip`]: {
      url: `/api/class-evaluations/${classSet.id}/paper-pdfs.zip`,
    },
    [`GET /api/class-evaluations/:id/paper-pdfs.pdf`]: {
      url: `/api/class-evaluations/${classSet.id}/paper-pdfs.pdf`,
    },
    [`GET /api/class-evaluations/:id/papers/:paperId/pdf`]: {
      url: `/api/class-evaluations/${classSet.id}/papers/${classSet.paperId}/pdf`,
    },
    // a plan of the owner's, and her course as a filter or a link
    [`GET /api/lesson-plans`]: { url: `/api/lesson-plans?courseId=${courseId}` },
    [`POST /api/lesson-plans`]: { url: '/api/lesson-plans', payload: lessonPlanInput({ courseId }) },
    [`GET /api/lesson-plans/:id`]: { url: `/api/lesson-plans/${planId}` },
    [`PUT /api/lesson-plans/:id`]: { url: `/api/lesson-plans/${planId}`, payload: lessonPlanInput() },
    [`DELETE /api/lesson-plans/:id`]: { url: `/api/lesson-plans/${planId}` },
    [`POST /api/lesson-plans/:id/duplicate`]: { url: `/api/lesson-plans/${planId}/duplicate`, payload: {} },
    [`GET /api/lesson-plans/:id/pdf`]: { url: `/api/lesson-plans/${planId}/pdf` },
    // the analytics take ids in the query: the owner's class, course and class set
    [`GET /api/analytics/overview`]: { url: `/api/analytics/overview?classId=${classId}` },
    [`GET /api/analytics/questions`]: { url: `/api/analytics/questions?test=set:${classSet.id}` },
    [`GET /api/analytics/export.csv`]: { url: `/api/analytics/export.csv?courseId=${courseId}` },
    [`GET /api/analytics/report.pdf`]: { url: `/api/analytics/report.pdf?classId=${classId}` },
    // the Lern-Assistent's objects are students': another student tries them (a teacher only gets 403)
    [`POST /api/learning-assistant/practice/:sessionId/answers`]: {
      url: `/api/learning-assistant/practice/${learning.sessionId}/answers`,
      payload: { answers: [] },
      asPupil: true,
    },
    // no id: the tool's values for a manual LMS registration are a teacher's, a pupil is refused
    [`GET /api/lti/tool`]: { url: '/api/lti/tool', status: 403, asPupil: true },
    // the owner's export, its status and its file
    [`GET /api/privacy/exports/:id`]: { url: `/api/privacy/exports/${exportId}` },
    [`GET /api/privacy/exports/:id/download`]: { url: `/api/privacy/exports/${exportId}/download` },
    // the owner's team: the stranger is in none, so its members, invitations and library are not found
    [`DELETE /api/team/invitations/:id`]: { url: `/api/team/invitations/${team.invitationId}` },
    [`DELETE /api/team/members/:userId`]: { url: `/api/team/members/${team.memberId}` },
    [`GET /api/team/tests/:testId`]: { url: `/api/team/tests/${team.testId}` },
    [`POST /api/team/tests/:testId/duplicate`]: {
      url: `/api/team/tests/${team.testId}/duplicate`,
      payload: {},
    },
    // as with class invitations, the link's token is the capability; another address is told so (403)
    [`GET /api/team-invitations/:token`]: { url: `/api/team-invitations/${team.token}`, status: 403 },
    [`POST /api/team-invitations/:token/accept`]: {
      url: `/api/team-invitations/${team.token}/accept`,
      payload: {},
      status: 403,
    },
    [`POST /api/team-invitations/:token/decline`]: {
      url: `/api/team-invitations/${team.token}/decline`,
      payload: {},
      status: 403,
    },
    // the pupil's student ID: the stranger teaches at none of her schools
    [`GET /api/student-id/reviews/:id/file`]: { url: `/api/student-id/reviews/${studentIdCheckId}/file` },
    [`POST /api/student-id/reviews/:id/decision`]: {
      url: `/api/student-id/reviews/${studentIdCheckId}/decision`,
      payload: { decision: 'approve' },
    },
    // the roster sync of an LMS-linked course is its owner's alone (lti.test.ts links one and walks the rest)
    [`POST /api/lti/courses/:courseId/roster-sync`]: { url: `/api/lti/courses/${courseId}/roster-sync` },
    // deep linking: the owner's selection in another session lists nothing and places nothing (her class set)
    [`GET /api/lti/deep-linking`]: { url: `/api/lti/deep-linking?t=${encodeURIComponent(deepLinkingToken)}` },
    [`POST /lti/deep-linking`]: {
      url: '/lti/deep-linking',
      payload: { token: deepLinkingToken, kind: 'classset', id: classSet.id },
    },
    // dynamic registration: a k not signed by this server registers nothing for anyone
    [`GET /lti/register`]: {
      url: '/lti/register?k=forged&openid_configuration=http%3A%2F%2F127.0.0.1%3A9%2F&registration_token=x',
      status: 400,
    },
    // the LMS delivery state of a class set or an analysis and its „Erneut senden“: the owner's (or the
    // releasing teacher's) alone; lti-grades.test.ts walks it with deliveries in place
    [`GET /api/lti/deliveries`]: { url: `/api/lti/deliveries?classEvaluationId=${classSet.id}` },
    [`POST /api/lti/deliveries/retry`]: {
      url: '/api/lti/deliveries/retry',
      payload: { analysisId },
    },
    [`POST /api/learning-assistant/explain`]: {
      url: '/api/learning-assistant/explain',
      payload: { mistakeId: learning.mistakeId },
      asPupil: true,
    },
  });

  it("walks every route that takes an object id and answers 404 for the owner's objects", async () => {
    const routes = walk();
    const owned = routeTable(t.app.printRoutes({ commonPrefix: false })).filter((route) => {
      const path = route.slice(route.indexOf(' ') + 1);
      // the lists, streams and clear-all act on the caller's own objects only and take no foreign id
      return (
        ownedPrefixes.some((prefix) => path.startsWith(prefix)) && (path.includes(':') || route in routes)
      );
    });
    expect(owned.sort()).toEqual(Object.keys(routes).sort());

    for (const [route, request] of Object.entries(routes)) {
      const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const response = await t.app.inject({
        method,
        url: request.url,
        headers: {
          cookie: request.asPupil ? strangePupil.cookie : stranger.cookie,
          origin: TEST_ORIGIN,
          accept: request.accept ?? 'application/json',
        },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(request.status ?? 404);
    }

    // the same addresses answer their owner: the 404s above are about the user, not about the address
    for (const url of [
      `/api/analyses/${analysisId}`,
      `/api/analyses/${analysisId}/status`,
      `/analysis/${analysisId}`,
      `/api/chats?userId=${owner.id}&analysisId=${analysisId}`,
      `/api/classes/${classId}`,
      `/api/courses/${courseId}`,
      `/api/courses/${courseId}/assignments`,
      `/api/courses/${courseId}/exams`,
      `/api/courses/${courseId}/materials`,
      `/api/courses/${courseId}/grades`,
      `/api/courses/${courseId}/materials/${work.materialId}/files/${work.fileId}`,
      `/api/class-evaluations/${classSet.id}`,
      `/api/class-evaluations/${classSet.id}/files/${classSet.fileId}`,
      `/api/class-evaluations/${classSet.id}/questions`,
      `/api/class-evaluations/${classSet.id}/overview`,
      `/api/class-evaluations/${classSet.id}/export.csv`,
      `/api/lesson-plans/${planId}`,
      `/api/lesson-plans?courseId=${courseId}`,
      `/api/lesson-plans/${planId}/pdf`,
      `/api/analytics/overview?classId=${classId}`,
      `/api/analytics/overview?courseId=${courseId}`,
      `/api/analytics/questions?test=set:${classSet.id}`,
      `/api/analytics/export.csv?courseId=${courseId}`,
      `/api/team/tests/${team.testId}`,
      `/api/lti/deliveries?classEvaluationId=${classSet.id}`,
      `/api/lti/deliveries?analysisId=${analysisId}`,
    ]) {
      const response = await t.app.inject({
        url,
        headers: { cookie: owner.cookie, accept: 'application/json' },
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    for (const [url, payload] of [
      [`/api/learning-assistant/practice/${learning.sessionId}/answers`, { answers: [] }],
      ['/api/learning-assistant/explain', { mistakeId: learning.mistakeId }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: pupil.cookie, origin: TEST_ORIGIN },
        payload,
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  it("leaves the owner's analysis, chat and notification as they were", async () => {
    const db = t.context.database.db;
    const [analysis] = await db.select().from(analyses).where(eq(analyses.id, analysisId));
    expect(analysis).toMatchObject({ userId: owner.id, title: 'Bio', reviewState: 'suggested' });
    expect(analysis!.result?.overall_feedback).not.toBe('Fremd');
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ userId: owner.id, name: 'Fragen zur Note' });
    const [notification] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
    expect(notification).toMatchObject({ userId: owner.id, isRead: false });
    const schoolClass = await t.app.inject({
      url: `/api/classes/${classId}`,
      headers: { cookie: owner.cookie },
    });
    expect(schoolClass.json()).toMatchObject({ name: '7b', students: [{ id: studentId }] });
  });
});
