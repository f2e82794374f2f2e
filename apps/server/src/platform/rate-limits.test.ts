import { describe, expect, it } from 'vitest';
import { addressKey, createRateLimiter } from './rate-limits';

describe('rate limiter', () => {
  const minute = { max: 3, windowMs: 60_000 };

  it('gives max tries per window, then says how long to wait, then a new window', () => {
    let now = 1_000;
    const limiter = createRateLimiter({ now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.take([{ key: 'a', budget: minute }]).ok).toBe(true);
    expect(limiter.take([{ key: 'a', budget: minute }])).toEqual({ ok: false, retryAfterMs: 60_000 });
    now += 45_000;
    expect(limiter.take([{ key: 'a', budget: minute }])).toEqual({ ok: false, retryAfterMs: 15_000 });
    expect(limiter.take([{ key: 'b', budget: minute }]).ok).toBe(true);
    now += 15_000;
    expect(limiter.take([{ key: 'a', budget: minute }]).ok).toBe(true);
  });

  it('takes from every budget or from none', () => {
    const limiter = createRateLimiter({ now: () => 0 });
    const address = { key: 'address', budget: { max: 10, windowMs: 60_000 } };
    const account = { key: 'account', budget: { max: 1, windowMs: 60_000 } };
    expect(limiter.take([address, account]).ok).toBe(true);
    // the account is spent: the address loses nothing by this refusal
    for (let i = 0; i < 5; i++) expect(limiter.take([address, account]).ok).toBe(false);
    for (let i = 0; i < 9; i++) expect(limiter.take([address]).ok).toBe(true);
    expect(limiter.take([address]).ok).toBe(false);
  });

  it('gives tries back (a success), only those asked for, and never into a later window', () => {
    let now = 0;
    const limiter = createRateLimiter({ now: () => now });
    const taken = limiter.take([
      { key: 'a', budget: { max: 1, windowMs: 1_000 } },
      { key: 'b', budget: { max: 1, windowMs: 1_000 } },
    ]);
    if (!taken.ok) throw new Error('refused');
    taken.giveBack(['a']);
    expect(limiter.take([{ key: 'a', budget: { max: 1, windowMs: 1_000 } }]).ok).toBe(true);
    expect(limiter.take([{ key: 'b', budget: { max: 1, windowMs: 1_000 } }]).ok).toBe(false);

    const late = limiter.take([{ key: 'c', budget: { max: 1, windowMs: 1_000 } }]);
    if (!late.ok) throw new Error('refused');
    now = 1_000;
    expect(limiter.take([{ key: 'c', budget: { max: 1, windowMs: 1_000 } }]).ok).toBe(true);
    late.giveBack();
    expect(limiter.take([{ key: 'c', budget: { max: 1, windowMs: 1_000 } }]).ok).toBe(false);
  });
});

describe('addressKey', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
