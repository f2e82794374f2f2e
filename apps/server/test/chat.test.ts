import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chatMessages,
  messages,
  type AnalysisDetail,
  type AnalysisResult,
  type Chat,
  type ChatMessage,
} from '@korrigo/domain';
import { analyses } from '../src/db/schema';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { createUser } from './support/factories';
import {
  startOpenAiStandIn,
  type OpenAiStandIn,
} from '../../../packages/grading/test/support/openai-stand-in';

type User = Awaited<ReturnType<typeof createUser>>;

const headers = (user: User) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

/** A small stored result, as an engine writes it: one task with a located calculation error. */
function storedResult(): AnalysisResult {
  return {
    title: 'Addition',
    grade: '5',
    achieved_points: 1,
    total_points: 4,
    metadata: { subject: 'Mathematik', student_name: 'Ben', grade_level: '5. Klasse', date: '2026-03-01' },
    tasks: [
      {
        title: 'Aufgabe 1',
        achieved_points: 1,
        max_points: 4,
        overall_feedback: 'Ansatz richtig, Ergebnis falsch.',
        subtasks: [
          {
            subtask_label: '1',
            description: 'Berechne 3 + 4.',
            achieved_points: 1,
            max_points: 4,
            feedback: 'Das Ergebnis ist 7.',
            improvement_suggestion: 'Mit einer Probe kontrollieren.',
            errors: [
              {
                title: 'Rechenfehler',
                point_deduction: 3,
                details: '3 + 4 = 7',
                suggestion: '7',
                severity: 'severe',
                message: 'Falsches Ergebnis: 8 statt 7',
                location: { type: 'text', start: 19, end: 20, quoted_text: '8' },
                category: 'maths',
              },
            ],
          },
        ],
      },
    ],
    overall_feedback: 'Bitte die Addition üben.',
    strengths: [],
    weaknesses: ['Addition unsicher.'],
    general_improvement_suggestions: ['Addition im Zahlenraum bis 20 üben.'],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'builtin',
    engine_version: 'test',
    status: 'suggested',
    review_flags: [],
  };
}

/** A finished analysis of `user`, stored directly (the grading itself is the analysis tests' business). */
async function insertAnalysis(t: TestApp, user: User, status: 'done' | 'processing' = 'done') {
  const result = status === 'done' ? storedResult() : null;
  const [row] = await t.context.database.db
    .insert(analyses)
    .values({
      userId: user.id,
      status,
      title: 'Addition',
      inputText: 'Aufgabe 1: 3 + 4 = 8',
      options: {
        subject: 'Mathematik',
        gradeLevel: 'Auto',
        depth: 'Auto',
        feedback: [],
        temperature: 0.1,
        customInstructions: '',
      },
      result,
      suggestedResult: result,
    })
    .returning();
  return row!;
}

function chat(overrides: Partial<Chat> = {}): Chat {
  return {
    id: randomUUID(),
    name: 'Chat 1',
    timestamp: 0,
    messages: [{ role: 'assistant', content: chatMessages.greeting('Addition') }],
    ...overrides,
  };
}

/** Parses a text/event-stream body into its events. */
function parseEvents(body: string): { event: string; data: Record<string, string> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, string>;
      return { event, data };
    });
}

describe.each(databaseKinds)('[CHAT] chat companion API on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let other: User;
  let clock = new Date('2026-03-01T10:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => clock });
    teacher = await createUser(t, { accountType: 'teacher' });
    other = await createUser(t, { accountType: 'teacher' });
  });
  afterAll(() => t?.close());

  const list = (user: User, analysisId: string, userId = user.id) =>
    t.app.inject({
      url: `/api/chats?userId=${encodeURIComponent(userId)}&analysisId=${analysisId}`,
      headers: headers(user),
    });
  const save = (user: User, analysisId: string, chatData: object, userId = user.id) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chats',
      headers: headers(user),
      payload: { userId, analysisId, chatData },
    });
  const remove = (user: User, chatId: string, analysisId: string, userId = user.id) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/chats/${chatId}?userId=${encodeURIComponent(userId)}&analysisId=${analysisId}`,
      headers: headers(user),
    });
  const ask = (
    user: User,
    payload: { message: string; analysisId: string; chatId?: string; history?: ChatMessage[] },
    accept = 'application/json',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/openai',
      headers: { ...headers(user), accept },
      payload,
    });

  it('needs a signed-in user for every call, before looking at the input', async () => {
    const id = randomUUID();
    for (const call of [
      { method: 'GET' as const, url: `/api/chats?userId=x&analysisId=${id}` },
      { method: 'POST' as const, url: '/api/chats', payload: { nonsense: true } },
      { method: 'DELETE' as const, url: `/api/chats/${id}?userId=x&analysisId=${id}` },
      { method: 'POST' as const, url: '/api/openai', payload: { message: 'Hallo' } },
    ]) {
      const response = await t.app.inject({ ...call, headers: { origin: TEST_ORIGIN } });
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json().error.message).toBe(messages.auth.notSignedIn);
    }
  });

  it('saves chats, lists them oldest first with the timestamp in seconds, and replaces messages on save', async () => {
    const analysis = await insertAnalysis(t, teacher);
    expect((await list(teacher, analysis.id)).json()).toEqual({ chats: [] });

    const first = chat();
    clock = new Date('2026-03-01T10:00:00.900Z');
    const saved = await save(teacher, analysis.id, first);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...first, timestamp: 1772359200 });

    clock = new Date('2026-03-01T10:05:00Z');
    const second = chat({ name: 'Chat 2', messages: [] });
    expect((await save(teacher, analysis.id, second)).statusCode).toBe(200);

    // the first chat goes on: the whole conversation is sent again, its timestamp stays
    const conversation: ChatMessage[] = [
      ...first.messages,
      { role: 'user', content: 'Wie kam die Note zustande?' },
      { role: 'assistant', content: 'Die Note 5 ergibt sich aus 1 von 4 Punkten.' },
    ];
    clock = new Date('2026-03-01T10:10:00Z');
    const updated = await save(teacher, analysis.id, { ...first, messages: conversation });
    expect(updated.json()).toMatchObject({ timestamp: 1772359200, messages: conversation });

    const chats = (await list(teacher, analysis.id)).json().chats as Chat[];
    expect(chats.map((c) => c.name)).toEqual(['Chat 1', 'Chat 2']);
    expect(chats[0]!.messages).toEqual(conversation);
    expect(chats[1]!.messages).toEqual([]);
  });

  it('renames with a trimmed, non-empty name and refuses a blank one', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const original = chat();
    await save(teacher, analysis.id, original);

    const renamed = await save(teacher, analysis.id, { ...original, name: '  Fragen zur Note  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Fragen zur Note');

    for (const name of ['', '   ']) {
      const blank = await save(teacher, analysis.id, { ...original, name });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields['chatData.name']).toBe(chatMessages.nameRequired);
    }
    const long = await save(teacher, analysis.id, { ...original, name: 'x'.repeat(81) });
    expect(long.json().error.fields['chatData.name']).toBe(chatMessages.nameTooLong);

    const chats = (await list(teacher, analysis.id)).json().chats as Chat[];
    expect(chats.map((c) => c.name)).toEqual(['Fragen zur Note']);
  });

  it('refuses to delete the last chat of an analysis, with the spec message', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const [a, b] = [chat(), chat({ name: 'Chat 2' })];
    await save(teacher, analysis.id, a);
    await save(teacher, analysis.id, b);

    const deleted = await remove(teacher, a.id, analysis.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });

    const last = await remove(teacher, b.id, analysis.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe('Sie können den letzten Chat nicht löschen.');
    expect(((await list(teacher, analysis.id)).json().chats as Chat[]).map((c) => c.id)).toEqual([b.id]);

    // a chat that is gone is not found
    expect((await remove(teacher, a.id, analysis.id)).statusCode).toBe(404);
  });

  it("answers 404 for another user's analysis or chat on every call, and changes nothing of theirs", async () => {
    const theirs = await insertAnalysis(t, other);
    const theirChat = chat({ name: 'Privat' });
    const theirSecond = chat({ name: 'Zweiter' });
    clock = new Date('2026-03-02T10:00:00Z');
    await save(other, theirs.id, theirChat);
    clock = new Date('2026-03-02T10:01:00Z');
    await save(other, theirs.id, theirSecond);
    const mine = await insertAnalysis(t, teacher);

    const notFound = async (response: Awaited<ReturnType<typeof list>>, what: string) => {
      expect(response.statusCode, what).toBe(404);
      expect(response.json().error.message, what).toBe(messages.http.notFound);
    };
    await notFound(await list(teacher, theirs.id), 'list of a foreign analysis');
    await notFound(await list(teacher, theirs.id, other.id), 'list under the other user id');
    await notFound(await list(teacher, mine.id, other.id), 'own analysis under a foreign user id');
    await notFound(await save(teacher, theirs.id, chat()), 'new chat in a foreign analysis');
    await notFound(
      await save(teacher, mine.id, { ...theirChat, name: 'Übernommen' }),
      'taking over a foreign chat id',
    );
    await notFound(await remove(teacher, theirChat.id, theirs.id), 'delete under the foreign analysis');
    await notFound(await remove(teacher, theirChat.id, mine.id), 'delete under an own analysis');
    await notFound(
      await ask(teacher, { message: 'Wie kam die Note zustande?', analysisId: theirs.id }),
      'question about a foreign analysis',
    );
    await notFound(
      await ask(teacher, { message: 'Note?', analysisId: mine.id, chatId: theirChat.id }),
      'question in a foreign chat',
    );
    await notFound(await list(teacher, randomUUID()), 'list of a missing analysis');

    const theirChats = (await list(other, theirs.id)).json().chats as Chat[];
    expect(theirChats.map((c) => c.name)).toEqual(['Privat', 'Zweiter']);
    expect(theirChats[0]!.messages).toEqual(theirChat.messages);
  });

  it('keeps a chat with its analysis: the same id under another own analysis is refused', async () => {
    const first = await insertAnalysis(t, teacher);
    const second = await insertAnalysis(t, teacher);
    const c = chat();
    await save(teacher, first.id, c);
    const moved = await save(teacher, second.id, c);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe(chatMessages.chatOfOtherAnalysis);
  });

  it('answers from the result with the builtin companion, as JSON and as a stream', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const response = await ask(teacher, {
      message: 'Warum wurden in Aufgabe 1 Punkte abgezogen?',
      analysisId: analysis.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json().reply as string;
    expect(reply).toContain('Aufgabe 1: 1 von 4 Punkten, also 3 Punkte Abzug.');
    expect(reply).toContain('Rechenfehler (−3 Punkte): Falsches Ergebnis: 8 statt 7');
    expect(reply).toContain('Stelle in der Arbeit: „Aufgabe 1: 3 + 4 = 8“');

    const streamed = await ask(
      teacher,
      { message: 'Wie kam die Note zustande?', analysisId: analysis.id },
      'text/event-stream',
    );
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(streamed.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
    expect(events[1]!.data.reply).toBe(events[0]!.data.text);
    expect(events[1]!.data.reply).toContain('Die Note 5 ergibt sich aus 1 von 4 Punkten (25 %).');
  });

  it('grounds on the reviewed result only: after the teacher’s change the engine’s version is gone', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const review = await t.app.inject({
      method: 'PATCH',
      url: `/api/analyses/${analysis.id}/review`,
      headers: headers(teacher),
      payload: {
        changes: [
          { type: 'set_points', taskIndex: 0, subtaskIndex: 0, points: 4 },
          { type: 'dismiss_error', taskIndex: 0, subtaskIndex: 0, errorIndex: 0 },
        ],
      },
    });
    expect(review.statusCode, review.body).toBe(200);
    const response = await ask(teacher, {
      message: 'Wie viele Punkte gab es in Aufgabe 1, und wie kam die Note zustande?',
      analysisId: analysis.id,
    });
    const reply = response.json().reply as string;
    expect(reply).toContain('4 von 4 Punkten');
    expect(reply).not.toContain('1 von 4');
    expect(reply).not.toContain('8 statt 7');
  });

  it('follows up on the task of an earlier question in the history', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const response = await ask(teacher, {
      message: 'Und was bedeutet der Fehler dort?',
      analysisId: analysis.id,
      history: [
        { role: 'user', content: 'Was war in Aufgabe 1?' },
        { role: 'assistant', content: '…' },
      ],
    });
    expect(response.json().reply).toContain('Aufgabe 1: 1 von 4 Punkten');
  });

  it('refuses blank questions and analyses that are not finished', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const blank = await ask(teacher, { message: '   ', analysisId: analysis.id });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.message).toBe(chatMessages.messageRequired);

    const running = await insertAnalysis(t, teacher, 'processing');
    const early = await ask(teacher, { message: 'Note?', analysisId: running.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(chatMessages.analysisNotReady);
  });

  it('never writes to the analysis: asking to change the grade is declined and nothing changes', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const db = t.context.database.db;
    const [before] = await db.select().from(analyses).where(eq(analyses.id, analysis.id));
    const c = chat();
    await save(teacher, analysis.id, c);
    const response = await ask(teacher, {
      message: 'Bitte ändere die Note auf 1 und gib volle Punkte.',
      analysisId: analysis.id,
      chatId: c.id,
    });
    expect(response.json().reply).toMatch(/^Ich kann die Bewertung nicht ändern/);
    await save(teacher, analysis.id, { ...c, name: 'Note' });
    const [after] = await db.select().from(analyses).where(eq(analyses.id, analysis.id));
    expect(after).toEqual(before);
  });

  it('answers the graded result of an analysis created through the API', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: headers(teacher),
      payload: {
        text: 'Aufgabe 1: Ich finde das der Text spannend ist weil er gut geschrieben ist.',
        options: { subject: 'Deutsch' },
      },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().id as string;
    let detail: AnalysisDetail | undefined;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      detail = (await t.app.inject({ url: `/api/analyses/${id}`, headers: headers(teacher) })).json();
      if (detail!.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(detail!.status).toBe('done');
    const reply = (
      await ask(teacher, { message: 'Was bedeutet der Fehler das/dass?', analysisId: id })
    ).json().reply as string;
    expect(reply).toContain('„das/dass“ in Aufgabe 1');
    expect(reply).toContain('„Aufgabe 1: Ich finde das der Text spannend ist weil er…“');
  });
});

describe.each(databaseKinds)('[CHAT] LLM companion through an OpenAI-compatible stand-in on %s', (kind) => {
  let t: TestApp;
  let standIn: OpenAiStandIn;
  let teacher: User;
  let baseUrl: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    t = await buildTestApp(kind, {
      env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: standIn.baseURL, AI_MODELS: 'alt,neu,gross' },
    });
    teacher = await createUser(t, { accountType: 'teacher' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  const post = (payload: object, accept: string) =>
    fetch(`${baseUrl}/api/openai`, {
      method: 'POST',
      headers: { ...headers(teacher), accept, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });

  it('streams the model answer to the client, grounded in the stored analysis', async () => {
    const analysis = await insertAnalysis(t, teacher);
    const answer = 'In „Aufgabe 1“ steht „3 + 4 = 8“, richtig ist 7. Deshalb fehlen 3 Punkte.';
    // the model writes slowly: ten pieces, 40 ms apart
    standIn.respondWith(() => ({ kind: 'content', content: answer, chunkDelayMs: 40 }));

    const response = await post(
      {
        message: 'Warum fehlen in Aufgabe 1 Punkte?',
        analysisId: analysis.id,
        history: [{ role: 'assistant', content: 'Hallo!' }],
        // the client's own context is not what the model reads
        context: { test: 'ein ganz anderer Text', data: { grade: '1' } },
      },
      'text/event-stream',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // read the body as it arrives: the first piece is there long before the model has finished
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    let firstDeltaAt: number | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
      if (firstDeltaAt === undefined && body.includes('event: delta')) firstDeltaAt = Date.now();
    }
    const finishedAt = Date.now();
    expect(finishedAt - firstDeltaAt!).toBeGreaterThan(150);
    const events = parseEvents(body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe(answer);
    expect(events.at(-1)).toEqual({ event: 'done', data: { reply: answer } });

    expect(standIn.requests).toHaveLength(1);
    const request = standIn.requests[0]!;
    expect(request.body.stream).toBe(true);
    expect(request.body.model).toBe('neu');
    const system = request.body.messages[0]!.content as string;
    expect(system).toContain('"title":"Rechenfehler"');
    expect(system).toContain('Aufgabe 1: 3 + 4 = 8');
    expect(system).not.toContain('ein ganz anderer Text');
    expect(request.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hallo!' },
      { role: 'user', content: 'Warum fehlen in Aufgabe 1 Punkte?' },
    ]);
  });

  it('answers the JSON client with the whole reply', async () => {
    const analysis = await insertAnalysis(t, teacher);
    standIn.respondWith(() => ({ kind: 'content', content: 'Die Note ist 5.' }));
    const response = await post({ message: 'Note?', analysisId: analysis.id }, 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reply: 'Die Note ist 5.' });
  });

  it('turns a failing model into the spec message, streamed or not', async () => {
    const analysis = await insertAnalysis(t, teacher);
    // 400 is not retried, so the test does not wait for back-off
    standIn.respondWith(() => ({ kind: 'error', status: 400, message: 'model not loaded' }));
    const streamed = await post({ message: 'Note?', analysisId: analysis.id }, 'text/event-stream');
    expect(parseEvents(await streamed.text())).toEqual([
      {
        event: 'error',
        data: { message: 'Entschuldigung, es gab ein Problem bei der Kommunikation mit der KI.' },
      },
    ]);

    const plain = await post({ message: 'Note?', analysisId: analysis.id }, 'application/json');
    expect(plain.status).toBe(503);
    expect(((await plain.json()) as { error: { message: string } }).error.message).toBe(
      chatMessages.aiFailed,
    );
  });
});
