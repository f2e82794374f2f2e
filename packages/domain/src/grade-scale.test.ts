import { describe, expect, it } from 'vitest';
import {
  defaultGradingScale,
  gradeFromPercent,
  gradeFromPoints,
  writtenGrade,
  gradingScaleById,
  gradingScaleIds,
  gradingScales,
  gradingScaleSchema,
  learningProfileGradeClass,
  notenpunkteLabel,
  overviewGradeClass,
  parseGrade,
  type GradingScale,
} from './grade-scale';

/** every row's lower edge earns its grade, and just below it the next one */
function expectEdges(scale: GradingScale) {
  scale.rows.forEach((row, i) => {
    expect(gradeFromPercent(row.minPercent, scale).grade, `${row.minPercent} %`).toBe(row.grade);
    const worse = scale.rows[i + 1];
    if (worse) expect(gradeFromPercent(row.minPercent - 0.01, scale).grade).toBe(worse.grade);
  });
}

describe('the default Notenschlüssel (issue 13)', () => {
  it('has the bands >= 92 % 1, >= 81 % 2, >= 67 % 3, >= 50 % 4, >= 30 % 5, else 6', () => {
    const whole = (p: number) => gradeFromPercent(p).grade.replace(/[+-]/, '');
    expect([100, 92, 91.99, 81, 80.99, 67, 66.99, 50, 49.99, 30, 29.99, 0].map(whole)).toEqual([
      '1',
      '1',
      '2',
      '2',
      '3',
      '3',
      '4',
      '4',
      '5',
      '5',
      '6',
      '6',
    ]);
    expect(gradeFromPercent(70).grade).toBe('3-');
  });

  it('places + and − in the top and bottom third of each band, rounded to whole percent', () => {
    expect(defaultGradingScale.rows.map((r) => `${r.grade}@${r.minPercent}`)).toEqual([
      '1+@97',
      '1@95',
      '1-@92',
      '2+@88',
      '2@85',
      '2-@81',
      '3+@76',
      '3@72',
      '3-@67',
      '4+@61',
      '4@56',
      '4-@50',
      '5+@43',
      '5@37',
      '5-@30',
      '6@0',
    ]);
    expectEdges(defaultGradingScale);
    expect(gradeFromPercent(96.99).grade).toBe('1');
    expect(gradeFromPercent(84.99).grade).toBe('2-');
    expect(gradeFromPercent(71.99)).toEqual({ grade: '3-', value: 3.3 });
    expect(gradeFromPercent(29.99)).toEqual({ grade: '6', value: 6 });
  });

  it('clamps out-of-range and non-finite input', () => {
    expect(gradeFromPercent(130).grade).toBe('1+');
    expect(gradeFromPercent(-5).grade).toBe('6');
    expect(gradeFromPercent(Number.NaN).grade).toBe('6');
  });

  it('does not lose a step to floating-point sums', () => {
    expect(gradeFromPercent(96.9999999).grade).toBe('1+');
    expect(gradeFromPoints(0.1 + 0.2 + 18.7, 20)?.grade).toBe('1');
    // 28 of 30 points against a limit read from a key as 28/30 = 93.33 %
    const fromKey = {
      ...defaultGradingScale,
      rows: [
        { minPercent: (28 / 30) * 100, grade: '1', value: 1 },
        { minPercent: 0, grade: '2', value: 2 },
      ],
    };
    expect(gradeFromPoints(28, 30, fromKey)?.grade).toBe('1');
  });
});

describe('the presets', () => {
  it('are valid tables with values from 0.7 to 6 that parseGrade reads back', () => {
    for (const id of gradingScaleIds) {
      const scale = gradingScales[id];
      expect(scale.id).toBe(id);
      expect(gradingScaleSchema.safeParse(scale).success, id).toBe(true);
      for (const row of scale.rows) expect(parseGrade(row.grade), row.grade).toBe(row.value);
    }
    expect(defaultGradingScale.rows[0]!.value).toBe(0.7);
    expect(defaultGradingScale.rows.at(-1)!.value).toBe(6);
  });

  it('IHK: 100-92-81-67-50-30 without + and −', () => {
    const ihk = gradingScales.ihk;
    expect(ihk.rows.map((r) => `${r.grade}@${r.minPercent}`)).toEqual([
      '1@92',
      '2@81',
      '3@67',
      '4@50',
      '5@30',
      '6@0',
    ]);
    expectEdges(ihk);
    expect(gradeFromPercent(70, ihk)).toEqual({ grade: '3', value: 3 });
  });

  it('Oberstufe: 15 to 0 Notenpunkte shown with their grade', () => {
    const oberstufe = gradingScales.oberstufe;
    expect(oberstufe.rows.map((r) => r.minPercent)).toEqual([
      95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 33, 27, 20, 0,
    ]);
    expectEdges(oberstufe);
    expect(gradeFromPercent(100, oberstufe)).toEqual({ grade: '15 Punkte (1+)', value: 0.7 });
    expect(gradeFromPercent(75, oberstufe)).toEqual({ grade: '11 Punkte (2)', value: 2 });
    expect(gradeFromPercent(74.99, oberstufe)).toEqual({ grade: '10 Punkte (2-)', value: 2.3 });
    expect(gradeFromPercent(50, oberstufe)).toEqual({ grade: '6 Punkte (4+)', value: 3.7 });
    expect(gradeFromPercent(45, oberstufe)).toEqual({ grade: '5 Punkte (4)', value: 4 });
    expect(gradeFromPercent(20, oberstufe)).toEqual({ grade: '1 Punkt (5-)', value: 5.3 });
    expect(gradeFromPercent(19.99, oberstufe)).toEqual({ grade: '0 Punkte (6)', value: 6 });
    expect(notenpunkteLabel(12)).toBe('12 Punkte (2+)');
  });

  it('falls back to the default for an unknown id', () => {
    expect(gradingScaleById('oberstufe').id).toBe('oberstufe');
    expect(gradingScaleById('bayern').id).toBe('standard');
    expect(gradingScaleById(undefined).id).toBe('standard');
  });
});

describe('a custom table', () => {
  const rows = [
    { minPercent: 90, grade: '1', value: 1 },
    { minPercent: 50, grade: '4', value: 4 },
    { minPercent: 0, grade: '6', value: 6 },
  ];
  it('is accepted with descending thresholds ending at 0 %', () => {
    expect(gradingScaleSchema.safeParse({ id: 'x', name: 'Eigener', rows }).success).toBe(true);
  });
  it('is rejected when thresholds do not fall, leave 0..100, or do not reach 0 %', () => {
    const bad = (r: typeof rows) =>
      gradingScaleSchema.safeParse({ id: 'x', name: 'Eigener', rows: r }).success;
    expect(bad([rows[0]!, { ...rows[1]!, minPercent: 90 }, rows[2]!])).toBe(false);
    expect(bad([{ ...rows[0]!, minPercent: 120 }, rows[1]!, rows[2]!])).toBe(false);
    expect(bad([rows[0]!, rows[1]!, { ...rows[2]!, minPercent: 10 }])).toBe(false);
    expect(bad([rows[1]!, rows[0]!, rows[2]!])).toBe(false);
  });
});

describe('gradeFromPoints', () => {
  it('returns null without a maximum', () => {
    expect(gradeFromPoints(3, 0)).toBeNull();
  });
  it('computes the percentage and grades it by the scale given', () => {
    expect(gradeFromPoints(15, 20)).toEqual({ grade: '3', value: 3, percent: 75 });
    expect(gradeFromPoints(15, 20, gradingScales.oberstufe)?.grade).toBe('11 Punkte (2)');
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
  it('reads Oberstufe Notenpunkte as the value of their grade', () => {
    expect(parseGrade('11 Punkte (2)')).toBe(2);
    expect(parseGrade('11 Punkte')).toBe(2);
    expect(parseGrade('15 NP')).toBe(0.7);
    expect(parseGrade('1 Punkt (5-)')).toBe(5.3);
    expect(parseGrade('0 Punkte (6)')).toBe(6);
    expect(parseGrade('16 Punkte')).toBeNull();
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

describe('writtenGrade', () => {
  it('writes single grades as teachers do and leaves other values as numbers', () => {
    expect([0.7, 1, 1.3, 2.3, 3, 5.7, 6].map(writtenGrade)).toEqual(['1+', '1', '1-', '2-', '3', '6+', '6']);
    expect([2.5, 1.9, 6.3].map(writtenGrade)).toEqual(['2,5', '1,9', '6,3']);
    for (const grade of ['1+', '2', '3-', '4+', '5-', '6'])
      expect(writtenGrade(parseGrade(grade)!)).toBe(grade);
  });
});
