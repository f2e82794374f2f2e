import { describe, expect, it } from 'vitest';
import { keepNext, nextPath } from './next-path';

describe('nextPath', () => {
  const next = (value: string) => nextPath(new URLSearchParams({ next: value }), '/fallback');

  it('follows a path of this site', () => {
    expect(next('/einladung/ABCD-EFGH')).toBe('/einladung/ABCD-EFGH');
  });

  it('ignores other origins and a missing value', () => {
    expect(next('//evil.example/x')).toBe('/fallback');
    expect(next('/\\evil.example')).toBe('/fallback');
    expect(next('https://evil.example')).toBe('/fallback');
    expect(nextPath(new URLSearchParams(), '/fallback')).toBe('/fallback');
  });

  it('carries a valid target on to the next page and drops a foreign one', () => {
    const from = (value: string) => new URLSearchParams({ next: value });
    expect(keepNext('/signup', from('/einladung/ABCD-EFGH'))).toBe('/signup?next=%2Feinladung%2FABCD-EFGH');
    expect(keepNext('/signup?google=complete', from('/einladung/ABCD-EFGH'))).toBe(
      '/signup?google=complete&next=%2Feinladung%2FABCD-EFGH',
    );
    expect(keepNext('/login', from('//evil.example'))).toBe('/login');
    expect(keepNext('/login', new URLSearchParams())).toBe('/login');
  });
});
