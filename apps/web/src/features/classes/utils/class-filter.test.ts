import { describe, expect, it } from 'vitest';
import type { ClassSummary } from '@korrigo/domain';
import { filterClasses } from './class-filter';

const item = (overrides: Partial<ClassSummary>): ClassSummary => ({
  id: crypto.randomUUID(),
  schoolId: crypto.randomUUID(),
  schoolName: 'Gymnasium am Park',
  name: '7b',
  description: '',
  gradeLevel: '7',
  studentCount: 0,
  createdAt: '2026-11-24T08:00:00.000Z',
  createdBy: 'u1',
  archived: false,
  ...overrides,
});

describe('[CLASSES] filterClasses', () => {
  const classes = [
    item({ name: '7b', description: 'Klassenleitung Frau Müller' }),
    item({ name: '8a', schoolName: 'Abendschule Nord' }),
    item({ name: '9c', archived: true }),
  ];

  it('keeps the tab and searches name, description and school name without accents', () => {
    expect(filterClasses(classes, 'active', '').map((c) => c.name)).toEqual(['7b', '8a']);
    expect(filterClasses(classes, 'archived', '').map((c) => c.name)).toEqual(['9c']);
    expect(filterClasses(classes, 'active', 'muller').map((c) => c.name)).toEqual(['7b']);
    expect(filterClasses(classes, 'active', ' ABEND ').map((c) => c.name)).toEqual(['8a']);
    expect(filterClasses(classes, 'active', '9c')).toEqual([]);
  });
});
