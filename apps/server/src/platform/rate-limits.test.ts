import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limits';

// the limiters themselves (memory and PostgreSQL) are tested in test/rate-limiters.test.ts

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
