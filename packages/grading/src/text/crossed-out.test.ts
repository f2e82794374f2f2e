import { describe, expect, it } from 'vitest';
import { blankCrossedOut } from './crossed-out';

describe('blankCrossedOut', () => {
  it('blanks crossed-out spans and keeps every offset', () => {
    const text = 'x = [durchgestrichen: 7] 5\n~~Falsch~~ Richtig [gestrichen: nein]';
    const blanked = blankCrossedOut(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked.indexOf('5')).toBe(text.indexOf('5'));
    expect(blanked).not.toMatch(/7|Falsch|nein/);
    expect(blanked).toContain('Richtig');
  });
});
