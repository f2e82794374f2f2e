import { describe, expect, it } from 'vitest';
import { formatDay, fromLocalInput, linesOf, toLocalInput } from './course-work-format';

describe('[CLASSES] course work formats', () => {
  it('shows a calendar date as day.month.year without a time zone shift', () => {
    expect(formatDay('2026-12-01')).toBe('01.12.2026');
  });

  it('round-trips a datetime-local value through an ISO time', () => {
    const iso = fromLocalInput('2026-11-25T09:30')!;
    expect(toLocalInput(iso)).toBe('2026-11-25T09:30');
    expect(fromLocalInput('2026-11-25')).toBeNull();
  });

  it('reads one entry per non-empty line', () => {
    expect(linesOf(' a \n\n b\n')).toEqual(['a', 'b']);
  });
});
