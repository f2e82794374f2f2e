import { describe, expect, it } from 'vitest';
import { parseGrade } from './grade-scale';
import {
  courseStatusOf,
  berlinDay,
  gradeClassOf,
  learningProfileStats,
  previousTermOf,
  recordsInTerm,
  termOf,
  type GradeRecord,
} from './grades';

function record(overrides: Partial<GradeRecord> = {}): GradeRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    analysisId: '00000000-0000-4000-8000-000000000002',
    schoolId: null,
    classId: null,
    courseId: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    subject: 'Deutsch',
    courseName: 'Deutsch 7b',
    type: 'Klassenarbeit',
    title: 'Diktat',
    achieved_points: 15,
    total_points: 20,
    grade: '2',
    gradeValue: 2,
    selfCheck: false,
    resultAvailable: true,
    ...overrides,
  };
}

describe('parseGrade (spec 001 §9 mapping)', () => {
  it('reads the ends of the scale and the plus and minus steps', () => {
    expect(parseGrade('1+')).toBe(0.7);
    expect(parseGrade('1')).toBe(1);
    expect(parseGrade('1-')).toBe(1.3);
    expect(parseGrade('5-')).toBe(5.3);
    expect(parseGrade('6')).toBe(6);
    expect(parseGrade(0.7)).toBe(0.7);
    expect(parseGrade('6.0')).toBe(6);
  });

  it('accepts a comma as the decimal separator', () => {
    expect(parseGrade('2,3')).toBe(2.3);
    expect(parseGrade(' 1,0 ')).toBe(1);
  });

  it('reads nothing outside the scale or without a grade', () => {
    expect(parseGrade('6+')).toBe(5.7);
    expect(parseGrade('6-')).toBeNull();
    expect(parseGrade('0,5')).toBeNull();
    expect(parseGrade('7')).toBeNull();
    expect(parseGrade('')).toBeNull();
    expect(parseGrade('gut')).toBeNull();
    expect(parseGrade(null)).toBeNull();
  });

  it('gives the learning profile classes by value', () => {
    expect(gradeClassOf('1-')).toBe('excellent');
    expect(gradeClassOf('2,3')).toBe('good');
    expect(gradeClassOf('6')).toBe('fail');
    expect(gradeClassOf(null)).toBeNull();
  });
});

describe('termOf (school half-years: 1 Aug–31 Jan, 1 Feb–31 Jul)', () => {
  it('puts the boundaries into the right half-year', () => {
    expect(termOf('2026-07-31')).toMatchObject({ id: '2025-2', label: '2. Halbjahr 2025/26' });
    expect(termOf('2026-08-01')).toMatchObject({ id: '2026-1', label: '1. Halbjahr 2026/27' });
    expect(termOf('2027-01-31')).toMatchObject({ id: '2026-1', label: '1. Halbjahr 2026/27' });
    expect(termOf('2027-02-01')).toMatchObject({ id: '2026-2', label: '2. Halbjahr 2026/27' });
    expect(termOf('2026-11-24')).toEqual({
      id: '2026-1',
      label: '1. Halbjahr 2026/27',
      start: '2026-08-01',
      end: '2027-01-31',
    });
  });

  it('names the half-year before', () => {
    expect(previousTermOf('2026-11-24')).toMatchObject({
      id: '2025-2',
      start: '2026-02-01',
      end: '2026-07-31',
    });
    expect(previousTermOf('2027-02-01')).toMatchObject({ id: '2026-1' });
    expect(previousTermOf('2026-08-01')).toMatchObject({ id: '2025-2' });
    expect(previousTermOf('2000-03-01')).toMatchObject({ label: '1. Halbjahr 1999/00' });
  });
});

describe('berlinDay', () => {
  it('takes the calendar day in Germany around midnight', () => {
    // winter time: UTC+1
    expect(berlinDay('2026-11-24T22:59:59Z')).toBe('2026-11-24');
    expect(berlinDay('2026-11-24T23:00:00Z')).toBe('2026-11-25');
    // summer time: UTC+2
    expect(berlinDay('2026-07-31T21:59:59Z')).toBe('2026-07-31');
    expect(berlinDay(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01');
  });
});

describe('recordsInTerm', () => {
  const records = [
    record({ id: 'a', createdAt: '2026-11-24T10:00:00Z' }),
    // 31 July 23:30 in Berlin is still the second half-year
    record({ id: 'b', createdAt: '2026-07-31T21:30:00Z' }),
    // 1 August 00:30 in Berlin, though 31 July in UTC
    record({ id: 'c', createdAt: '2026-07-31T22:30:00Z' }),
    record({ id: 'd', createdAt: '2025-12-01T10:00:00Z' }),
  ];
  const ids = (list: { id: string }[]) => list.map((entry) => entry.id);

  it('keeps all, the current or the previous half-year by the German day', () => {
    expect(ids(recordsInTerm(records, 'all', '2026-11-24'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(recordsInTerm(records, 'current', '2026-11-24'))).toEqual(['a', 'c']);
    expect(ids(recordsInTerm(records, 'previous', '2026-11-24'))).toEqual(['b']);
  });
});

describe('learningProfileStats', () => {
  it('averages the teachers’ grades and the score shares, without self-checks', () => {
    const stats = learningProfileStats(
      [
        record({ gradeValue: 2, achieved_points: 15, total_points: 20 }),
        record({ gradeValue: 3, grade: '3', achieved_points: 5, total_points: 10 }),
        record({ gradeValue: 1, grade: '1', achieved_points: 10, total_points: 10, selfCheck: true }),
        // no grade and no total: counted as written, not in the averages
        record({ gradeValue: null, grade: null, achieved_points: 3, total_points: null }),
      ],
      2,
    );
    expect(stats.gradeAverage).toBe(2.5);
    expect(stats.scoreAveragePercent).toBeCloseTo(62.5);
    expect(stats.testsWritten).toBe(3);
    expect(stats.upcomingTests).toBe(2);
  });

  it('has no averages without teachers’ grades', () => {
    expect(learningProfileStats([record({ selfCheck: true })], 0)).toEqual({
      gradeAverage: null,
      scoreAveragePercent: null,
      testsWritten: 0,
      upcomingTests: 0,
    });
  });
});

describe("courseStatusOf (the course's dates, not random as in the spec's mock)", () => {
  it('is completed when archived or past its end date, active on its last day', () => {
    expect(courseStatusOf({ archived: false, endDate: null }, '2026-11-25')).toBe('active');
    expect(courseStatusOf({ archived: false, endDate: '2026-11-25' }, '2026-11-25')).toBe('active');
    expect(courseStatusOf({ archived: false, endDate: '2026-11-24' }, '2026-11-25')).toBe('completed');
    expect(courseStatusOf({ archived: true, endDate: '2027-07-31' }, '2026-11-25')).toBe('completed');
  });
});
