import { describe, expect, it } from 'vitest';
import { profile } from '../test/fixtures';
import { filterCourses, formatDay, formatPercent, formatScore } from './learning-profile-format';

describe('[LEARNING-PROFILE] formats', () => {
  it('writes days, scores and shares the German way', () => {
    expect(formatDay('2026-03-01')).toBe('01.03.2026');
    expect(formatScore({ achieved_points: 7.75, total_points: 12 })).toBe('7,75 / 12');
    expect(formatScore({ achieved_points: null, total_points: 12 })).toBe('– / 12');
    expect(formatScore({ achieved_points: null, total_points: null })).toBe('–');
    expect(formatPercent(64.58333)).toBe('64,6 %');
    expect(formatPercent(100)).toBe('100,0 %');
  });

  it('filters courses by their status', () => {
    expect(filterCourses(profile.courses, 'all')).toHaveLength(2);
    expect(filterCourses(profile.courses, 'active').map((course) => course.name)).toEqual(['Mathe 7b']);
    expect(filterCourses(profile.courses, 'completed').map((course) => course.name)).toEqual(['Deutsch 7b']);
  });
});
