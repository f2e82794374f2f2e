import { describe, expect, it } from 'vitest';
import {
  gradeFromPercent,
  gradeFromPoints,
  gradeTable,
  learningProfileGradeClass,
  overviewGradeClass,
  parseGrade,
} from './grade-scale';

describe('gradeFromPercent', () => {
  it('maps the band edges of the table', () => {
    expect(gradeFromPercent(100).grade).toBe('1+');
    expect(gradeFromPercent(95).grade).toBe('1+');
    expect(gradeFromPercent(94.9).grade).toBe('1');
    expect(gradeFromPercent(50)).toEqual({ grade: '4+', value: 3.7 });
    expect(gradeFromPercent(49.99).grade).toBe('4');
    expect(gradeFromPercent(33).grade).toBe('5+');
    expect(gradeFromPercent(19.9)).toEqual({ grade: '6', value: 6 });
    expect(gradeFromPercent(0).grade).toBe('6');
  });

  it('clamps out-of-range and non-finite input', () => {
    expect(gradeFromPercent(130).grade).toBe('1+');
    expect(gradeFromPercent(-5).grade).toBe('6');
    expect(gradeFromPercent(Number.NaN).grade).toBe('6');
  });

  it('does not lose a step to floating-point sums', () => {
    expect(gradeFromPoints(0.1 + 0.2 + 18.7, 20)?.grade).toBe('1+');
  });

  it('has numeric values from 0.7 to 6 in steps of 0.3 and ordered bands', () => {
    const values = gradeTable.map((r) => r.value);
    expect(values[0]).toBe(0.7);
    expect(values.at(-1)).toBe(6);
    for (let i = 1; i < gradeTable.length - 1; i++) {
      expect(gradeTable[i]!.minPercent).toBeLessThan(gradeTable[i - 1]!.minPercent);
    }
    for (const row of gradeTable) expect(parseGrade(row.grade)).toBe(row.value);
  });
});

describe('gradeFromPoints', () => {
  it('returns null without a maximum', () => {
    expect(gradeFromPoints(3, 0)).toBeNull();
  });
  it('computes the percentage', () => {
    expect(gradeFromPoints(15, 20)).toEqual({ grade: '2', value: 2, percent: 75 });
  });
});

describe('parseGrade', () => {
  it('reads written grades and comma decimals', () => {
    expect(parseGrade('1+')).toBe(0.7);
    expect(parseGrade('2-')).toBe(2.3);
    expect(parseGrade(' 3 ')).toBe(3);
    expect(parseGrade('2,3')).toBe(2.3);
    expect(parseGrade('4.7')).toBe(4.7);
    expect(parseGrade(6)).toBe(6);
  });
  it('rejects what is not a grade', () => {
    expect(parseGrade('6-')).toBeNull();
    expect(parseGrade('7')).toBeNull();
    expect(parseGrade('gut')).toBeNull();
    expect(parseGrade('')).toBeNull();
    expect(parseGrade(null)).toBeNull();
    expect(parseGrade(0.3)).toBeNull();
  });
});

describe('grade classes', () => {
  it('spec 000 §9 for dashboard and result view', () => {
    expect(overviewGradeClass(1.5)).toBe('excellent');
    expect(overviewGradeClass(1.7)).toBe('good');
    expect(overviewGradeClass(3.5)).toBe('satisfactory');
    expect(overviewGradeClass(4.3)).toBe('sufficient');
    expect(overviewGradeClass(5.3)).toBe('poor');
    expect(overviewGradeClass(5.7)).toBe('failing');
  });
  it('spec 001 §9 for the learning profile', () => {
    expect(learningProfileGradeClass(1.3)).toBe('excellent');
    expect(learningProfileGradeClass(1.7)).toBe('good');
    expect(learningProfileGradeClass(3.3)).toBe('average');
    expect(learningProfileGradeClass(4.3)).toBe('poor');
    expect(learningProfileGradeClass(4.7)).toBe('fail');
  });
});
