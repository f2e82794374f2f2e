import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@korrigo/domain';
import type { AnalysisSeed } from '../src/modules/history/analysis-seed';
import { buildTestApp, databaseKinds, TEST_ORIGIN, type TestApp } from './support/build-test-app';
import { buildAnalysis, createUser } from './support/factories';

type User = Awaited<ReturnType<typeof createUser>>;

// 31 March: one month back is the end of February (PostgreSQL clamps the day), two months back 31 January
const now = new Date('2025-03-31T10:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe.each(databaseKinds)('[DASHBOARD] stat cards and recent analyses on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind, { now: () => now, env: { TEST_HOOKS: 'true' } });
  });
  afterAll(() => t?.close());

  const seed = async (user: User, seeds: AnalysisSeed[]) => {
    for (const s of seeds) await buildAnalysis(t, { ownerId: user.id, ...s });
  };

  const dashboard = async (user: User) => {
    const response = await t.app.inject({ url: '/api/dashboard', headers: { cookie: user.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Dashboard;
  };

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('counts tests, students, the average and the saved hours, last month against the month before', async () => {
    const teacher = await createUser(t);
    const other = await createUser(t);
    await seed(teacher, [
      // last month (after 28 Feb 10:00)
      {
        studentName: 'Anna Berg',
        achievedPoints: 18,
        totalPoints: 20,
        createdAt: at('2025-03-30T09:00:00Z'),
      },
      { studentName: 'Ben Kurz', achievedPoints: 10, totalPoints: 20, createdAt: at('2025-03-15T09:00:00Z') },
      // the same student, spelled with other case and spaces
      {
        studentName: ' anna berg ',
        achievedPoints: 15,
        totalPoints: 20,
        createdAt: at('2025-03-01T00:00:00Z'),
      },
      // graded without points and without a name: a test, but no student and no average
      { studentName: '', achievedPoints: null, totalPoints: null, createdAt: at('2025-02-28T10:00:01Z') },
      // not graded (yet): not an analysed test
      { studentName: 'Zoe Lauf', status: 'processing', createdAt: at('2025-03-30T09:00:00Z') },
      { studentName: 'Yusuf Fehl', status: 'failed', createdAt: at('2025-03-29T09:00:00Z') },
      // the month before (31 Jan 10:00 < t <= 28 Feb 10:00)
      {
        studentName: 'Carl Dorn',
        achievedPoints: 10,
        totalPoints: 20,
        createdAt: at('2025-02-28T10:00:00Z'),
      },
      { studentName: 'Dana Ost', achievedPoints: 14, totalPoints: 20, createdAt: at('2025-01-31T10:00:01Z') },
      // older
      {
        studentName: 'Emil Nord',
        achievedPoints: 20,
        totalPoints: 20,
        createdAt: at('2025-01-31T10:00:00Z'),
      },
    ]);
    // another teacher's analyses count for nobody else
    await seed(other, [
      { studentName: 'Fremd', achievedPoints: 0, totalPoints: 20, createdAt: at('2025-03-30T00:00:00Z') },
    ]);

    const { stats, totalAnalyses } = await dashboard(teacher);
    expect(totalAnalyses).toBe(9);
    expect(stats.analysedTests).toEqual({ value: 7, lastMonth: 4, previousMonth: 2, changePercent: 100 });
    expect(stats.students).toEqual({ value: 5, lastMonth: 2, previousMonth: 2, changePercent: 0 });
    // (90 + 50 + 75 + 50 + 70 + 100) / 6 = 72.5; last month (90 + 50 + 75) / 3 = 71.67; before (50 + 70) / 2
    expect(stats.averagePercent).toEqual({
      value: 72.5,
      lastMonth: 71.7,
      previousMonth: 60,
      changePercent: 19,
    });
    // 15 minutes a test: 7 tests are 1.75 hours
    expect(stats.savedHours).toEqual({ value: 1.8, lastMonth: 1, previousMonth: 0.5, changePercent: 100 });
  });

  it('has nothing to compare with when the month before is empty', async () => {
    const teacher = await createUser(t);
    const empty = await dashboard(teacher);
    expect(empty.stats.analysedTests).toEqual({
      value: 0,
      lastMonth: 0,
      previousMonth: 0,
      changePercent: null,
    });
    expect(empty.stats.averagePercent).toEqual({
      value: null,
      lastMonth: null,
      previousMonth: null,
      changePercent: null,
    });
    expect(empty.recent).toEqual([]);

    await seed(teacher, [{ achievedPoints: 5, totalPoints: 10, createdAt: at('2025-03-20T00:00:00Z') }]);
    const one = await dashboard(teacher);
    expect(one.stats.analysedTests).toEqual({
      value: 1,
      lastMonth: 1,
      previousMonth: 0,
      changePercent: null,
    });
    expect(one.stats.averagePercent.value).toBe(50);
    expect(one.stats.averagePercent.changePercent).toBeNull();
  });

  it('lists the 6 newest analyses of the user, whatever their status', async () => {
    const teacher = await createUser(t);
    await seed(
      teacher,
      Array.from({ length: 8 }, (_, i) => ({
        title: `Arbeit ${i + 1}`,
        status: i === 7 ? ('processing' as const) : ('done' as const),
        createdAt: new Date(now.getTime() - (8 - i) * 3_600_000),
      })),
    );
    const { recent, totalAnalyses } = await dashboard(teacher);
    expect(totalAnalyses).toBe(8);
    expect(recent.map((a) => a.title)).toEqual([
      'Arbeit 8',
      'Arbeit 7',
      'Arbeit 6',
      'Arbeit 5',
      'Arbeit 4',
      'Arbeit 3',
    ]);
    expect(recent[0]!.status).toBe('processing');
  });

  it('seeds analyses of chosen ages through the test hook, for the signed-in user only', async () => {
    const teacher = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-hooks/analyses',
      headers: { cookie: teacher.cookie, origin: TEST_ORIGIN },
      payload: {
        analyses: [
          { title: 'Neu', achievedPoints: 8, totalPoints: 10 },
          { title: 'Vormonat', ageSeconds: 40 * 86_400 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().ids).toHaveLength(2);
    const { stats, recent } = await dashboard(teacher);
    expect(stats.analysedTests).toMatchObject({ lastMonth: 1, previousMonth: 1 });
    expect(recent.map((a) => a.title)).toEqual(['Neu', 'Vormonat']);
    expect(recent[0]).toMatchObject({ grade: '3+', achieved_points: 8, total_points: 10 });

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/test-hooks/analyses',
      headers: { origin: TEST_ORIGIN },
      payload: { analyses: [{ title: 'x' }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
