import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { buildTestApp, everyDatabaseKind, type TestApp } from './support/build-test-app';

describe.each(everyDatabaseKind)('[HEALTH] GET /api/health on %s (issue 31)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers when the process and its database do', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('[HEALTH] a database that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { databaseTimeLimits: { waitMs: 300, transactionMs: 5000 } });
  });
  afterAll(() => t?.close());

  it('is a German 503 within the time limit, and 200 again once it answers', async () => {
    // a transaction that holds PGlite's one connection (what a hang inside one does)
    let finish = () => {};
    const holding = t.context.database.db.transaction(
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    const started = Date.now();
    const response = await t.app.inject({ url: '/api/health' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'unavailable', message: messages.http.unavailable } });
    finish();
    await holding;
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
