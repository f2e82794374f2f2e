import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createPostgresRateLimiter,
  createRateLimiter,
  postgresRateLimitStore,
  type RateLimiter,
} from '../src/platform/rate-limits';
import { buildTestApp, everyDatabaseKind, type TestApp } from './support/build-test-app';

/**
 * The limiter's contract, in memory and in the database (ADR 0017 §1). The database one is what PostgreSQL
 * installations use; its SQL is plain PostgreSQL, so it is checked on PGlite too.
 */
const apps = new Map<string, TestApp>();
beforeAll(async () => {
  for (const kind of everyDatabaseKind) apps.set(kind, await buildTestApp(kind));
});
afterAll(async () => {
  for (const app of apps.values()) await app.close();
});
const dbOf = (kind: string) => apps.get(kind)!.context.database.db;

let round = 0;
const makers: Array<[string, (now: () => number) => RateLimiter]> = [
  ['memory', (now) => createRateLimiter({ now })],
  ...everyDatabaseKind.map((kind): [string, (now: () => number) => RateLimiter] => [
    `database (${kind})`,
    (now) => createPostgresRateLimiter({ db: dbOf(kind), now }),
  ]),
];

describe.each(makers)('[RATE LIMITS] the %s limiter', (_name, make) => {
  const minute = { max: 3, windowMs: 60_000 };
  // every test its own keys: the database limiter's rows outlive a test
  const key = (name: string) => `${name}-${round}`;
  const limiterAt = (now: () => number) => {
    round += 1;
    return make(now);
  };

  it('gives max tries per window, then says how long to wait, then a new window', async () => {
    let now = 1_000;
    const limiter = limiterAt(() => now);
    const a = [{ key: key('a'), budget: minute }];
    for (let i = 0; i < 3; i++) expect((await limiter.take(a)).ok).toBe(true);
    expect(await limiter.take(a)).toEqual({ ok: false, retryAfterMs: 60_000 });
    now += 45_000;
    expect(await limiter.take(a)).toEqual({ ok: false, retryAfterMs: 15_000 });
    expect((await limiter.take([{ key: key('b'), budget: minute }])).ok).toBe(true);
    now += 15_000;
    expect((await limiter.take(a)).ok).toBe(true);
  });

  it('takes from every budget or from none', async () => {
    const limiter = limiterAt(() => 0);
    const address = { key: key('address'), budget: { max: 10, windowMs: 60_000 } };
    const account = { key: key('account'), budget: { max: 1, windowMs: 60_000 } };
    expect((await limiter.take([address, account])).ok).toBe(true);
    // the account is spent: the address loses nothing by this refusal
    for (let i = 0; i < 5; i++) expect((await limiter.take([address, account])).ok).toBe(false);
    for (let i = 0; i < 9; i++) expect((await limiter.take([address])).ok).toBe(true);
    expect((await limiter.take([address])).ok).toBe(false);
  });

  it('gives tries back (a success), only those asked for, and never into a later window', async () => {
    let now = 0;
    const limiter = limiterAt(() => now);
    const one = (name: string) => [{ key: key(name), budget: { max: 1, windowMs: 1_000 } }];
    const taken = await limiter.take([...one('a'), ...one('b')]);
    if (!taken.ok) throw new Error('refused');
    await taken.giveBack([key('a')]);
    expect((await limiter.take(one('a'))).ok).toBe(true);
    expect((await limiter.take(one('b'))).ok).toBe(false);

    const late = await limiter.take(one('c'));
    if (!late.ok) throw new Error('refused');
    now = 1_000;
    expect((await limiter.take(one('c'))).ok).toBe(true);
    await late.giveBack();
    expect((await limiter.take(one('c'))).ok).toBe(false);
  });

  it('adds more to every budget without refusing, past the budget, until the window ends', async () => {
    let now = 0;
    const limiter = limiterAt(() => now);
    const papers = [
      { key: key('user'), budget: minute },
      { key: key('address'), budget: { max: 10, windowMs: 60_000 } },
    ];
    expect((await limiter.take(papers)).ok).toBe(true);
    // a class set of five papers: the four after its first, though the user's budget has only two left
    await limiter.add(papers, 4);
    expect(await limiter.take(papers)).toEqual({ ok: false, retryAfterMs: 60_000 });
    // the address counted the same five: five of its ten are left
    const address = [papers[1]!];
    for (let i = 0; i < 5; i++) expect((await limiter.take(address)).ok).toBe(true);
    expect((await limiter.take(address)).ok).toBe(false);
    // added into an ended window, the count starts a new one
    now = 60_000;
    await limiter.add(papers, 2);
    expect((await limiter.take(papers)).ok).toBe(true);
    expect((await limiter.take(papers)).ok).toBe(false);
  });

  it('counts parallel tries exactly: never more than the budget gets through', async () => {
    const limiter = limiterAt(() => 0);
    const budget = [
      { key: key('x'), budget: { max: 5, windowMs: 60_000 } },
      { key: key('y'), budget: { max: 50, windowMs: 60_000 } },
    ];
    const results = await Promise.all(Array.from({ length: 12 }, () => limiter.take(budget)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });
});

describe.each(everyDatabaseKind)(
  '[RATE LIMITS] @fastify/rate-limit counters in the database on %s',
  (kind) => {
    it('counts per route and key, and starts again when the window has ended', async () => {
      let now = 0;
      const Store = postgresRateLimitStore(dbOf(kind), () => now);
      const store = new Store({} as never).child({
        routeInfo: { method: 'POST', url: '/api/chat' },
      } as never);
      const other = new Store({} as never).child({
        routeInfo: { method: 'GET', url: '/api/updates' },
      } as never);
      const incr = (s: typeof store, key: string) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          s.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 3),
        );
      expect(await incr(store, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
      now = 20_000;
      expect(await incr(store, '10.0.0.1')).toEqual({ current: 2, ttl: 40_000 });
      expect(await incr(other, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
      now = 60_000;
      expect(await incr(store, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
      const { rows } = await dbOf(kind).execute(
        sql`SELECT key FROM rate_limit_counters WHERE key LIKE 'fastify:%' ORDER BY key`,
      );
      expect(rows.map((row) => row.key)).toEqual([
        'fastify:GET /api/updates:10.0.0.1',
        'fastify:POST /api/chat:10.0.0.1',
      ]);
    });
  },
);
