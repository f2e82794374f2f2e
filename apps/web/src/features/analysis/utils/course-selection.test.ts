import { describe, expect, it } from 'vitest';
import type { Course } from '@korrigo/domain';
import {
  confirmedLink,
  emptySelection,
  filterCourses,
  selectionOf,
  toggleCourse,
  toggleStudent,
} from './course-selection';

const course = (id: string, name: string, students: string[], overrides: Partial<Course> = {}): Course => ({
  id,
  schoolId: 's',
  schoolName: 'Schule',
  classIds: ['c'],
  classNames: ['7b'],
  name,
  subject: 'Mathematik',
  description: '',
  classroom: '',
  schedule: [],
  startDate: null,
  endDate: null,
  archived: false,
  students: students.map((student) => ({ id: `${id}-${student}`, name: student })),
  teachers: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u',
  lms: null,
  ...overrides,
});

const courses = [
  course('a', 'Mathe 7b', ['Mia', 'Tom']),
  course('b', 'Bio 8', ['Ida'], { subject: 'Biologie' }),
];

describe('course and student selection (spec 001 §4)', () => {
  it('a second click on the selected course deselects it and clears the student', () => {
    const chosen = toggleStudent(toggleCourse(emptySelection, 'a'), 'a-Mia');
    expect(chosen).toEqual({ courseId: 'a', studentId: 'a-Mia' });
    expect(toggleCourse(chosen, 'a')).toEqual({ courseId: null, studentId: null });
  });

  it('choosing another course clears the student', () => {
    const chosen = toggleStudent(toggleCourse(emptySelection, 'a'), 'a-Mia');
    expect(toggleCourse(chosen, 'b')).toEqual({ courseId: 'b', studentId: null });
  });

  it('a pupil needs a course first, and a second click deselects the pupil', () => {
    expect(toggleStudent(emptySelection, 'a-Mia')).toBe(emptySelection);
    const chosen = toggleStudent(toggleCourse(emptySelection, 'a'), 'a-Mia');
    expect(toggleStudent(chosen, 'a-Mia')).toEqual({ courseId: 'a', studentId: null });
  });

  it('confirms only with both course and student, and only a pupil of that course', () => {
    expect(confirmedLink(emptySelection, courses)).toBeNull();
    expect(confirmedLink({ courseId: 'a', studentId: null }, courses)).toBeNull();
    expect(confirmedLink({ courseId: 'a', studentId: 'b-Ida' }, courses)).toBeNull();
    const link = confirmedLink({ courseId: 'a', studentId: 'a-Tom' }, courses);
    expect(link).toEqual({ course: { id: 'a', name: 'Mathe 7b' }, student: { id: 'a-Tom', name: 'Tom' } });
    expect(selectionOf(link)).toEqual({ courseId: 'a', studentId: 'a-Tom' });
  });

  it('searches name, subject and class, and leaves archived courses out', () => {
    const all = [...courses, course('c', 'Alt', [], { archived: true })];
    expect(filterCourses(all, '').map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(filterCourses(all, 'bio').map((entry) => entry.id)).toEqual(['b']);
    expect(filterCourses(all, '7B').map((entry) => entry.id)).toEqual(['a', 'b']);
  });
});
