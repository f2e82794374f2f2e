import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatLimits,
  learningAssistantMessages,
  learningOverviewSchema,
  learningSubjects,
  practiceCheckSchema,
  practiceSessionSchema,
  type AnalysisResult,
  type GradingError,
  type PracticeSession,
} from '@korrigo/domain';
import { courseExams, gradeRecords, practiceSessions } from '../src/db/schema';
import { analysisSeedValues } from '../src/modules/history/analysis-seed';
import {
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../../packages/grading/test/support/openai-stand-in';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, buildCourse, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

const spelling = (wrong: string, right: string, start: number): GradingError => ({
  title: 'Rechtschreibfehler',
  point_deduction: 0.5,
  details: `„${wrong}“ wird „${right}“ geschrieben.`,
  suggestion: right,
  severity: 'moderate',
  message: '',
  location: { type: 'text', start, end: start + wrong.length, quoted_text: wrong },
  category: 'spelling',
});

const studentText =
  'Aufgabe 1\nEr kam wiederrum zu spät. Wir haben Gestern gespielt.\n\nAufgabe 2\nDer Hund bellt laut.';

/** A graded German paper of hers: task 1 with two spelling errors (1,5 of 4), task 2 right (4 of 4). */
function germanResult(): AnalysisResult {
  const seeded = analysisSeedValues('x', { subject: 'Deutsch', title: 'Klassenarbeit Satzbau' }).result!;
  const start = studentText.indexOf('wiederrum');
  return {
    ...seeded,
    achieved_points: 5.5,
    total_points: 8,
    tasks: [
      {
        title: 'Aufgabe 1',
        achieved_points: 1.5,
        max_points: 4,
        overall_feedback: '',
        subtasks: [
          {
            subtask_label: '1',
            description: 'Schreibe zwei Sätze.',
            achieved_points: 1.5,
            max_points: 4,
            feedback: '',
            improvement_suggestion: 'Achte auf die Schreibung der Zeitwörter.',
            errors: [
              spelling('wiederrum', 'wiederum', start),
              spelling('Gestern', 'gestern', studentText.indexOf('Gestern')),
            ],
          },
        ],
      },
      {
        title: 'Aufgabe 2',
        achieved_points: 4,
        max_points: 4,
        overall_feedback: '',
        subtasks: [
          {
            subtask_label: '2',
            description: 'Bilde einen Satz mit Subjekt und Prädikat.',
            achieved_points: 4,
            max_points: 4,
            feedback: '',
            improvement_suggestion: '',
            errors: [],
          },
        ],
      },
    ],
  };
}

async function seedResult(
  t: TestApp,
  student: User,
  teacherId: string,
  values: { subject: string; type: string; grade: string; createdAt: Date; result: AnalysisResult },
) {
  const analysis = await buildAnalysis(t, {
    ownerId: teacherId,
    subject: values.subject,
    createdAt: values.createdAt,
    row: { result: values.result, inputText: studentText },
  });
  await t.context.database.db.insert(gradeRecords).values({
    userId: student.id,
    analysisId: analysis.id,
    releasedBy: values.type === 'Selbsttest' ? null : teacherId,
    subject: values.subject,
    courseName: 'Deutsch 7b',
    type: values.type,
    title: values.result.title,
    achievedPoints: values.result.achieved_points,
    totalPoints: values.result.total_points,
    grade: values.grade,
    createdAt: values.createdAt,
  });
  return analysis.id;
}

describe.each(databaseKinds)('[LEARNING] the Lern-Assistent on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2026-11-24T10:00:00Z');
  let student: User;
  let other: User;
  let teacher: User;
  let germanId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock });
    teacher = await createUser(t, { accountType: 'teacher' });
    student = await createUser(t, { accountType: 'student', classLevel: '7', plan: 'premium_student' });
    other = await createUser(t, { accountType: 'student', classLevel: '7', plan: 'premium_student' });
    germanId = await seedResult(t, student, teacher.id, {
      subject: 'Deutsch',
      type: 'Klassenarbeit',
      grade: '3',
      createdAt: new Date('2026-11-10T10:00:00Z'),
      result: germanResult(),
    });
    const mathResult = {
      ...analysisSeedValues('x', { subject: 'Mathe', achievedPoints: 9, totalPoints: 10, title: 'Mein Test' })
        .result!,
    };
    await seedResult(t, student, teacher.id, {
      subject: 'Mathe',
      type: 'Selbsttest',
      grade: '1',
      createdAt: new Date('2026-11-20T10:00:00Z'),
      result: mathResult,
    });
    const course = await buildCourse(t, {
      ownerId: teacher.id,
      name: 'Deutsch 7b',
      studentUserIds: [student.id],
    });
    const db = t.context.database.db;
    await db.insert(courseExams).values([
      {
        courseId: course.id,
        name: 'Klausur Satzbau',
        date: '2026-12-03',
        status: 'geplant',
        createdBy: teacher.id,
      },
      { courseId: course.id, name: 'Vorbei', date: '2026-11-01', status: 'geplant', createdBy: teacher.id },
    ] as never);
  }, 120_000);
  afterAll(() => t?.close());

  const as = (user: User, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  it('answers her overview from her records', async () => {
    const response = await as(student, 'GET', '/api/learning-assistant');
    expect(response.statusCode, response.body).toBe(200);
    const overview = learningOverviewSchema.parse(response.json());
    expect(overview.hasResults).toBe(true);
    expect(overview.subjects.map((s) => s.subject)).toEqual([...learningSubjects]);
    const deutsch = overview.subjects.find((s) => s.subject === 'Deutsch')!;
    expect(deutsch).toMatchObject({ results: 1, progress: 69 });
    expect(deutsch.strengths[0]).toMatchObject({
      label: 'Aufgabe 2: Bilde einen Satz mit Subjekt und Prädikat.',
      score: 100,
      evidence: '4 von 4 Punkten in „Klassenarbeit Satzbau“',
      analysisIds: [germanId],
    });
    expect(deutsch.weaknesses.map((w) => [w.label, w.score, w.evidence])).toEqual([
      ['Aufgabe 1: Schreibe zwei Sätze.', 38, '1,5 von 4 Punkten in „Klassenarbeit Satzbau“'],
      ['Rechtschreibung', 68, '2 Fehler in 1 Arbeit'],
    ]);
    expect(overview.subjects.find((s) => s.subject === 'Mathematik')).toMatchObject({
      results: 1,
      progress: 90,
    });
    expect(overview.mistakes.map((m) => [m.id, m.quoted, m.correction])).toEqual([
      [`${germanId}:0:0:0`, 'wiederrum', 'wiederum'],
      [`${germanId}:0:0:1`, 'Gestern', 'gestern'],
    ]);
    expect(overview.stats).toEqual({
      // 68,75 % and 90 %
      overallPercent: 79,
      currentGrade: '3',
      studyMinutes: 0,
      nextTest: { name: 'Klausur Satzbau', date: '2026-12-03', courseName: 'Deutsch 7b' },
    });
  });

  it('shows another student nothing of hers and a teacher a 403', async () => {
    const empty = await as(other, 'GET', '/api/learning-assistant');
    expect(empty.json()).toMatchObject({ hasResults: false, mistakes: [], stats: { nextTest: null } });
    for (const [method, url, payload] of [
      ['GET', '/api/learning-assistant', undefined],
      ['POST', '/api/learning-assistant/practice', { subject: 'Deutsch' }],
      ['POST', '/api/learning-assistant/explain', { mistakeId: `${germanId}:0:0:0` }],
      ['POST', '/api/learning-assistant/chat', { messages: [{ role: 'user', content: 'Hallo' }] }],
    ] as const) {
      const response = await as(teacher, method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe(learningAssistantMessages.studentsOnly);
    }
    const signedOut = await t.app.inject({ url: '/api/learning-assistant' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('creates a practice session from her mistakes and checks the answers with the grading engine', async () => {
    const created = await as(student, 'POST', '/api/learning-assistant/practice', {
      subject: 'deutsch',
      count: 4,
      difficulty: 'mittel',
    });
    expect(created.statusCode, created.body).toBe(200);
    const session: PracticeSession = practiceSessionSchema.parse(created.json());
    expect(session).toMatchObject({ subject: 'Deutsch', difficulty: 'mittel', source: 'templates' });
    expect(session.items).toHaveLength(4);
    expect(created.body).not.toContain('isCorrect');
    expect(created.body).not.toContain('correctAnswer');

    const [stored] = await t.context.database.db
      .select()
      .from(practiceSessions)
      .where(eq(practiceSessions.id, session.id));
    const solution = (itemId: string) => {
      const q = stored!.questions.find((x) => x.id === itemId)!;
      if (q.type === 'multiple-choice') return q.options.find((o) => o.isCorrect)!.id;
      if (q.type === 'cloze') return q.correctAnswer;
      return q.correctionTemplate.replace(/\s*\(1 P\)/, '');
    };
    const wrongAnswer = (itemId: string) => {
      const q = stored!.questions.find((x) => x.id === itemId)!;
      if (q.type === 'multiple-choice') return q.options.find((o) => !o.isCorrect)!.id;
      return q.wrong ?? 'falsch';
    };

    clock = new Date('2026-11-24T10:07:00Z');
    const right = await as(student, 'POST', `/api/learning-assistant/practice/${session.id}/answers`, {
      answers: session.items.map((item) => ({ itemId: item.id, answer: solution(item.id) })),
    });
    expect(right.statusCode, right.body).toBe(200);
    const check = practiceCheckSchema.parse(right.json());
    expect(check.items.map((i) => i.correct)).toEqual([true, true, true, true]);
    expect(check.achieved).toBe(check.total);

    clock = new Date('2026-11-24T10:12:00Z');
    const wrong = await as(student, 'POST', `/api/learning-assistant/practice/${session.id}/answers`, {
      answers: session.items.map((item) => ({ itemId: item.id, answer: wrongAnswer(item.id) })),
    });
    const wrongCheck = practiceCheckSchema.parse(wrong.json());
    expect(wrongCheck.items.map((i) => [i.achieved, i.correct])).toEqual([
      [0, false],
      [0, false],
      [0, false],
      [0, false],
    ]);
    expect(wrongCheck.items.every((i) => i.solution.length > 0 && i.feedback.length > 0)).toBe(true);

    // the last check is kept; the session counts as 12 minutes of study
    const [after] = await t.context.database.db
      .select()
      .from(practiceSessions)
      .where(eq(practiceSessions.id, session.id));
    expect(after).toMatchObject({ achieved: 0, total: check.total });
    const overview = await as(student, 'GET', '/api/learning-assistant');
    expect(overview.json().stats.studyMinutes).toBe(12);

    // another student's session is not found, for her as for an unknown id
    for (const id of [session.id, crypto.randomUUID(), 'kein-uuid']) {
      const foreign = await as(other, 'POST', `/api/learning-assistant/practice/${id}/answers`, {
        answers: [],
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(learningAssistantMessages.sessionNotFound);
    }
  }, 120_000);

  it('refuses an invalid count with its German message and a subject without material with 409', async () => {
    const tooMany = await as(student, 'POST', '/api/learning-assistant/practice', {
      subject: 'Deutsch',
      count: 11,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Bitte wähle zwischen 1 und 10 Aufgaben.');
    const none = await as(student, 'POST', '/api/learning-assistant/practice', { subject: 'Physik' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(learningAssistantMessages.practiceNoMaterial);
    const defaults = await as(student, 'POST', '/api/learning-assistant/practice', { subject: 'Deutsch' });
    expect(defaults.json()).toMatchObject({ difficulty: 'mittel' });
    expect(defaults.json().items).toHaveLength(3);
  });

  it('explains her mistake from the templates and not another student the same', async () => {
    const response = await as(student, 'POST', '/api/learning-assistant/explain', {
      mistakeId: `${germanId}:0:0:0`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      mistakeId: `${germanId}:0:0:0`,
      correctForm: 'wiederum',
      source: 'templates',
      tip: 'Das Wort nachschlagen, richtig abschreiben und in eigenen Sätzen verwenden.',
    });
    expect(response.json().explanation).toContain('„wiederrum“');
    for (const mistakeId of [`${germanId}:0:0:0`, `${germanId}:9:0:0`, 'unsinn']) {
      const foreign = await as(other, 'POST', '/api/learning-assistant/explain', { mistakeId });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(learningAssistantMessages.mistakeNotFound);
    }
  });

  it('chats from her results without a model', async () => {
    const ask = async (content: string) => {
      const response = await as(student, 'POST', '/api/learning-assistant/chat', {
        messages: [{ role: 'user', content }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().source).toBe('templates');
      return response.json().reply as string;
    };
    expect(await ask('Wo bin ich schwach?')).toContain('Aufgabe 1: Schreibe zwei Sätze.');
    expect(await ask('Wann ist mein nächster Test?')).toContain('„Klausur Satzbau“ am 03.12.2026');
    expect(await ask('Was ist Rechtschreibung?')).toContain('2-mal');
    expect(await ask('Was kann ich gut?')).toContain('Besonders gut');
  });

  it('limits the AI tools like the companion: per address and minute', async () => {
    const chat = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/learning-assistant/chat',
        remoteAddress: '10.200.0.1',
        headers: { cookie: student.cookie, origin: TEST_ORIGIN },
        payload: { messages: [{ role: 'user', content: 'Wie stehe ich?' }] },
      });
    for (let i = 0; i < chatLimits.companionRequestsPerMinute; i += 1)
      expect((await chat()).statusCode).toBe(200);
    const limited = await chat();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  }, 60_000);
});

describe('[LEARNING] with an OpenAI-compatible endpoint', () => {
  let t: TestApp;
  let standIn: OpenAiStandIn;
  let student: User;
  let germanId: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    t = await buildTestApp('pglite', {
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: standIn.baseURL,
        AI_MODELS: 'klein,mittel,gross',
      },
    });
    const teacher = await createUser(t, { accountType: 'teacher' });
    student = await createUser(t, { accountType: 'student', classLevel: '7', plan: 'premium_student' });
    germanId = await seedResult(t, student, teacher.id, {
      subject: 'Deutsch',
      type: 'Klassenarbeit',
      grade: '3',
      createdAt: new Date('2026-11-10T10:00:00Z'),
      result: germanResult(),
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: student.cookie, origin: TEST_ORIGIN }, payload });

  it('takes practice items from the model and checks them with the engine', async () => {
    standIn.respondWith(() => ({
      kind: 'content',
      content: JSON.stringify({
        items: [
          {
            type: 'cloze',
            text: 'Er kam [..] zu spät.',
            options: [],
            clozeSolutions: ['wiederum'],
            matchingPairs: [],
            correctionTemplate: '',
            trains: 'Übt: wiederum',
          },
          {
            type: 'multiple-choice',
            text: 'Welche Schreibweise ist richtig?',
            options: [
              { text: 'gestern', isCorrect: true },
              { text: 'Gestern', isCorrect: false },
            ],
            clozeSolutions: [],
            matchingPairs: [],
            correctionTemplate: '',
            trains: 'Übt: gestern',
          },
        ],
      }),
    }));
    const created = await post('/api/learning-assistant/practice', { subject: 'Deutsch', count: 2 });
    expect(created.statusCode, created.body).toBe(200);
    const session = practiceSessionSchema.parse(created.json());
    expect(session.source).toBe('llm');
    expect(session.items.map((i) => i.type)).toEqual(['cloze', 'multiple-choice']);
    const sent = JSON.stringify(standIn.requests.at(-1)!.body.messages);
    expect(sent).toContain('wiederrum');
    const checked = await post(`/api/learning-assistant/practice/${session.id}/answers`, {
      answers: [
        { itemId: session.items[0]!.id, answer: 'wiederum' },
        { itemId: session.items[1]!.id, answer: session.items[1]!.options[1]!.id },
      ],
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().items.map((i: { correct: boolean }) => i.correct)).toEqual([true, false]);
  }, 120_000);

  it('falls back to the templates when the model fails', async () => {
    standIn.respondWith(() => ({ kind: 'error', status: 500, message: 'down' }));
    const created = await post('/api/learning-assistant/practice', { subject: 'Deutsch', count: 3 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ source: 'templates' });
    expect(created.json().items).toHaveLength(3);
    const explained = await post('/api/learning-assistant/explain', { mistakeId: `${germanId}:0:0:0` });
    expect(explained.json()).toMatchObject({ source: 'templates', correctForm: 'wiederum' });
    const chat = await post('/api/learning-assistant/chat', {
      messages: [{ role: 'user', content: 'Was soll ich üben?' }],
    });
    expect(chat.json().source).toBe('templates');
  }, 120_000);

  it('explains and chats with the model, grounded in her results', async () => {
    standIn.respondWith(() => ({
      kind: 'content',
      content: JSON.stringify({
        explanation: 'Wiederum schreibt man mit einem r.',
        tip: 'Merke: wieder + um.',
      }),
    }));
    const explained = await post('/api/learning-assistant/explain', { mistakeId: `${germanId}:0:0:0` });
    expect(explained.json()).toMatchObject({
      source: 'llm',
      explanation: 'Wiederum schreibt man mit einem r.',
      tip: 'Merke: wieder + um.',
      correctForm: 'wiederum',
    });
    standIn.respondWith(() => ({ kind: 'content', content: 'Übe die Schreibung von „wiederum“.' }));
    const chat = await post('/api/learning-assistant/chat', {
      messages: [{ role: 'user', content: 'Was soll ich üben?' }],
    });
    expect(chat.json()).toEqual({ reply: 'Übe die Schreibung von „wiederum“.', source: 'llm' });
    const system = standIn.requests.at(-1)!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(String(system.content)).toContain('Schwäche: Aufgabe 1: Schreibe zwei Sätze.');
  }, 120_000);
});
