import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

type Value = { userId: string };

function setup(ttlMs = 30_000) {
  let clock = 1_000_000;
  const cache = createSessionCache<Value>({ ttlMs, now: () => clock });
  let calls = 0;
  const check =
    (userId: string | null, expiresInMs = 3_600_000) =>
    async () => {
      calls += 1;
      return userId ? { value: { userId }, expiresAt: new Date(clock + expiresInMs) } : null;
    };
  return {
    cache,
    check,
    calls: () => calls,
    advance: (ms: number) => (clock += ms),
  };
}

describe('session cache', () => {
  const alice = { cookie: 'better-auth.session_token=alice.sig' };
  const bob = { cookie: 'better-auth.session_token=bob.sig' };

  it('answers the same credentials from memory until the time to live runs out', async () => {
    const s = setup();
    expect(await s.cache.resolve(alice, s.check('a'))).toEqual({ userId: 'a' });
    expect(await s.cache.resolve(alice, s.check('x'))).toEqual({ userId: 'a' });
    expect(s.calls()).toBe(1);
    s.advance(30_001);
    expect(await s.cache.resolve(alice, s.check('a'))).toEqual({ userId: 'a' });
    expect(s.calls()).toBe(2);
  });

  it('keys by the exact credentials: other cookies or a bearer token are checked on their own', async () => {
    const s = setup();
    await s.cache.resolve(alice, s.check('a'));
    expect(await s.cache.resolve(bob, s.check('b'))).toEqual({ userId: 'b' });
    expect(await s.cache.resolve({ ...alice, authorization: 'Bearer other' }, s.check(null))).toBeNull();
    expect(await s.cache.resolve({}, s.check('a'))).toBeNull();
    expect(s.calls()).toBe(3);
  });

  it('never remembers a refusal', async () => {
    const s = setup();
    expect(await s.cache.resolve(alice, s.check(null))).toBeNull();
    expect(await s.cache.resolve(alice, s.check('a'))).toEqual({ userId: 'a' });
    expect(s.calls()).toBe(2);
  });

  it('does not keep a session past its own expiry', async () => {
    const s = setup();
    await s.cache.resolve(alice, s.check('a', 5_000));
    s.advance(5_001);
    expect(await s.cache.resolve(alice, s.check(null))).toBeNull();
  });

  it('forgets one user, or everyone, at once', async () => {
    const s = setup();
    await s.cache.resolve(alice, s.check('a'));
    await s.cache.resolve(bob, s.check('b'));
    s.cache.forgetUser('a');
    expect(await s.cache.resolve(alice, s.check(null))).toBeNull();
    expect(await s.cache.resolve(bob, s.check(null))).toEqual({ userId: 'b' });
    s.cache.clear();
    expect(await s.cache.resolve(bob, s.check(null))).toBeNull();
  });

  it('shares one check among concurrent requests', async () => {
    const s = setup();
    const answers = await Promise.all([1, 2, 3].map(() => s.cache.resolve(alice, s.check('a'))));
    expect(answers).toEqual([{ userId: 'a' }, { userId: 'a' }, { userId: 'a' }]);
    expect(s.calls()).toBe(1);
  });

  it('does not write an answer that was being read while the user was forgotten', async () => {
    const s = setup();
    let release!: () => void;
    const slow = s.cache.resolve(alice, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: { userId: 'a' }, expiresAt: new Date(Date.now() + 3_600_000) };
    });
    s.cache.forgetUser('a'); // e.g. the session was deleted while the check was reading it
    // a request after the forget does not join the old check
    const after = s.cache.resolve(alice, s.check(null));
    release();
    expect(await slow).toEqual({ userId: 'a' });
    expect(await after).toBeNull();
    expect(await s.cache.resolve(alice, s.check(null))).toBeNull();
  });

  it('passes a failed check on and does not remember it', async () => {
    const s = setup();
    await expect(
      s.cache.resolve(alice, async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(await s.cache.resolve(alice, s.check('a'))).toEqual({ userId: 'a' });
  });
});
