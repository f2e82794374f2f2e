import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisMessages,
  essayMinWords,
  extractionMessages,
  planMessages,
  type Profile,
} from '@korrigo/domain';
import { ExtractionError, type ExtractionResult } from '@korrigo/grading';
import { analyses, creditCharges, profiles, user } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildCourse, createUser, postAnalysis, waitForAnalysis } from './support/factories';
import { multipartBody } from './support/multipart';

type User = Awaited<ReturnType<typeof createUser>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// a PDF the (replaced) extractor reads as a scan: no text layer, every page through OCR
const SCANNED_PDF = Buffer.from('%PDF-1.7\n% nur ein Bild\n');

/** An essay as a pupil writes one: one connected text, no tasks, above the essay threshold. */
const ESSAY = Array.from(
  { length: Math.ceil(essayMinWords / 12) + 2 },
  (_, index) =>
    `Im ${index + 1}. Abschnitt erörtere ich, warum Handys in der Schule sinnvoll sein können und wann nicht.`,
).join(' ');
/** As long, but a test with tasks: not an essay. */
const LONG_TEST = `Aufgabe 1 (5 P)\n${ESSAY.slice(0, ESSAY.length / 2)}\n\nAufgabe 2 (5 P)\n${ESSAY.slice(ESSAY.length / 2)}`;

/**
 * Issue 20 point 1: the plan table of packages/domain, enforced on the server. Each limit, each feature, the
 * monthly reset, the refusals in German with the plan that has it.
 */
describe.each(databaseKinds)('[PLANS] limits by plan on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-25T09:00:00Z');
  const scans = new Set<string>();
  /** scans read by the (replaced) extractor's text recognition */
  let recognised = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      jobs: { pollingIntervalSeconds: 0.5 },
      now: () => clock,
      analysis: {
        // the one edge replaced: a file named scan*.pdf comes back as an OCR page, anything else as text;
        // without OCR allowed, a scan stops the reading as the real extractor stops it (`needs_ocr`)
        extract: async (files, limits = {}): Promise<ExtractionResult> => {
          const scan = files.find((file) => scans.has(file.name));
          if (scan && limits.ocr === false) {
            throw new ExtractionError('needs_ocr', extractionMessages.needsOcr(scan.name), scan.name);
          }
          if (scan) recognised += 1;
          const pages = files.map((file, fileIndex) => ({
            fileIndex,
            pageIndex: 0,
            text: 'Aufgabe 1: Die Lösung ist 3/4.',
            source: scans.has(file.name) ? ('ocr' as const) : ('pdf-text-layer' as const),
            confidence: scans.has(file.name) ? 95 : null,
            words: [],
          }));
          return {
            text: pages.map((page) => page.text).join('\n'),
            pages,
            needsReview: false,
            hiddenText: [],
          };
        },
      },
    });
  });
  afterAll(() => t?.close());

  const headers = (user: User) => ({ cookie: user.cookie, origin: TEST_ORIGIN });
  const profileOf = async (user: User) =>
    (await t.app.inject({ url: '/api/profile', headers: headers(user) })).json() as Profile;
  const typed = (user: User, text = 'Die Antwort ist 42.') => postAnalysis(t, user, { payload: { text } });
  const ask = (user: User, analysisId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/openai',
      headers: headers(user),
      payload: { message: 'Warum fehlt mir ein Punkt?', analysisId },
    });

  it('a free teacher gets 5 analyses a month, then a German refusal that names Basic; nothing is charged', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    expect(await profileOf(teacher)).toMatchObject({ plan: 'free', credits: 5, remainingCredits: 5 });
    for (let i = 0; i < 5; i += 1) expect((await typed(teacher)).statusCode).toBe(202);
    const refused = await typed(teacher);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'plan_limit',
      message: planMessages.limitReached('analyses', 5, 'basic', 'teacher'),
      plan: 'basic',
    });
    expect(refused.json().error.message).toContain('Sie haben die 5 Analysen');
    const rows = await t.context.database.db.select().from(analyses).where(eq(analyses.userId, teacher.id));
    expect(rows).toHaveLength(5);
  });

  it('a free student gets the FAQ tier of 10, is addressed with du, and a switch to teacher makes it 5', async () => {
    const student = await createUser(t, { accountType: 'student', classLevel: '9. Klasse' });
    expect(await profileOf(student)).toMatchObject({ plan: 'free', credits: 10 });
    for (let i = 0; i < 10; i += 1) expect((await typed(student)).statusCode).toBe(202);
    const refused = await typed(student);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toBe(planMessages.limitReached('analyses', 10, 'basic', 'student'));
    expect(refused.json().error.message).toContain('Du hast die 10 Analysen');

    const other = await createUser(t, { accountType: 'student', classLevel: '9. Klasse' });
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: headers(other),
      payload: {
        displayName: other.name,
        email: other.email,
        accountType: 'teacher',
        bundesland: 'Thüringen',
        school: 'Gymnasium',
        subjects: ['Deutsch'],
      },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().profile).toMatchObject({ credits: 5, remainingCredits: 5 });
  });

  it('a new month gives the analyses and the companion requests back, counted from the sign-up day', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const graded = await buildAnalysis(t, { ownerId: teacher.id });
    await t.context.database.db
      .update(profiles)
      .set({ usedCredits: 5, companionRequestsUsed: 10 })
      .where(eq(profiles.userId, teacher.id));
    expect((await typed(teacher)).statusCode).toBe(402);
    expect((await ask(teacher, graded.id)).statusCode).toBe(402);

    const before = await profileOf(teacher);
    clock = new Date(new Date(before.nextReset).getTime() + 60_000);
    try {
      expect((await ask(teacher, graded.id)).statusCode).toBe(200);
      // the companion's request rolled the month over for every counter: the analyses are back too
      const after = await profileOf(teacher);
      expect(after).toMatchObject({
        usedCredits: 0,
        remainingCredits: 5,
        usage: { companionRequests: { used: 1, limit: 10 } },
      });
      expect(new Date(after.nextReset).getTime()).toBeGreaterThan(clock.getTime());
      expect((await typed(teacher)).statusCode).toBe(202);
    } finally {
      clock = new Date('2026-11-25T09:00:00Z');
    }
  });

  it('companion requests: 10 on the free plan even when 14 arrive at once, 50 on Basic, unlimited on Premium Lehrer', async () => {
    const free = await createUser(t, { accountType: 'teacher' });
    const graded = await buildAnalysis(t, { ownerId: free.id });
    const answers = await Promise.all(Array.from({ length: 14 }, () => ask(free, graded.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode === 402);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json().error).toMatchObject({ code: 'plan_limit', plan: 'basic' });
    expect((await profileOf(free)).usage.companionRequests).toEqual({ used: 10, limit: 10 });

    const basic = await createUser(t, { accountType: 'teacher', plan: 'basic' });
    const basicAnalysis = await buildAnalysis(t, { ownerId: basic.id });
    await t.context.database.db
      .update(profiles)
      .set({ companionRequestsUsed: 49 })
      .where(eq(profiles.userId, basic.id));
    expect((await ask(basic, basicAnalysis.id)).statusCode).toBe(200);
    const over = await ask(basic, basicAnalysis.id);
    expect(over.statusCode).toBe(402);
    expect(over.json().error).toMatchObject({ plan: 'premium_teacher' });
    expect(over.json().error.message).toContain('50 Anfragen an den KI-Begleiter');

    const premium = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const premiumAnalysis = await buildAnalysis(t, { ownerId: premium.id });
    await t.context.database.db
      .update(profiles)
      .set({ companionRequestsUsed: 500 })
      .where(eq(profiles.userId, premium.id));
    expect((await ask(premium, premiumAnalysis.id)).statusCode).toBe(200);
    expect((await profileOf(premium)).usage.companionRequests).toEqual({ used: 501, limit: null });
  });

  it('photos need text recognition: refused at upload on Freemium and Basic, nothing stored or charged', async () => {
    for (const plan of ['free', 'basic'] as const) {
      const teacher = await createUser(t, { accountType: 'teacher', plan });
      const refused = await postAnalysis(t, teacher, multipartBody([{ name: 'seite1.png', data: PNG }]));
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error).toEqual({
        code: 'plan_feature',
        message: planMessages.featureNotInPlan('ocr', 'premium_teacher', 'teacher'),
        plan: 'premium_teacher',
      });
      const upload = multipartBody([{ name: 'seite1.png', data: PNG }]);
      const extract = await t.app.inject({
        method: 'POST',
        url: '/api/extract-text',
        payload: upload.payload,
        headers: { ...headers(teacher), ...upload.headers },
      });
      expect(extract.statusCode).toBe(402);
      expect((await profileOf(teacher)).usedCredits).toBe(0);
    }
    // a student is pointed to the students' plan
    const student = await createUser(t, { accountType: 'student', classLevel: '8. Klasse' });
    const refused = await postAnalysis(t, student, multipartBody([{ name: 'foto.png', data: PNG }]));
    expect(refused.json().error, refused.body).toMatchObject({ plan: 'premium_student' });
    expect(refused.json().error.message).toContain('deinem Tarif');
  });

  it('a scanned PDF is found by the job before any OCR: the analysis fails with the refusal and the credit comes back', async () => {
    scans.add('scan-klassenarbeit.pdf');
    recognised = 0;
    const teacher = await createUser(t, { accountType: 'teacher' });
    const created = await postAnalysis(
      t,
      teacher,
      multipartBody([{ name: 'scan-klassenarbeit.pdf', data: SCANNED_PDF }]),
    );
    expect(created.statusCode, created.body).toBe(202);
    const failed = await waitForAnalysis(t, teacher, created.json().id as string);
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toBe(planMessages.featureNotInPlan('ocr', 'premium_teacher', 'teacher'));
    const [charge] = await t.context.database.db
      .select()
      .from(creditCharges)
      .where(eq(creditCharges.analysisId, failed.id));
    expect(charge).toMatchObject({ refunded: true, confirmed: false });
    expect((await profileOf(teacher)).usedCredits).toBe(0);
    // text recognition alone: refused the same way, and nothing was recognised for either
    const upload = multipartBody([{ name: 'scan-klassenarbeit.pdf', data: SCANNED_PDF }]);
    const extract = await t.app.inject({
      method: 'POST',
      url: '/api/extract-text',
      payload: upload.payload,
      headers: { ...headers(teacher), ...upload.headers },
    });
    expect(extract.statusCode).toBe(402);
    expect(extract.json().error).toMatchObject({ code: 'plan_feature', plan: 'premium_teacher' });
    expect(recognised).toBe(0);

    // the same scan on Premium Lehrer is read and waits for the teacher's look at the recognised text
    const premium = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const read = await postAnalysis(
      t,
      premium,
      multipartBody([{ name: 'scan-klassenarbeit.pdf', data: SCANNED_PDF }]),
    );
    expect((await waitForAnalysis(t, premium, read.json().id as string)).status).toBe('needs_transcription');
    expect(recognised).toBe(1);
  });

  it('an essay needs Premium Lehrer; a test of the same length with tasks does not', async () => {
    const teacher = await createUser(t, { accountType: 'teacher' });
    const essay = await typed(teacher, ESSAY);
    expect(essay.statusCode).toBe(402);
    expect(essay.json().error).toMatchObject({ code: 'plan_feature', plan: 'premium_teacher' });
    expect(essay.json().error.message).toContain('Aufsatzanalyse');
    expect((await typed(teacher, LONG_TEST)).statusCode).toBe(202);
    const premium = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    const graded = await typed(premium, ESSAY);
    expect(graded.statusCode).toBe(202);
    expect((await waitForAnalysis(t, premium, graded.json().id as string)).status).toBe('done');
  });

  it('class sets are refused below Premium Lehrer; explanations below Premium Student; practice stays free', async () => {
    const teacher = await createUser(t, { accountType: 'teacher', plan: 'basic' });
    const course = await buildCourse(t, { ownerId: teacher.id });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/class-evaluations',
      headers: headers(teacher),
      payload: {
        courseId: course.id,
        teacherContent: 'Aufgabe 1 (2 P)\nNatronlauge',
        studentData: [{ studentId: course.schoolClass.students[0]!.id, text: 'Natronlauge' }],
      },
    });
    expect(set.statusCode).toBe(402);
    expect(set.json().error).toEqual({
      code: 'plan_feature',
      message: planMessages.featureNotInPlan('classSets', 'premium_teacher', 'teacher'),
      plan: 'premium_teacher',
    });

    const student = await createUser(t, { accountType: 'student', classLevel: '7' });
    const explain = await t.app.inject({
      method: 'POST',
      url: '/api/learning-assistant/explain',
      headers: headers(student),
      payload: { mistakeId: 'x:0:0:0' },
    });
    expect(explain.statusCode).toBe(402);
    expect(explain.json().error).toMatchObject({ code: 'plan_feature', plan: 'premium_student' });
    const overview = await t.app.inject({ url: '/api/learning-assistant', headers: headers(student) });
    expect(overview.statusCode).toBe(200);
  });

  it('Premium Lehrer counts analyses but never refuses them; the profile says unlimited', async () => {
    const teacher = await createUser(t, { accountType: 'teacher', plan: 'premium_teacher' });
    await t.context.database.db
      .update(profiles)
      .set({ usedCredits: 400 })
      .where(eq(profiles.userId, teacher.id));
    const created = await typed(teacher);
    expect(created.statusCode).toBe(202);
    expect(created.json().remainingCredits).toBeNull();
    expect(await profileOf(teacher)).toMatchObject({
      plan: 'premium_teacher',
      credits: null,
      remainingCredits: null,
      usedCredits: 401,
    });
    expect(analysisMessages).not.toHaveProperty('noCredits');
  });
});

describe('[PLANS] Enterprise, assigned by the operator', () => {
  let t: TestApp;
  const OPERATOR = 'betrieb@schule.example.de';

  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { OPERATOR_EMAILS: OPERATOR } });
  });
  afterAll(() => t?.close());

  const assign = (who: User, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/plans',
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      payload,
    });

  it('only a verified operator address assigns it; the account is then unlimited, and back to Freemium', async () => {
    const operator = await createUser(t, { accountType: 'teacher', email: OPERATOR });
    const school = await createUser(t, { accountType: 'teacher' });
    // not verified yet: whoever registered the address first is not the operator
    const early = await assign(operator, { email: school.email, plan: 'enterprise' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe(planMessages.operatorOnly);
    await t.context.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, operator.id));

    expect((await assign(school, { email: school.email, plan: 'enterprise' })).statusCode).toBe(403);
    const unknown = await assign(operator, { email: 'niemand@example.de', plan: 'enterprise' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(planMessages.accountNotFound);
    // paid plans come from the payment provider only
    expect((await assign(operator, { email: school.email, plan: 'premium_teacher' })).statusCode).toBe(400);

    const done = await assign(operator, { email: school.email.toUpperCase(), plan: 'enterprise' });
    expect(done.statusCode, done.body).toBe(200);
    const profile = (
      await t.app.inject({ url: '/api/profile', headers: { cookie: school.cookie } })
    ).json() as Profile;
    expect(profile).toMatchObject({ plan: 'enterprise', credits: null, remainingCredits: null });

    expect((await assign(operator, { email: school.email, plan: 'free' })).statusCode).toBe(200);
    const back = (await t.app.inject({ url: '/api/profile', headers: { cookie: school.cookie } })).json();
    expect(back).toMatchObject({ plan: 'free', credits: 5 });
  });
});
