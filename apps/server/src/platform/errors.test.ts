import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@korrigo/domain';
import { DatabaseTimeoutError } from './db';
import { registerErrorHandler } from './errors';

describe('[ERRORS] the one error shape', () => {
  it('a database that does not answer in time is a German 503, anything else unknown a 500 (issue 31)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const failures: Record<string, () => Error> = {
      // drizzle wraps the driver's error as `cause`
      pglite: () => new Error('Failed query: select 1', { cause: new DatabaseTimeoutError('waited') }),
      statementTimeout: () =>
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      idleInTransaction: () =>
        new Error('Failed query: commit', {
          cause: new Error('Client has encountered a connection error and is not queryable'),
        }),
      pool: () => new Error('timeout exceeded when trying to connect'),
      bug: () => new TypeError('x is undefined'),
    };
    for (const [name, failure] of Object.entries(failures)) {
      app.get(`/${name}`, async () => {
        throw failure();
      });
    }
    for (const name of ['pglite', 'statementTimeout', 'idleInTransaction', 'pool']) {
      const response = await app.inject({ url: `/${name}` });
      expect(response.statusCode, name).toBe(503);
      expect(response.json(), name).toEqual({
        error: { code: 'unavailable', message: messages.http.unavailable },
      });
    }
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json().error.message).toBe(messages.http.internal);
    await app.close();
  });
});
