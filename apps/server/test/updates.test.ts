import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseLimits, releaseMessages, type ReleaseInput, type ReleaseList } from '@korrigo/domain';
import { loadConfig } from '../src/env';
import { buildTestApp, databaseKinds, type TestApp } from './support/build-test-app';
import { nextAddress } from './support/factories';

const KEY = 'sk-test-0123456789abcdef';

function buildRelease(overrides: Partial<ReleaseInput> = {}): ReleaseInput {
  return {
    category: 'website',
    version: '2.1',
    title: 'Klassenansicht',
    label: 'Neu',
    date: '2025-10-01',
    model: null,
    featureGroups: [{ title: 'Neu', items: ['Klassen auf einen Blick'] }],
    ...overrides,
  };
}

describe.each(databaseKinds)('[UPDATES] release notes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RELEASES_API_KEY: KEY } });
  });
  afterAll(() => t.close());

  const publish = (
    key: string | undefined,
    payload: object = buildRelease(),
    remoteAddress = nextAddress(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/updates',
      headers: key === undefined ? {} : { 'x-api-key': key },
      remoteAddress,
      payload,
    });

  it('lists AI versions 1.0 to 1.4 with 2.0 upcoming, and website versions 1.0 to 2.0, newest first', async () => {
    const response = await t.app.inject({ url: '/api/updates', remoteAddress: nextAddress() });
    expect(response.statusCode).toBe(200);
    const list = response.json() as ReleaseList;
    expect(list.ai.map((r) => r.version)).toEqual(['2.0', '1.4', '1.3', '1.2', '1.1', '1.0']);
    expect(list.ai[0]!.upcoming).toBe(true);
    expect(list.ai.slice(1).every((r) => !r.upcoming && r.model)).toBe(true);
    expect(list.website[0]!.version).toBe('2.0');
    expect(list.website.at(-1)!.version).toBe('1.0');
  });

  it('checks the key: missing, malformed (sk- plus at least 10 characters) and wrong are refused', async () => {
    const missing = await publish(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.message).toBe(releaseMessages.keyMissing);
    for (const malformed of ['sk-123456789', 'pk-0123456789abcdef', '0123456789abcdef']) {
      const response = await publish(malformed);
      expect(response.statusCode, malformed).toBe(401);
      expect(response.json().error.message).toBe(releaseMessages.keyInvalid);
    }
    // well-formed (sk- + 10 characters) but not the configured key
    const wrong = await publish('sk-0123456789');
    expect(wrong.statusCode).toBe(401);
    // the key is checked before the body: no hints about the payload without it
    const wrongWithBadBody = await publish('sk-0123456789', { nonsense: true });
    expect(wrongWithBadBody.statusCode).toBe(401);
  });

  it('publishes with the right key; the release appears in the list; a duplicate is refused', async () => {
    const created = await publish(KEY, buildRelease({ version: '2.1' }));
    expect(created.statusCode).toBe(201);
    const list = (
      await t.app.inject({ url: '/api/updates', remoteAddress: nextAddress() })
    ).json() as ReleaseList;
    expect(list.website[0]).toMatchObject({ version: '2.1', title: 'Klassenansicht' });
    const again = await publish(KEY, buildRelease({ version: '2.1' }));
    expect(again.statusCode).toBe(409);
    const invalid = await publish(KEY, buildRelease({ version: 'zwei' }));
    expect(invalid.statusCode).toBe(400);
  });

  it(`allows ${releaseLimits.perWindow} requests per IP and 15 minutes, reading and publishing together`, async () => {
    const address = nextAddress();
    for (let i = 0; i < releaseLimits.perWindow - 1; i++) {
      const response = await t.app.inject({ url: '/api/updates', remoteAddress: address });
      expect(response.statusCode).toBe(200);
    }
    // the 100th request is a publish attempt; it counts against the same budget
    expect((await publish('sk-0123456789', buildRelease(), address)).statusCode).toBe(401);
    const limited = await t.app.inject({ url: '/api/updates', remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.headers['x-ratelimit-limit']).toBe(String(releaseLimits.perWindow));
    // another address still gets through
    expect((await t.app.inject({ url: '/api/updates', remoteAddress: nextAddress() })).statusCode).toBe(200);
  });
});

describe('[UPDATES] configuration', () => {
  it('refuses a RELEASES_API_KEY that does not have the form sk- plus at least 10 characters', () => {
    expect(() => loadConfig({ RELEASES_API_KEY: 'sk-short' })).toThrow(/RELEASES_API_KEY/);
    expect(loadConfig({ RELEASES_API_KEY: KEY }).RELEASES_API_KEY).toBe(KEY);
  });

  it('without a configured key nobody can publish', async () => {
    const t = await buildTestApp('pglite');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/updates',
        headers: { 'x-api-key': KEY },
        payload: buildRelease(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(releaseMessages.publishingDisabled);
    } finally {
      await t.close();
    }
  });
});
