import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  AnalysisDetail,
  LessonPlan,
  LessonPlanInput,
  PlanId,
  SavedTest,
  SignupRequest,
} from '@korrigo/domain';
import { createPlans } from '../../src/modules/plans/plans.service';
import {
  aiRuns,
  analyses,
  classes,
  classStudents,
  classTeachers,
  courseClasses,
  courses,
  courseStudents,
  courseTeachers,
  creditCharges,
  notifications,
  schools,
  schoolTeachers,
  tests,
  user,
} from '../../src/db/schema';
import { analysisSeedValues, type AnalysisSeed } from '../../src/modules/history/analysis-seed';
import { TEST_ORIGIN, type TestApp } from './build-test-app';

let counter = 0;

export function nextAddress() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** Sign-up form data with overrides; every call gets its own e-mail. */
export function buildSignup(overrides: Partial<SignupRequest> = {}): SignupRequest {
  counter += 1;
  return {
    name: `Test Person ${counter}`,
    accountType: 'teacher',
    bundesland: 'Thüringen',
    school: 'Testschule Jena',
    subjects: ['Deutsch'],
    classLevel: '',
    termsAccepted: true,
    email: `person${counter}-${Date.now()}@example.de`,
    password: 'Geheim123!',
    rememberMe: true,
    ...overrides,
  };
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookiesFrom(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

/** A signed-up user with a session cookie: the usual starting point of a test. */
/**
 * A signed-up user. `plan`: the plan in effect, put in place as a subscription or team would (applyPlan);
 * without it the account is on the free plan, as after a real sign-up.
 */
export async function createUser(
  t: TestApp,
  { plan, ...overrides }: Partial<SignupRequest> & { plan?: PlanId } = {},
) {
  const signup = buildSignup(overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    headers: { origin: TEST_ORIGIN },
    // each user from its own address, so that sign-up's rate limit does not meet the tests' own pace
    remoteAddress: nextAddress(),
    payload: signup,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { profile: { id: string } };
  if (plan) await createPlans(t.context.database.db).applyPlan(t.context.database.db, body.profile.id, plan);
  return { ...signup, id: body.profile.id, cookie: cookiesFrom(response.headers) };
}

/** Confirms the user's e-mail address, as following the verification mail's link does. */
export async function verifyEmail(t: TestApp, who: { id: string }) {
  await t.context.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, who.id));
}

/** Waits until the grading job has finished (or failed) and returns the analysis as its owner sees it. */
export async function waitForAnalysis(
  t: TestApp,
  user: { cookie: string },
  id: string,
): Promise<AnalysisDetail> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await t.app.inject({
      url: `/api/analyses/${id}/status`,
      headers: { cookie: user.cookie },
    });
    if (status.json().status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const detail = await t.app.inject({ url: `/api/analyses/${id}`, headers: { cookie: user.cookie } });
  expect(detail.statusCode).toBe(200);
  return detail.json() as AnalysisDetail;
}

/**
 * A saved test of the test creator with an answer key: a multiple-choice question (2 P) and an open question
 * whose correction template gives 2 + 2 P, 6 points in all. Overrides replace top-level fields. A value only:
 * the payload of POST /api/tests, or what buildSavedTest stores.
 */
export function savedTestValues(ownerId: string, overrides: Partial<SavedTest> = {}): SavedTest {
  return {
    id: randomUUID(),
    title: 'Bruchrechnung Klasse 6',
    subject: 'Mathematik',
    grade: '6. Klasse',
    testType: 'Kombiniert',
    duration: 45,
    topic: 'Brüche',
    learningObjectives: '',
    lastSaved: new Date(0).toISOString(),
    userId: ownerId,
    resources: [],
    questions: [
      {
        id: randomUUID(),
        type: 'multiple-choice',
        text: 'Was ist 1/2 + 1/4?',
        options: [
          { id: 'a', text: '3/4', isCorrect: true },
          { id: 'b', text: '2/6', isCorrect: false },
        ],
        correctAnswer: '',
        points: 2,
        orderIndex: 0,
        correctionTemplate: '',
        resources: [],
        matchingPairs: [],
      },
      {
        id: randomUUID(),
        type: 'open',
        text: 'Erkläre, was beim Kürzen eines Bruchs passiert.',
        options: [],
        correctAnswer: '',
        points: 4,
        orderIndex: 1,
        correctionTemplate:
          'Zähler und Nenner werden durch dieselbe Zahl geteilt (2 P). Der Wert des Bruchs bleibt gleich (2 P).',
        resources: [],
        matchingPairs: [],
      },
    ],
    ...overrides,
  };
}

/** Whose a stored record is; without an owner, the builder signs up a teacher of its own. */
type Owned = { ownerId?: string };

async function ownerOf(t: TestApp, given: Owned): Promise<string> {
  return given.ownerId ?? (await createUser(t, { accountType: 'teacher' })).id;
}

/** Stores a saved test (savedTestValues with overrides) directly, for the tests that use one as a key. */
export async function buildSavedTest(
  t: TestApp,
  { ownerId, ...overrides }: Owned & Partial<SavedTest> = {},
): Promise<SavedTest> {
  const test = savedTestValues(await ownerOf(t, { ownerId }), overrides);
  await t.context.database.db.insert(tests).values({ ...test, lastSaved: new Date(test.lastSaved) });
  return test;
}

/**
 * Stores an analysis as the grading job would have left it (analysisSeedValues: finished, one task, chosen
 * points and date), without running the engine; `row` replaces stored columns (a result of its own).
 */
export async function buildAnalysis(
  t: TestApp,
  { ownerId, row = {}, ...seed }: Owned & AnalysisSeed & { row?: Partial<typeof analyses.$inferInsert> } = {},
) {
  const values = { ...analysisSeedValues(await ownerOf(t, { ownerId }), seed), ...row };
  const [stored] = await t.context.database.db.insert(analyses).values(values).returning();
  return stored!;
}

/**
 * Stores a class as a teacher leaves it after creating it: its school (a new one unless `schoolId` is given),
 * the owner as teacher of both, and the roster entries. Answers the class row and its roster.
 */
export async function buildClass(
  t: TestApp,
  {
    ownerId,
    schoolId,
    name = '7b',
    gradeLevel = '7',
    roster = [{ name: 'Lena Schmidt' }, { name: 'Ali Demir', email: 'ali@example.org' }],
  }: Owned & {
    schoolId?: string;
    name?: string;
    gradeLevel?: string;
    roster?: { name: string; email?: string }[];
  } = {},
) {
  const owner = await ownerOf(t, { ownerId });
  const { db } = t.context.database;
  const school =
    schoolId ??
    (await db.insert(schools).values({ name: 'Gesamtschule Am Park', createdBy: owner }).returning())[0]!.id;
  await db.insert(schoolTeachers).values({ schoolId: school, userId: owner }).onConflictDoNothing();
  const [stored] = await db
    .insert(classes)
    .values({ schoolId: school, name, gradeLevel, createdBy: owner })
    .returning();
  await db.insert(classTeachers).values({ classId: stored!.id, userId: owner });
  const students =
    roster.length === 0
      ? []
      : await db
          .insert(classStudents)
          .values(
            roster.map((entry) => ({ classId: stored!.id, name: entry.name, email: entry.email ?? null })),
          )
          .returning();
  return { ...stored!, students };
}

/**
 * Stores a course as a teacher leaves it after creating it: of `schoolClass` (from `buildClass`), else of one
 * class of its own, the owner as its teacher, and the class's roster entries as participants (course_students).
 * `studentUserIds` link that many roster entries (in order) to student accounts, as an accepted invitation would.
 */
export async function buildCourse(
  t: TestApp,
  {
    ownerId,
    schoolClass: givenClass,
    name = 'Bio 7',
    subject = 'Biologie',
    studentUserIds = [],
  }: Owned & {
    schoolClass?: { id: string; schoolId: string; students: { id: string }[] };
    name?: string;
    subject?: string;
    studentUserIds?: string[];
  } = {},
) {
  const owner = await ownerOf(t, { ownerId });
  const { db } = t.context.database;
  const schoolClass =
    givenClass ??
    (await buildClass(t, {
      ownerId: owner,
      roster: [{ name: 'Lena Schmidt' }, { name: 'Ali Demir' }, { name: 'Mia Wolf' }],
    }));
  const [course] = await db
    .insert(courses)
    .values({
      schoolId: schoolClass.schoolId,
      name,
      subject,
      schedule: [{ day: 'Monday', startTime: '08:00', endTime: '09:30' }],
      createdBy: owner,
    })
    .returning();
  await db.insert(courseClasses).values({ courseId: course!.id, classId: schoolClass.id });
  await db.insert(courseTeachers).values({ courseId: course!.id, userId: owner });
  if (schoolClass.students.length > 0) {
    await db
      .insert(courseStudents)
      .values(schoolClass.students.map((student) => ({ courseId: course!.id, classStudentId: student.id })));
  }
  for (const [position, userId] of studentUserIds.entries()) {
    await db
      .update(classStudents)
      .set({ userId })
      .where(eq(classStudents.id, schoolClass.students[position]!.id));
  }
  return { ...course!, ownerId: owner, schoolClass };
}

/** POST /api/analyses as the user's browser sends it: a JSON body, or a `multipartBody(…)` with its headers. */
export function postAnalysis(
  t: TestApp,
  user: { cookie: string },
  body: { payload: Buffer | object; headers?: Record<string, string> },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analyses',
    headers: { cookie: user.cookie, origin: TEST_ORIGIN, ...body.headers },
    payload: body.payload,
  });
}

/** What an analysis left behind in the audit, the credits and the notifications (one row each when all went well). */
export async function analysisLedger(t: TestApp, analysisId: string) {
  const db = t.context.database.db;
  return {
    runs: await db.select().from(aiRuns).where(eq(aiRuns.analysisId, analysisId)),
    charges: await db.select().from(creditCharges).where(eq(creditCharges.analysisId, analysisId)),
    notes: (await db.select().from(notifications)).filter(
      (note) => (note.metadata as { analysisId?: string }).analysisId === analysisId,
    ),
  };
}

/** The lesson plan input as the editor sends it; overrides replace fields. */
export function lessonPlanInput(overrides: Partial<LessonPlanInput> = {}): LessonPlanInput {
  counter += 1;
  return {
    title: `Brüche erweitern ${counter}`,
    subject: 'Mathematik',
    gradeLevel: '6',
    durationMinutes: 45,
    date: '2026-12-01',
    courseId: null,
    status: 'planned',
    topic: 'Brüche erweitern und kürzen',
    goals: 'Die Schülerinnen und Schüler erweitern und kürzen Brüche sicher.',
    phases: [
      {
        name: 'Einstieg',
        minutes: 5,
        content: 'Pizza-Bild als Impuls.',
        method: 'Plenum',
        materials: 'Bild',
      },
      {
        name: 'Erarbeitung',
        minutes: 25,
        content: 'Aufgaben im Buch.',
        method: 'Partnerarbeit',
        materials: 'Buch',
      },
      {
        name: 'Sicherung',
        minutes: 15,
        content: 'Ergebnisse an der Tafel.',
        method: 'Plenum',
        materials: '',
      },
    ],
    notes: '',
    templateId: null,
    ...overrides,
  };
}

/** Stores a lesson plan through the API as its teacher (created when no owner is given). */
export async function buildLessonPlan(
  t: TestApp,
  { owner, ...overrides }: Partial<LessonPlanInput> & { owner?: { cookie: string } } = {},
): Promise<LessonPlan> {
  const teacher = owner ?? (await createUser(t, { accountType: 'teacher' }));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/lesson-plans',
    headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
    payload: lessonPlanInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
