import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  historyMessages,
  pageOfHistory,
  type AnalysisResult,
  type HistoryItem,
  type HistoryPage,
} from '@korrigo/domain';
import {
  analyses,
  analysisChanges,
  analysisFiles,
  analysisSubjectCounts,
  user as users,
} from '../src/db/schema';
import type { AnalysisSeed } from '../src/modules/history/analysis-seed';
import { LISTEN_APPLICATION_NAME } from '../src/platform/db';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

describe.each(databaseKinds)('[HISTORY] analysis history on %s', (kind) => {
  let t: TestApp;
  let teacher: User;
  let other: User;
  const day = 86_400_000;
  const base = Date.UTC(2025, 2, 20, 12, 0, 0);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [teacher, other] = [await createUser(t), await createUser(t)];
  });
  afterAll(() => t?.close());

  async function seed(user: User, seeds: AnalysisSeed[]) {
    const rows = [];
    for (const s of seeds) rows.push(await buildAnalysis(t, { ownerId: user.id, ...s }));
    return rows;
  }

  const call = (
    user: User | null,
    method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        accept: 'application/json',
        ...(user ? { cookie: user.cookie } : {}),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });

  const list = async (user: User, query = '') => {
    const response = await call(user, 'GET', `/api/analyses/history${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as HistoryPage;
  };

  it('needs a signed-in user on every route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/analyses/history'],
      ['GET', '/analysis-history'],
      ['GET', `/analysis/${id}`],
      ['PATCH', `/api/analyses/${id}`],
      ['PUT', `/analysis/${id}`],
      ['DELETE', `/api/analyses/${id}`],
      ['DELETE', `/analysis/${id}`],
    ] as const) {
      const response = await call(null, method, url, method === 'PATCH' || method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('pages the own analyses newest first, 7 a page, with the count and the courses', async () => {
    const user = await createUser(t);
    const subjects = ['Deutsch', 'Mathematik', 'Biologie', '', 'Deutsch'];
    await seed(
      user,
      Array.from({ length: 16 }, (_, i) => ({
        title: `Arbeit ${String(i + 1).padStart(2, '0')}`,
        subject: subjects[i % subjects.length]!,
        createdAt: new Date(base + i * day),
      })),
    );
    await seed(other, [{ title: 'Fremde Arbeit', subject: 'Physik' }]);

    const first = await list(user);
    expect(first).toMatchObject({ total: 16, page: 1, pageSize: 7, totalPages: 3 });
    expect(first.analyses.map((a) => a.title)).toEqual([
      'Arbeit 16',
      'Arbeit 15',
      'Arbeit 14',
      'Arbeit 13',
      'Arbeit 12',
      'Arbeit 11',
      'Arbeit 10',
    ]);
    // distinct, non-empty, German order; another user's course is not among them
    expect(first.subjects).toEqual(['Biologie', 'Deutsch', 'Mathematik']);

    const last = await list(user, '?page=3');
    expect(last.analyses.map((a) => a.title)).toEqual(['Arbeit 02', 'Arbeit 01']);
    // a page past the end answers the last page that exists
    const beyond = await list(user, '?page=9');
    expect(beyond.page).toBe(3);
    expect(beyond.analyses.map((a) => a.title)).toEqual(['Arbeit 02', 'Arbeit 01']);

    // pages never overlap, also when rows share a timestamp
    const same = await createUser(t);
    await seed(
      same,
      Array.from({ length: 10 }, (_, i) => ({ title: `Gleich ${i}`, createdAt: new Date(base) })),
    );
    const p1 = await list(same, '?page=1');
    const p2 = await list(same, '?page=2');
    expect(new Set([...p1.analyses, ...p2.analyses].map((a) => a.id)).size).toBe(10);

    for (const bad of ['?page=0', '?page=abc', '?pageSize=101', `?search=${'x'.repeat(201)}`]) {
      const response = await call(user, 'GET', `/api/analyses/history${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('searches title, course, student, class and grade case-insensitively, as the browser rules do', async () => {
    const user = await createUser(t);
    const rows = await seed(user, [
      {
        title: 'Gedichtanalyse',
        subject: 'Deutsch',
        studentName: 'Özlem Yıldız',
        gradeLevel: '9b',
        createdAt: new Date(base),
      },
      {
        title: 'Bruchrechnung',
        subject: 'Mathematik',
        studentName: 'Max Muster',
        gradeLevel: '6a',
        achievedPoints: 20, // 100 %: 1+ by the default Notenschlüssel
        totalPoints: 20,
        createdAt: new Date(base + day),
      },
      {
        title: '100% Quiz',
        subject: 'Englisch',
        studentName: 'Lena Schmidt',
        gradeLevel: '9b',
        grade: '3-',
        createdAt: new Date(base + 2 * day),
      },
      {
        title: 'Zellbiologie',
        subject: 'Biologie',
        studentName: 'Max Muster',
        gradeLevel: '10c',
        createdAt: new Date(base + 3 * day),
      },
      {
        title: 'Ohne Fach',
        subject: '',
        studentName: '',
        gradeLevel: '',
        status: 'processing',
        createdAt: new Date(base + 4 * day),
      },
    ]);
    const items = (await list(user, '?pageSize=100')).analyses;
    expect(items).toHaveLength(rows.length);

    const cases: Array<{ search?: string; subject?: string }> = [
      { search: 'GEDICHT' },
      { search: 'mathe' },
      { search: 'özlem' },
      { search: '9B' },
      { search: '3-' },
      { search: '1+' },
      { search: 'max' },
      { search: '   ' },
      { search: '%' },
      { search: '_' },
      { search: 'max', subject: 'Biologie' },
      { subject: 'Deutsch' },
      { subject: 'deutsch' },
      { subject: 'all' },
      { subject: '' },
    ];
    for (const query of cases) {
      const params = new URLSearchParams(query as Record<string, string>).toString();
      const page = await list(user, `?${params}`);
      const expected = pageOfHistory(items, query);
      expect(
        page.analyses.map((a) => a.title),
        JSON.stringify(query),
      ).toEqual(expected.analyses.map((a) => a.title));
      expect(page.total, JSON.stringify(query)).toBe(expected.total);
    }
    // spot checks, so the comparison above cannot pass with both sides wrong
    expect((await list(user, '?search=max')).total).toBe(2);
    expect((await list(user, '?search=%25')).analyses.map((a) => a.title)).toEqual(['100% Quiz']);
    expect((await list(user, '?search=1%2B')).analyses.map((a) => a.title)).toEqual(['Bruchrechnung']);
    expect((await list(user, '?subject=deutsch')).total).toBe(0);
  });

  it('answers the whole list on the spec path, and a page when asked', async () => {
    const user = await createUser(t);
    await seed(
      user,
      Array.from({ length: 9 }, (_, i) => ({ title: `Test ${i}`, createdAt: new Date(base + i * day) })),
    );
    const all = await call(user, 'GET', '/analysis-history');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 9, totalPages: 1 });
    expect(all.json().analyses).toHaveLength(9);
    const item = all.json().analyses[0] as HistoryItem;
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'student_name',
        'grade_level',
        'subject',
        'grade',
        'achieved_points',
        'total_points',
        'createdAt',
      ]),
    );
    const paged = await call(user, 'GET', '/analysis-history?page=2&search=test');
    expect(paged.json()).toMatchObject({ total: 9, page: 2, totalPages: 2 });
    expect(paged.json().analyses).toHaveLength(2);
  });

  it('reads one analysis with ai_analysis and test; another user gets 404', async () => {
    const [row] = await seed(teacher, [{ title: 'Erörterung', inputText: 'Mein Aufsatz über Medien.' }]);
    const own = await call(teacher, 'GET', `/analysis/${row!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers.vary).toContain('Accept');
    expect(own.json()).toMatchObject({ id: row!.id, title: 'Erörterung', test: 'Mein Aufsatz über Medien.' });
    expect((own.json().ai_analysis as AnalysisResult).tasks).toHaveLength(1);

    expect((await call(other, 'GET', `/analysis/${row!.id}`)).statusCode).toBe(404);
    expect((await call(teacher, 'GET', `/analysis/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(teacher, 'GET', '/analysis/kein-uuid')).statusCode).toBe(400);

    // the same path is a screen of the web app: a browser's navigation gets the app, not JSON
    const browser = await call(null, 'GET', `/analysis/${row!.id}`, undefined, {
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    });
    // the app is served when it was built before the server started (a build running meanwhile can fail this)
    if (t.app.hasReplyDecorator('sendFile')) {
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-type']).toContain('text/html');
    } else {
      expect(browser.statusCode).toBe(401);
    }
  });

  it('edits the details, keeps the suggestion and logs what was replaced', async () => {
    const [row] = await seed(teacher, [
      {
        title: 'Alt',
        subject: 'Deutsch',
        studentName: 'Tom',
        gradeLevel: '7a',
        achievedPoints: 10,
        totalPoints: 20,
      },
    ]);
    const id = row!.id;
    const response = await call(teacher, 'PATCH', `/api/analyses/${id}`, {
      title: '  Neu  ',
      student_name: 'Tom Berg',
      grade: '2-',
      achieved_points: '12,5',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      title: 'Neu',
      student_name: 'Tom Berg',
      subject: 'Deutsch',
      grade: '2-',
      achieved_points: 12.5,
      total_points: 20,
    });

    const db = t.context.database.db;
    const [stored] = await db.select().from(analyses).where(eq(analyses.id, id));
    expect(stored!.result).toMatchObject({
      title: 'Neu',
      grade: '2-',
      achieved_points: 12.5,
      metadata: { student_name: 'Tom Berg', subject: 'Deutsch' },
    });
    expect(stored!.suggestedResult).toMatchObject({ title: 'Alt', achieved_points: 10 });
    const changes = await db.select().from(analysisChanges).where(eq(analysisChanges.analysisId, id));
    expect(changes).toHaveLength(1);
    expect(changes[0]!.userId).toBe(teacher.id);
    expect(changes[0]!.change).toEqual({
      type: 'edit_details',
      title: 'Neu',
      student_name: 'Tom Berg',
      grade: '2-',
      achieved_points: 12.5,
      before: { title: 'Alt', student_name: 'Tom', grade: row!.grade, achieved_points: 10 },
    });

    // the spec's PUT sends the whole row; unchanged values log nothing
    const whole = { ...(response.json() as HistoryItem), status: 'done', reviewState: 'confirmed' };
    const put = await call(teacher, 'PUT', `/analysis/${id}`, whole);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().reviewState).toBe('suggested');
    expect(await db.select().from(analysisChanges).where(eq(analysisChanges.analysisId, id))).toHaveLength(1);

    // clearing values is a change too
    const cleared = await call(teacher, 'PUT', `/analysis/${id}`, {
      ...whole,
      grade: '',
      achieved_points: null,
    });
    expect(cleared.json()).toMatchObject({ grade: null, achieved_points: null, total_points: 20 });
  });

  it('refuses negative points, more achieved than total points, unknown grades and overlong text', async () => {
    const [row] = await seed(teacher, [{ achievedPoints: 10, totalPoints: 20, grade: 'sehr gut' }]);
    const url = `/api/analyses/${row!.id}`;
    const expectInvalid = async (payload: object, field: string, message: string) => {
      const response = await call(teacher, 'PATCH', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(payload)).toBe(message);
    };
    await expectInvalid({ achieved_points: -1 }, 'achieved_points', historyMessages.pointsNegative);
    await expectInvalid({ total_points: -0.5 }, 'total_points', historyMessages.pointsNegative);
    await expectInvalid({ total_points: 'viel' }, 'total_points', historyMessages.pointsNotANumber);
    await expectInvalid({ achieved_points: 21 }, 'achieved_points', historyMessages.achievedAboveTotal);
    await expectInvalid({ total_points: 5 }, 'achieved_points', historyMessages.achievedAboveTotal);
    await expectInvalid(
      { achieved_points: 30, total_points: 25 },
      'achieved_points',
      historyMessages.achievedAboveTotal,
    );
    await expectInvalid({ grade: '7' }, 'grade', historyMessages.gradeInvalid);
    await expectInvalid({ title: 'x'.repeat(301) }, 'title', historyMessages.tooLong('Der Titel', 300));
    const message = await call(teacher, 'PATCH', url, { achieved_points: 21 });
    expect(message.json().error.message).toBe(historyMessages.achievedAboveTotal);

    // an old grade in another spelling may stay as it is while other fields change
    const keep = await call(teacher, 'PATCH', url, { title: 'Neu', grade: 'sehr gut', total_points: 10 });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ grade: 'sehr gut', achieved_points: 10, total_points: 10 });
    const [stored] = await t.context.database.db.select().from(analyses).where(eq(analyses.id, row!.id));
    expect(stored!.title).toBe('Neu');
  });

  it('does not edit or delete an analysis that is still being graded', async () => {
    const [row] = await seed(teacher, [{ status: 'processing' }]);
    const edit = await call(teacher, 'PATCH', `/api/analyses/${row!.id}`, { title: 'X' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(historyMessages.stillProcessing);
    expect((await call(teacher, 'DELETE', `/api/analyses/${row!.id}`)).statusCode).toBe(409);
  });

  it('deletes an analysis with its files; the second time it is not found', async () => {
    const db = t.context.database.db;
    const [row, keep] = await seed(teacher, [{ title: 'Weg damit' }, { title: 'Bleibt' }]);
    const key = await t.context.storage.put(`uploads/${teacher.id}`, Buffer.from('Seite 1'));
    const keptKey = await t.context.storage.put(`uploads/${teacher.id}`, Buffer.from('Seite 2'));
    await db.insert(analysisFiles).values([
      {
        analysisId: row!.id,
        position: 0,
        storageKey: key,
        originalName: 'a.txt',
        mimeType: 'text/plain',
        sizeBytes: 7,
      },
      {
        analysisId: keep!.id,
        position: 0,
        storageKey: keptKey,
        originalName: 'b.txt',
        mimeType: 'text/plain',
        sizeBytes: 7,
      },
    ]);
    await call(teacher, 'PATCH', `/api/analyses/${row!.id}`, { title: 'Weg damit!' });

    const response = await call(teacher, 'DELETE', `/api/analyses/${row!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await db.select().from(analyses).where(eq(analyses.id, row!.id))).toHaveLength(0);
    expect(await db.select().from(analysisFiles).where(eq(analysisFiles.analysisId, row!.id))).toHaveLength(
      0,
    );
    expect(
      await db.select().from(analysisChanges).where(eq(analysisChanges.analysisId, row!.id)),
    ).toHaveLength(0);
    expect(await t.context.storage.get(key)).toBeNull();
    // the other analysis and its file are untouched
    expect(await t.context.storage.get(keptKey)).not.toBeNull();
    expect((await call(teacher, 'DELETE', `/api/analyses/${row!.id}`)).statusCode).toBe(404);

    const spec = await call(teacher, 'DELETE', `/analysis/${keep!.id}`);
    expect(spec.statusCode).toBe(200);
    expect(await t.context.storage.get(keptKey)).toBeNull();
  });

  it("answers 404 for another user's analysis on read, change and delete, and changes nothing", async () => {
    const [row] = await seed(other, [{ title: 'Fremd', achievedPoints: 5, totalPoints: 10 }]);
    const id = row!.id;
    const attempts = [
      ['GET', `/analysis/${id}`, undefined],
      ['PATCH', `/api/analyses/${id}`, { title: 'Übernommen' }],
      ['PUT', `/analysis/${id}`, { title: 'Übernommen' }],
      // invalid input for a foreign id: still 404, so the answer reveals nothing
      ['PATCH', `/api/analyses/${id}`, { achieved_points: 50 }],
      ['DELETE', `/api/analyses/${id}`, undefined],
      ['DELETE', `/analysis/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await call(teacher, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const [stored] = await t.context.database.db.select().from(analyses).where(eq(analyses.id, id));
    expect(stored!.title).toBe('Fremd');
    expect((await list(teacher, '?search=Fremd')).total).toBe(0);
  });

  it('keeps the course counts right through new, moved and deleted analyses and a deleted account', async () => {
    const user = await createUser(t);
    const db = t.context.database.db;
    const [a, b] = await seed(user, [
      { subject: 'Deutsch' },
      { subject: 'Deutsch' },
      { subject: 'Mathematik' },
      { subject: '' },
    ]);
    expect(await list(user)).toMatchObject({ total: 4, subjects: ['Deutsch', 'Mathematik'] });
    expect(await list(user, '?subject=Deutsch')).toMatchObject({ total: 2, totalPages: 1 });

    await call(user, 'PATCH', `/api/analyses/${a!.id}`, { subject: 'Physik' });
    await call(user, 'PATCH', `/api/analyses/${a!.id}`, { title: 'Nur der Titel' });
    expect(await list(user)).toMatchObject({ total: 4, subjects: ['Deutsch', 'Mathematik', 'Physik'] });
    expect((await list(user, '?subject=Deutsch')).total).toBe(1);

    await call(user, 'DELETE', `/api/analyses/${b!.id}`);
    // a course without analyses leaves the dropdown
    expect(await list(user)).toMatchObject({ total: 3, subjects: ['Mathematik', 'Physik'] });
    expect((await list(user, '?subject=Deutsch')).total).toBe(0);

    // the counters agree with a real count for every user and course
    const counted = await db.execute(
      sql`select user_id, subject, count(*)::int as n from analyses group by user_id, subject`,
    );
    const kept = await db.select().from(analysisSubjectCounts);
    const expected = new Map(
      (counted.rows as { user_id: string; subject: string; n: number }[]).map((r) => [
        `${r.user_id}|${r.subject}`,
        r.n,
      ]),
    );
    for (const row of kept) expect(row.analyses).toBe(expected.get(`${row.userId}|${row.subject}`) ?? 0);
    expect(kept.filter((row) => row.analyses > 0)).toHaveLength(expected.size);

    await db.delete(users).where(eq(users.id, user.id));
    expect(
      await db.select().from(analysisSubjectCounts).where(eq(analysisSubjectCounts.userId, user.id)),
    ).toHaveLength(0);
  });

  /**
   * A statement from another process (a grading worker): on PostgreSQL through a connection of its own; PGlite
   * has only one process, so there it is the app's database.
   */
  async function writeElsewhere(statement: string, values: unknown[]): Promise<unknown[]> {
    const url = t.context.config.DATABASE_URL;
    if (!url) return (await t.context.database.sql.executeSql(statement, values)).rows;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** A change that bypasses the trigger (replica mode): not announced, so a kept answer stays as it was. */
  const renameUnannounced = (id: string, title: string) =>
    t.context.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(analyses).set({ title }).where(eq(analyses.id, id));
    });

  it('answers a page again from memory until the analyses change, whoever changes them', async () => {
    const user = await createUser(t);
    const [row] = await seed(user, [{ title: 'Vorher', subject: 'Deutsch' }]);
    const firstTitle = async () => (await list(user)).analyses[0]!.title;
    // the cache listens from the first read on (on PostgreSQL a connection has to open first)
    let round = 0;
    await expect
      .poll(
        async () => {
          const before = await firstTitle();
          await renameUnannounced(row!.id, `Unangekündigt ${(round += 1)}`);
          return (await firstTitle()) === before;
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    // a change through the API: the very next read has it
    expect(
      (await call(user, 'PATCH', `/api/analyses/${row!.id}`, { title: 'Über die API' })).statusCode,
    ).toBe(200);
    expect(await firstTitle()).toBe('Über die API');

    // a change by another process: the next read has it, without waiting
    await writeElsewhere(`update analyses set title = 'Vom Worker' where id = $1`, [row!.id]);
    expect(await firstTitle()).toBe('Vom Worker');

    // the dashboard is kept the same way
    const dashboardTotal = async () =>
      ((await call(user, 'GET', '/api/dashboard')).json() as { totalAnalyses: number }).totalAnalyses;
    expect(await dashboardTotal()).toBe(1);
    await seed(user, [{ title: 'Neu' }]);
    expect(await dashboardTotal()).toBe(2);
    await writeElsewhere(`delete from analyses where id = $1`, [row!.id]);
    expect(await dashboardTotal()).toBe(1);
    expect(await firstTitle()).toBe('Neu');
  });

  it.runIf(kind === 'postgres')(
    'serves nothing old while the listening connection is lost, and keeps answers again when it is back',
    async () => {
      const user = await createUser(t);
      const [row] = await seed(user, [{ title: 'Vorher' }]);
      const firstTitle = async () => (await list(user)).analyses[0]!.title;
      await firstTitle();

      // what a database restart or failover does to the one LISTEN connection
      const killed = await writeElsewhere(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [LISTEN_APPLICATION_NAME],
      );
      expect(killed).toHaveLength(1);
      // changes while nobody listens: never announced to this process
      for (const title of ['Während 1', 'Während 2']) {
        await writeElsewhere(`update analyses set title = $1 where id = $2`, [title, row!.id]);
        expect(await firstTitle()).toBe(title);
      }
      // back (the first retry is after a second): changes are seen, and answers are kept again
      const renameAnnounced = () =>
        writeElsewhere(`update analyses set title = 'Danach' where id = $1`, [row!.id]);
      await expect
        .poll(
          async () => {
            await renameAnnounced();
            return firstTitle();
          },
          { timeout: 10_000 },
        )
        .toBe('Danach');
      await expect
        .poll(
          async () => {
            await renameAnnounced();
            await firstTitle();
            await renameUnannounced(row!.id, 'Unangekündigt');
            return firstTitle();
          },
          { timeout: 10_000 },
        )
        .toBe('Danach');
    },
  );

  it('serves no test hooks unless TEST_HOOKS is set', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-hooks/analyses',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: { analyses: [{ title: 'x' }] },
    });
    expect(response.statusCode).toBe(404);
  });
});
