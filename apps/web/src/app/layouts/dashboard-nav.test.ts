import { describe, expect, it } from 'vitest';
import { navItemsFor } from './dashboard-nav';

const paths = (accountType: Parameters<typeof navItemsFor>[0]) =>
  navItemsFor(accountType).map((item) => item.to);

/** spec 001 §2 visibility table, as issue 33 §5 asks for it */
describe('navItemsFor', () => {
  it("shows a student her learning profile and the learning assistant, none of the teacher's tools", () => {
    expect(paths('student')).toEqual([
      '/dashboard',
      '/dashboard/analyse',
      '/dashboard/mytests',
      '/dashboard/essayfeed',
      '/dashboard/analytics',
      '/dashboard/insights',
    ]);
  });

  it('shows a teacher her classes, the test generator and the lesson planning, not the pupils’ screens', () => {
    expect(paths('teacher')).toEqual([
      '/dashboard',
      '/dashboard/analyse',
      '/dashboard/classes',
      '/dashboard/testgen',
      '/dashboard/lessonsplan',
      '/dashboard/analytics',
      '/dashboard/insights',
    ]);
  });

  it('shows only what everyone sees while the role is not known yet', () => {
    expect(paths(undefined)).toEqual([
      '/dashboard',
      '/dashboard/analyse',
      '/dashboard/analytics',
      '/dashboard/insights',
    ]);
  });
});
