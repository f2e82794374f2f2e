import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, planMessages, testCreatorMessages, type SavedTest } from '@korrigo/domain';
import { profiles } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { createUser, savedTestValues } from './support/factories';
import {
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../../packages/grading/test/support/openai-stand-in';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * A full test: the factories' saved test (multiple choice, open) with resources, a cloze and a matching
 * question added, so that all four question types and both resource kinds go through the API.
 */
function buildTest(userId: string, overrides: Partial<SavedTest> = {}): SavedTest {
  const resourceId = randomUUID();
  const [choice, open] = savedTestValues(userId).questions;
  return savedTestValues(userId, {
    title: 'Brüche und Größen – Übung für große Köpfe',
    topic: 'Bruchrechnung',
    learningObjectives: 'Brüche kürzen und erweitern',
    gradingScale: 'standard',
    resources: [
      {
        id: resourceId,
        type: 'text',
        title: 'Text',
        content: 'Ein Maß für Größe',
        source: '',
        orderIndex: 0,
      },
      {
        id: randomUUID(),
        type: 'citation',
        title: 'Zitat',
        content: '„Zahlen“',
        source: 'Gauß',
        orderIndex: 1,
      },
    ],
    questions: [
      { ...choice!, resources: [resourceId] },
      open!,
      {
        id: randomUUID(),
        type: 'cloze',
        text: '2/4 = [..]/2 und 3/9 = 1/[..]',
        options: [],
        correctAnswer: '1|3',
        points: 2,
        orderIndex: 2,
        correctionTemplate: '',
        resources: [],
        matchingPairs: [],
      },
      {
        id: randomUUID(),
        type: 'matching',
        text: 'Ordne zu.',
        options: [],
        correctAnswer: '',
        points: 1,
        orderIndex: 3,
        correctionTemplate: '',
        resources: [],
        matchingPairs: [
          { left: '1/2', right: '0,5' },
          { left: '1/4', right: '0,25' },
        ],
      },
    ],
    ...overrides,
  });
}

describe.each(databaseKinds)('[TESTS] tests API on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let otherTeacher: User;
  let student: User;
  let clock = new Date('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock });
    teacher = await createUser(t, { accountType: 'teacher' });
    otherTeacher = await createUser(t, { accountType: 'teacher' });
    student = await createUser(t, {
      accountType: 'student',
      bundesland: '',
      school: '',
      subjects: [],
      classLevel: '7. Klasse',
    });
  });
  afterAll(() => t.close());

  const headers = (user: User) => ({ cookie: user.cookie, origin: TEST_ORIGIN });
  const save = (user: User, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/tests', headers: headers(user), payload });
  const list = (user: User, userId = user.id) =>
    t.app.inject({ url: `/api/tests/${userId}`, headers: headers(user) });
  const getOne = (user: User, testId: string, userId = user.id) =>
    t.app.inject({ url: `/api/tests/${userId}/${testId}`, headers: headers(user) });
  const remove = (user: User, testId: string, userId = user.id) =>
    t.app.inject({ method: 'DELETE', url: `/api/tests/${userId}/${testId}`, headers: headers(user) });

  it('needs a signed-in user for every call, before looking at the body', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/tests/x' },
      { method: 'GET' as const, url: '/api/tests/x/y' },
      { method: 'DELETE' as const, url: '/api/tests/x/y' },
      { method: 'POST' as const, url: '/api/tests', payload: { nonsense: true } },
    ]) {
      const response = await t.app.inject({ ...request, headers: { origin: TEST_ORIGIN } });
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json().error.message).toBe(messages.auth.notSignedIn);
    }
  });

  it('saves a test with all four question types, lists it and reads it back in order', async () => {
    const test = buildTest(teacher.id);
    const saved = await save(teacher, test);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: test.id, lastSaved: clock.toISOString() });

    const one = await getOne(teacher, test.id);
    expect(one.statusCode).toBe(200);
    // lastSaved is the server's time; everything else comes back exactly, in order.
    expect(one.json()).toEqual({ ...test, lastSaved: clock.toISOString() });

    const all = await list(teacher);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((item: SavedTest) => item.id)).toContain(test.id);
  });

  it('stores the Notenschlüssel with the test: a preset id, the default without one, and nothing else', async () => {
    const oberstufe = buildTest(teacher.id, { gradingScale: 'oberstufe' });
    expect((await save(teacher, oberstufe)).statusCode).toBe(200);
    expect((await getOne(teacher, oberstufe.id)).json().gradingScale).toBe('oberstufe');
    expect((await save(teacher, { ...oberstufe, gradingScale: 'ihk' })).statusCode).toBe(200);
    expect((await getOne(teacher, oberstufe.id)).json().gradingScale).toBe('ihk');

    const { gradingScale: _omitted, ...older } = buildTest(teacher.id);
    expect((await save(teacher, older)).statusCode).toBe(200);
    expect((await getOne(teacher, older.id)).json().gradingScale).toBe('standard');

    const unknown = await save(teacher, { ...buildTest(teacher.id), gradingScale: 'bayern' as never });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps questions and resources in the posted order and numbers orderIndex by position', async () => {
    const test = buildTest(teacher.id);
    const reversed = {
      ...test,
      questions: [...test.questions].reverse(),
      resources: [...test.resources].reverse(),
    };
    expect((await save(teacher, reversed)).statusCode).toBe(200);
    const back = (await getOne(teacher, test.id)).json() as SavedTest;
    expect(back.questions.map((q) => q.type)).toEqual(['matching', 'cloze', 'open', 'multiple-choice']);
    expect(back.questions.map((q) => q.orderIndex)).toEqual([0, 1, 2, 3]);
    expect(back.resources.map((r) => r.type)).toEqual(['citation', 'text']);
    expect(back.resources.map((r) => r.orderIndex)).toEqual([0, 1]);
  });

  it('overwrites an own test under the same id and lists the newest first', async () => {
    const first = buildTest(teacher.id, { title: 'Erster' });
    const second = buildTest(teacher.id, { title: 'Zweiter' });
    clock = new Date('2026-03-02T10:00:00Z');
    await save(teacher, first);
    clock = new Date('2026-03-03T10:00:00Z');
    await save(teacher, second);
    clock = new Date('2026-03-04T10:00:00Z');
    expect((await save(teacher, { ...first, title: 'Erster, geändert' })).statusCode).toBe(200);

    const titles = ((await list(teacher)).json() as SavedTest[]).map((item) => item.title);
    expect(titles.slice(0, 2)).toEqual(['Erster, geändert', 'Zweiter']);
    expect(titles).not.toContain('Erster');
  });

  it('duplicates: the same test under a new id with " (Kopie)" is a second test', async () => {
    const original = buildTest(teacher.id, { title: 'Original' });
    await save(teacher, original);
    const copy = { ...original, id: randomUUID(), title: 'Original (Kopie)' };
    const response = await save(teacher, copy);
    expect(response.json().id).toBe(copy.id);
    expect((await getOne(teacher, original.id)).json().title).toBe('Original');
    expect((await getOne(teacher, copy.id)).json().title).toBe('Original (Kopie)');
  });

  it('deletes an own test; a second delete and a read then answer 404', async () => {
    const test = buildTest(teacher.id);
    await save(teacher, test);
    const deleted = await remove(teacher, test.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await remove(teacher, test.id)).statusCode).toBe(404);
    expect((await getOne(teacher, test.id)).statusCode).toBe(404);
  });

  it("answers 404 for another user's id and for another teacher's test, and changes nothing", async () => {
    const test = buildTest(teacher.id, { title: 'Meins' });
    await save(teacher, test);

    expect((await list(otherTeacher, teacher.id)).statusCode).toBe(404);
    expect((await getOne(otherTeacher, test.id, teacher.id)).statusCode).toBe(404);
    expect((await getOne(otherTeacher, test.id)).statusCode).toBe(404);
    expect((await remove(otherTeacher, test.id, teacher.id)).statusCode).toBe(404);
    expect((await remove(otherTeacher, test.id)).statusCode).toBe(404);
    // Saving under someone else's user id, or over someone else's test id, is refused as well.
    expect((await save(otherTeacher, { ...test, title: 'Übernommen' })).statusCode).toBe(404);
    expect(
      (await save(otherTeacher, { ...test, userId: otherTeacher.id, title: 'Gekapert' })).statusCode,
    ).toBe(404);

    const mine = (await getOne(teacher, test.id)).json() as SavedTest;
    expect(mine.title).toBe('Meins');
    expect(mine.userId).toBe(teacher.id);
    expect(((await list(otherTeacher)).json() as SavedTest[]).map((item) => item.id)).not.toContain(test.id);
  });

  it('answers 403 to students on every call, saying the test creator is for teachers', async () => {
    const test = buildTest(student.id);
    for (const refused of [
      await list(student),
      await getOne(student, test.id),
      await save(student, test),
      await remove(student, test.id),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(testCreatorMessages.teachersOnly);
    }
    const generate = await t.app.inject({
      method: 'POST',
      url: '/api/tests/generate',
      headers: headers(student),
      payload: {
        subject: 'Mathematik',
        grade: '5. Klasse',
        questionType: 'open',
        topic: 'Brüche',
        learningObjectives: '',
      },
    });
    expect(generate.statusCode).toBe(403);
    expect(generate.json().error.message).toBe(testCreatorMessages.teachersOnly);
  });

  it('validates the payload by the shared schema and rejects unknown fields at every level', async () => {
    const test = buildTest(teacher.id);
    const withQuestion = (change: object) => ({
      ...test,
      questions: [{ ...test.questions[0]!, ...change }],
    });
    const cases: Array<[string, object]> = [
      ['unknown top-level field', { ...test, isAdmin: true }],
      ['unknown question field', withQuestion({ secret: 'x' })],
      [
        'unknown option field',
        withQuestion({ options: [{ id: 'a', text: 'x', isCorrect: true, extra: 1 }] }),
      ],
      ['unknown resource field', { ...test, resources: [{ ...test.resources[0]!, html: '<b>' }] }],
      ['points 0', withQuestion({ points: 0 })],
      ['points 101', withQuestion({ points: 101 })],
      ['points not a number', withQuestion({ points: '5' })],
      ['unknown question type', withQuestion({ type: 'essay' })],
      ['unknown resource type', { ...test, resources: [{ ...test.resources[0]!, type: 'video' }] }],
      ['missing title', { ...test, title: undefined }],
      ['attached resource that is not in the test', withQuestion({ resources: ['nope'] })],
      ['duplicate question ids', { ...test, questions: [test.questions[0], test.questions[0]] }],
    ];
    for (const [name, payload] of cases) {
      const response = await save(teacher, payload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.code, name).toBe('validation');
    }
    expect((await getOne(teacher, test.id)).statusCode).toBe(404);
  });

  it('generation without an LLM answers 503 with the German notice', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tests/generate',
      headers: headers(teacher),
      payload: {
        subject: 'Mathematik',
        grade: '5. Klasse',
        questionType: 'open',
        topic: 'Brüche',
        learningObjectives: '',
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'unavailable',
      message: testCreatorMessages.generateComingSoon,
    });
  });
});

describe('[TESTS] generation with an OpenAI-compatible endpoint', () => {
  let t: TestApp;
  let standIn: OpenAiStandIn;
  let teacher: User;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    t = await buildTestApp('pglite', {
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseURL,
        AI_MODELS: 'klein,mittel,gross',
      },
    });
    teacher = await createUser(t, { accountType: 'teacher' });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const generate = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tests/generate',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload,
    });

  it('offers the three configured models to the browser, the middle one preselected', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({
      aiProvider: 'openai-compatible',
      aiModels: ['klein', 'mittel', 'gross'],
      defaultAiModel: 'mittel',
    });
  });

  it('turns the model answer into cloze questions of the chosen type with the solutions as answer key', async () => {
    standIn.respondWith(() => ({
      kind: 'content',
      content: JSON.stringify({
        questions: [
          {
            text: 'Die Hauptstadt von Thüringen ist [..], die von Sachsen [..].',
            options: [],
            correctionTemplate: '',
            clozeSolutions: ['Erfurt', 'Dresden'],
            matchingPairs: [],
          },
          // no blank: not a cloze question, dropped
          { text: 'Ohne Lücke', options: [], correctionTemplate: '', clozeSolutions: [], matchingPairs: [] },
        ],
      }),
    }));
    const response = await generate({
      subject: 'Geschichte',
      grade: '7. Klasse',
      questionType: 'cloze',
      topic: 'Bundesländer',
      learningObjectives: 'Hauptstädte kennen',
      count: 2,
      points: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { questions } = response.json();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({
      type: 'cloze',
      text: 'Die Hauptstadt von Thüringen ist [..], die von Sachsen [..].',
      correctAnswer: 'Erfurt|Dresden',
      points: 2,
    });
    const sent = standIn.requests.at(-1)!.body;
    expect(sent.model).toBe('mittel');
    expect(JSON.stringify(sent.messages)).toContain('Bundesländer');
    expect(sent.response_format?.type).toBe('json_schema');
  });

  it('a failing model gives the German failure message, not a 500', async () => {
    standIn.respondWith(() => ({ kind: 'error', status: 500, message: 'down' }));
    const response = await generate({
      subject: 'Mathematik',
      grade: '5. Klasse',
      questionType: 'multiple-choice',
      topic: 'Brüche',
      learningObjectives: '',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(testCreatorMessages.generateFailed);
  });

  it('needs a topic or learning objectives', async () => {
    const response = await generate({
      subject: 'Mathematik',
      grade: '5. Klasse',
      questionType: 'open',
      topic: '',
      learningObjectives: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(testCreatorMessages.generateNeedsTopic);
  });

  it('counts AI test generations by plan: a failed one is given back, the free plan has 3 a month', async () => {
    const used = async () => {
      const [row] = await t.context.database.db
        .select({ used: profiles.testGenerationsUsed })
        .from(profiles)
        .where(eq(profiles.userId, teacher.id));
      return row!.used;
    };
    const request = {
      subject: 'Mathematik',
      grade: '5. Klasse',
      questionType: 'open',
      topic: 'Brüche',
      learningObjectives: '',
      count: 1,
      points: 2,
    };
    const before = await used();
    standIn.respondWith(() => ({ kind: 'error', status: 500, message: 'down' }));
    expect((await generate(request)).statusCode).toBe(503);
    expect(await used()).toBe(before);

    standIn.respondWith(() => ({
      kind: 'content',
      content: JSON.stringify({
        questions: [
          {
            text: 'Was ist 1/2 + 1/4?',
            options: [],
            correctionTemplate: '3/4',
            clozeSolutions: [],
            matchingPairs: [],
          },
        ],
      }),
    }));
    for (let i = before; i < 3; i += 1) expect((await generate(request)).statusCode).toBe(200);
    const refused = await generate(request);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toEqual({
      code: 'plan_limit',
      message: planMessages.limitReached('testGenerations', 3, 'basic', 'teacher'),
      plan: 'basic',
    });
  });
});
