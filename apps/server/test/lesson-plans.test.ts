import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lessonDraftSchema,
  lessonPlanListSchema,
  lessonPlanMessages,
  lessonPlanSchema,
  lessonTemplateListSchema,
  phaseMinutesTotal,
} from '@korrigo/domain';
import {
  inSequence,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../../packages/grading/test/support/openai-stand-in';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildCourse, buildLessonPlan, createUser, lessonPlanInput } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

const request = (
  t: TestApp,
  user: User,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });

describe.each(databaseKinds)('[LESSONS] lesson plans on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-24T10:00:00Z');
  let teacher: User;
  let other: User;
  let student: User;
  let courseId: string;
  let othersCourseId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock });
    teacher = await createUser(t, { accountType: 'teacher' });
    other = await createUser(t, { accountType: 'teacher' });
    student = await createUser(t, { accountType: 'student', classLevel: '7' });
    courseId = (await buildCourse(t, { ownerId: teacher.id, name: 'Mathe 6a', subject: 'Mathematik' })).id;
    othersCourseId = (await buildCourse(t, { ownerId: other.id, name: 'Fremd' })).id;
  }, 120_000);
  afterAll(() => t?.close());

  it('creates, reads, lists newest first, updates and deletes her plans', async () => {
    const first = await buildLessonPlan(t, { owner: teacher, courseId });
    expect(first).toMatchObject({ courseId, courseName: 'Mathe 6a', status: 'planned', date: '2026-12-01' });
    expect(first.createdAt).toBe(clock.toISOString());
    clock = new Date('2026-11-24T11:00:00Z');
    const second = await buildLessonPlan(t, { owner: teacher, title: 'Zweiter', status: 'draft' });

    const list = await request(t, teacher, 'GET', '/api/lesson-plans');
    expect(list.statusCode).toBe(200);
    const plans = lessonPlanListSchema.parse(list.json());
    expect(plans.map((p) => p.id)).toEqual([second.id, first.id]);
    const ofCourse = await request(t, teacher, 'GET', `/api/lesson-plans?courseId=${courseId}`);
    expect(ofCourse.json().map((p: { id: string }) => p.id)).toEqual([first.id]);

    clock = new Date('2026-11-24T12:00:00Z');
    const updated = await request(
      t,
      teacher,
      'PUT',
      `/api/lesson-plans/${first.id}`,
      lessonPlanInput({ title: 'Geändert', status: 'completed', courseId: null, date: null }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(lessonPlanSchema.parse(updated.json())).toMatchObject({
      title: 'Geändert',
      status: 'completed',
      courseId: null,
      courseName: null,
      date: null,
      updatedAt: clock.toISOString(),
      createdAt: first.createdAt,
    });
    expect((await request(t, teacher, 'GET', `/api/lesson-plans/${first.id}`)).json().title).toBe('Geändert');

    const deleted = await request(t, teacher, 'DELETE', `/api/lesson-plans/${first.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await request(t, teacher, 'GET', `/api/lesson-plans/${first.id}`)).statusCode).toBe(404);
    expect((await request(t, teacher, 'DELETE', `/api/lesson-plans/${first.id}`)).statusCode).toBe(404);
  });

  it('duplicates as a draft titled „(Kopie)“ with the same phases and course', async () => {
    const plan = await buildLessonPlan(t, { owner: teacher, courseId, status: 'completed' });
    const copy = await request(t, teacher, 'POST', `/api/lesson-plans/${plan.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const body = lessonPlanSchema.parse(copy.json());
    expect(body.id).not.toBe(plan.id);
    expect(body).toMatchObject({
      title: `${plan.title} (Kopie)`,
      status: 'draft',
      courseId,
      courseName: 'Mathe 6a',
      phases: plan.phases,
    });
  });

  it("answers 404 for another teacher's plan and course, and leaves the plan as it was", async () => {
    const plan = await buildLessonPlan(t, { owner: other });
    for (const [method, url, payload] of [
      ['GET', `/api/lesson-plans/${plan.id}`],
      ['PUT', `/api/lesson-plans/${plan.id}`, lessonPlanInput()],
      ['DELETE', `/api/lesson-plans/${plan.id}`],
      ['POST', `/api/lesson-plans/${plan.id}/duplicate`],
      ['GET', `/api/lesson-plans/${plan.id}/pdf`],
      ['GET', '/api/lesson-plans/kein-uuid'],
      ['GET', `/api/lesson-plans?courseId=${othersCourseId}`],
      ['POST', '/api/lesson-plans', lessonPlanInput({ courseId: othersCourseId })],
    ] as const) {
      const response = await request(t, teacher, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    const own = await buildLessonPlan(t, { owner: teacher });
    const linked = await request(
      t,
      teacher,
      'PUT',
      `/api/lesson-plans/${own.id}`,
      lessonPlanInput({ courseId: othersCourseId }),
    );
    expect(linked.statusCode).toBe(404);
    expect(linked.json().error.message).toBe(lessonPlanMessages.courseNotFound);
    expect((await request(t, other, 'GET', `/api/lesson-plans/${plan.id}`)).json().title).toBe(plan.title);
    const hers = await request(t, teacher, 'GET', '/api/lesson-plans');
    expect(hers.json().map((p: { id: string }) => p.id)).not.toContain(plan.id);
  });

  it('refuses students with 403', async () => {
    const plan = await buildLessonPlan(t, { owner: teacher });
    for (const [method, url, payload] of [
      ['GET', '/api/lesson-plans'],
      ['GET', '/api/lesson-plans/templates'],
      ['POST', '/api/lesson-plans', lessonPlanInput()],
      [
        'POST',
        '/api/lesson-plans/draft',
        { templateId: 'aviva', topic: 'X', gradeLevel: '7', subject: '', durationMinutes: 45 },
      ],
      ['GET', `/api/lesson-plans/${plan.id}`],
    ] as const) {
      const response = await request(t, student, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(lessonPlanMessages.teachersOnly);
    }
    expect((await t.app.inject({ url: '/api/lesson-plans' })).statusCode).toBe(401);
  });

  it('answers 400 with German reasons; phases longer than the lesson are accepted', async () => {
    const bad = await request(
      t,
      teacher,
      'POST',
      '/api/lesson-plans',
      lessonPlanInput({ title: '  ', durationMinutes: 1000, phases: [], status: 'fertig' as never }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation',
      message: lessonPlanMessages.titleRequired,
      fields: {
        title: lessonPlanMessages.titleRequired,
        durationMinutes: lessonPlanMessages.duration,
        phases: lessonPlanMessages.phasesMin,
        status: lessonPlanMessages.status,
      },
    });
    const longPhase = await request(
      t,
      teacher,
      'POST',
      '/api/lesson-plans',
      lessonPlanInput({
        durationMinutes: 45,
        phases: [{ name: 'Alles', minutes: 60, content: '', method: '', materials: '' }],
      }),
    );
    expect(longPhase.statusCode, longPhase.body).toBe(201);
    const noName = await request(
      t,
      teacher,
      'POST',
      '/api/lesson-plans',
      lessonPlanInput({ phases: [{ name: '', minutes: 5, content: '', method: '', materials: '' }] }),
    );
    expect(noName.json().error.fields).toEqual({ 'phases.0.name': lessonPlanMessages.phaseNameRequired });
  });

  it('makes an A4 PDF of the plan', async () => {
    const plan = await buildLessonPlan(t, { owner: teacher, title: 'Brüche & Größen', courseId });
    const response = await request(t, teacher, 'GET', `/api/lesson-plans/${plan.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Brueche-Groessen.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(1024);
    // A4 is 595.28 × 841.89 points
    expect(response.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d+ 841\.8\d+\]/);
  });

  it('lists the templates and makes a draft from one without a model', async () => {
    const templates = lessonTemplateListSchema.parse(
      (await request(t, teacher, 'GET', '/api/lesson-plans/templates')).json(),
    );
    expect(templates.length).toBeGreaterThanOrEqual(5);
    const response = await request(t, teacher, 'POST', '/api/lesson-plans/draft', {
      templateId: 'gruppenpuzzle',
      topic: 'Der Wasserkreislauf',
      gradeLevel: '5',
      subject: 'Erdkunde',
      durationMinutes: 90,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { draft, source } = lessonDraftSchema.parse(response.json());
    expect(source).toBe('template');
    expect(draft).toMatchObject({
      title: 'Der Wasserkreislauf',
      status: 'draft',
      templateId: 'gruppenpuzzle',
    });
    expect(draft.phases.map((p) => p.name)).toEqual(
      templates.find((x) => x.id === 'gruppenpuzzle')!.phases.map((p) => p.name),
    );
    expect(phaseMinutesTotal(draft.phases)).toBe(90);
    // nothing is saved
    const list = await request(t, teacher, 'GET', '/api/lesson-plans');
    expect(list.json().some((p: { topic: string }) => p.topic === 'Der Wasserkreislauf')).toBe(false);

    const unknown = await request(t, teacher, 'POST', '/api/lesson-plans/draft', {
      templateId: 'gibt-es-nicht',
      topic: 'X',
      gradeLevel: '',
      subject: '',
      durationMinutes: 45,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(lessonPlanMessages.templateUnknown);
    const noTopic = await request(t, teacher, 'POST', '/api/lesson-plans/draft', {
      templateId: 'aviva',
      topic: '',
      gradeLevel: '',
      subject: '',
      durationMinutes: 45,
    });
    expect(noTopic.json().error.message).toBe(lessonPlanMessages.topicRequired);
  });
});

describe('[LESSONS] drafts with an OpenAI-compatible endpoint', () => {
  let t: TestApp;
  let standIn: OpenAiStandIn;
  let teacher: User;
  const draftRequest = {
    templateId: 'einstieg-erarbeitung-sicherung',
    topic: 'Photosynthese',
    gradeLevel: '8',
    subject: 'Biologie',
    durationMinutes: 90,
  };

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    t = await buildTestApp('pglite', {
      env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: standIn.baseURL, AI_MODELS: 'klein' },
    });
    teacher = await createUser(t, { accountType: 'teacher' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("takes the model's phases, with minutes made to add up to the lesson", async () => {
    standIn.respondWith(() => ({
      kind: 'content',
      content: JSON.stringify({
        goals: 'Die Schülerinnen und Schüler erklären, wozu Pflanzen Licht brauchen.',
        phases: [
          {
            name: 'Einstieg',
            minutes: 10,
            content: 'Kresse im Dunkeln und im Hellen.',
            method: 'Plenum',
            materials: 'Kresse',
          },
          {
            name: 'Erarbeitung',
            minutes: 50,
            content: 'Versuch mit Wasserpest.',
            method: 'Gruppenarbeit',
            materials: 'Wasserpest, Lampe',
          },
          {
            name: 'Sicherung',
            minutes: 20,
            content: 'Wortgleichung an der Tafel.',
            method: 'Plenum',
            materials: 'Tafel',
          },
        ],
      }),
    }));
    const response = await request(t, teacher, 'POST', '/api/lesson-plans/draft', draftRequest);
    expect(response.statusCode, response.body).toBe(200);
    const { draft, source } = lessonDraftSchema.parse(response.json());
    expect(source).toBe('llm');
    expect(draft.goals).toContain('Licht');
    expect(draft.phases.map((p) => p.name)).toEqual(['Einstieg', 'Erarbeitung', 'Sicherung']);
    // 10/50/20 of 80 scaled to 90: 11.25, 56.25, 22.5; the spare minute to the largest remainder
    expect(draft.phases.map((p) => p.minutes)).toEqual([11, 56, 23]);
    const sent = JSON.stringify(standIn.requests.at(-1)!.body.messages);
    expect(sent).toContain('Photosynthese');
    expect(sent).toContain('Klasse / Jahrgangsstufe: 8');
  }, 60_000);

  it.each([
    ['an error', () => ({ kind: 'error' as const, status: 500, message: 'down' })],
    ['no JSON', () => ({ kind: 'content' as const, content: 'Gern! Hier ist Ihr Plan …' })],
    ['no phases', () => ({ kind: 'content' as const, content: JSON.stringify({ goals: 'x', phases: [] }) })],
    [
      'a phase without a name',
      () => ({
        kind: 'content' as const,
        content: JSON.stringify({
          goals: '',
          phases: [{ name: ' ', minutes: 45, content: '', method: '', materials: '' }],
        }),
      }),
    ],
  ])(
    'falls back to the template on %s',
    async (_what, reply) => {
      standIn.respondWith(reply);
      const response = await request(t, teacher, 'POST', '/api/lesson-plans/draft', draftRequest);
      expect(response.statusCode, response.body).toBe(200);
      const { draft, source } = lessonDraftSchema.parse(response.json());
      expect(source).toBe('template');
      expect(draft.phases.map((p) => p.name)).toEqual(['Einstieg', 'Erarbeitung', 'Sicherung']);
      expect(draft.phases.map((p) => p.minutes)).toEqual([10, 50, 30]);
    },
    60_000,
  );
});

describe('[LESSONS] drafts with a local server in JSON mode (AI_STRUCTURED_OUTPUT=json_object)', () => {
  let t: TestApp;
  let standIn: OpenAiStandIn;
  let teacher: User;
  const draftRequest = {
    templateId: 'einstieg-erarbeitung-sicherung',
    topic: 'Photosynthese',
    gradeLevel: '8',
    subject: 'Biologie',
    durationMinutes: 90,
  };
  const phase = (name: string, minutes: number) => ({
    name,
    minutes,
    content: `${name} zur Photosynthese.`,
    method: 'Plenum',
    materials: 'Tafel',
  });
  const good = JSON.stringify({
    goals: 'Die Schülerinnen und Schüler erklären, wozu Pflanzen Licht brauchen.',
    phases: [phase('Einstieg', 10), phase('Erarbeitung', 50), phase('Sicherung', 30)],
  });
  // minutes as words: JSON, but not the schema
  const bad = JSON.stringify({ goals: 'x', phases: [{ ...phase('Einstieg', 10), minutes: 'zehn' }] });

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    standIn.speak('json-mode-only');
    t = await buildTestApp('pglite', {
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseURL,
        AI_MODELS: 'klein',
        AI_STRUCTURED_OUTPUT: 'json_object',
      },
    });
    teacher = await createUser(t, { accountType: 'teacher' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("takes the model's plan after one repair request", async () => {
    standIn.requests.length = 0;
    standIn.respondWith(inSequence({ kind: 'content', content: bad }, { kind: 'content', content: good }));
    const response = await request(t, teacher, 'POST', '/api/lesson-plans/draft', draftRequest);
    expect(response.statusCode, response.body).toBe(200);
    const { draft, source } = lessonDraftSchema.parse(response.json());
    expect(source).toBe('llm');
    expect(draft.phases.map((p) => p.content)).toContain('Erarbeitung zur Photosynthese.');
    expect(standIn.requests.map((r) => r.body.response_format)).toEqual([
      { type: 'json_object' },
      { type: 'json_object' },
    ]);
    expect(JSON.stringify(standIn.requests[0]!.body.messages)).toContain('<json_schema>');
    expect(JSON.stringify(standIn.requests[1]!.body.messages.at(-1))).toContain('phases.0.minutes');
  }, 60_000);

  it('falls back to the template when the repair is no better', async () => {
    standIn.requests.length = 0;
    standIn.respondWith(() => ({ kind: 'content', content: bad }));
    const response = await request(t, teacher, 'POST', '/api/lesson-plans/draft', draftRequest);
    expect(response.statusCode, response.body).toBe(200);
    expect(lessonDraftSchema.parse(response.json()).source).toBe('template');
    expect(standIn.requests).toHaveLength(2);
  }, 60_000);
});
