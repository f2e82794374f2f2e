import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

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
});
