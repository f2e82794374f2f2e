import { describe, expect, it } from 'vitest';
import { courseMessages, courseTabOf, createCourseRequestSchema, newScheduleEntry } from './courses';

describe('[COURSES] tabs and the new course form', () => {
  it('puts archived courses on their tab, then those that have not begun, else active', () => {
    expect(courseTabOf({ archived: true, startDate: '2099-01-01' }, '2026-11-24')).toBe('archived');
    expect(courseTabOf({ archived: false, startDate: '2026-11-25' }, '2026-11-24')).toBe('upcoming');
    expect(courseTabOf({ archived: false, startDate: '2026-11-24' }, '2026-11-24')).toBe('active');
    expect(courseTabOf({ archived: false, startDate: null }, '2026-11-24')).toBe('active');
  });

  it('asks for a class first and accepts the default schedule entry', () => {
    const missing = createCourseRequestSchema.safeParse({ classIds: [], name: 'Bio', subject: 'Biologie' });
    expect(missing.error!.issues[0]!.message).toBe(courseMessages.classRequired);
    const complete = createCourseRequestSchema.parse({
      classIds: [crypto.randomUUID()],
      name: 'Bio',
      subject: 'Biologie',
      schedule: [newScheduleEntry],
    });
    expect(complete).toMatchObject({ description: '', classroom: '', startDate: null });
  });
});
