/**
 * The German grade scale 1 to 6 with plus and minus (spec 000 §9, spec 001 §9).
 *
 * Percentage bands: the KMK upper-secondary points scale (Vereinbarung zur Gestaltung der gymnasialen
 * Oberstufe, 15 to 0 Notenpunkte) with the percentage thresholds most Länder publish for it in their
 * Abitur correction rules (e.g. the Bewertungseinheiten tables of the EPA): 95 % for 15 points (1+),
 * then steps of 5 % down to 50 % for 6 points (4), then 45, 40, 33, 27, 20 %. We use it for every
 * level because it is the one percentage table that is nationally documented and has plus and minus.
 */
export type GradeLabel =
  '1+' | '1' | '1-' | '2+' | '2' | '2-' | '3+' | '3' | '3-' | '4+' | '4' | '4-' | '5+' | '5' | '5-' | '6';

/** From best to worst: the lowest percentage (inclusive) that still earns the grade. */
export const gradeTable: readonly { minPercent: number; grade: GradeLabel; value: number }[] = [
  { minPercent: 95, grade: '1+', value: 0.7 },
  { minPercent: 90, grade: '1', value: 1 },
  { minPercent: 85, grade: '1-', value: 1.3 },
  { minPercent: 80, grade: '2+', value: 1.7 },
  { minPercent: 75, grade: '2', value: 2 },
  { minPercent: 70, grade: '2-', value: 2.3 },
  { minPercent: 65, grade: '3+', value: 2.7 },
  { minPercent: 60, grade: '3', value: 3 },
  { minPercent: 55, grade: '3-', value: 3.3 },
  { minPercent: 50, grade: '4+', value: 3.7 },
  { minPercent: 45, grade: '4', value: 4 },
  { minPercent: 40, grade: '4-', value: 4.3 },
  { minPercent: 33, grade: '5+', value: 4.7 },
  { minPercent: 27, grade: '5', value: 5 },
  { minPercent: 20, grade: '5-', value: 5.3 },
  { minPercent: 0, grade: '6', value: 6 },
];

/** Percentage of points (0..100, clamped) to the grade row of `gradeTable`. */
export function gradeFromPercent(percent: number): { grade: GradeLabel; value: number } {
  const p = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  // Round to 2 decimals first so that 94.999999 from floating-point sums does not lose a grade step.
  const rounded = Math.round(p * 100) / 100;
  const row = gradeTable.find((r) => rounded >= r.minPercent) ?? gradeTable[gradeTable.length - 1]!;
  return { grade: row.grade, value: row.value };
}

/** Points to grade; null when there is no maximum to compare against. */
export function gradeFromPoints(
  achieved: number,
  max: number,
): { grade: GradeLabel; value: number; percent: number } | null {
  if (!(max > 0) || !Number.isFinite(achieved)) return null;
  const percent = (achieved / max) * 100;
  return { ...gradeFromPercent(percent), percent };
}

/**
 * spec 001 §9: a grade as written ("2-", "1+", "3") or as a number ("2,3", "2.3") to its numeric value
 * (1+ = 0.7 ... 6 = 6, plus and minus 0.3). Returns null for anything that is not a grade.
 */
export function parseGrade(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return input >= 0.7 && input <= 6 ? input : null;
  const s = input.trim().replace(',', '.');
  const written = /^([1-6])\s*([+-])?$/.exec(s);
  if (written) {
    const base = Number(written[1]);
    const value = written[2] === '+' ? base - 0.3 : written[2] === '-' ? base + 0.3 : base;
    const rounded = Math.round(value * 10) / 10;
    return rounded >= 0.7 && rounded <= 6 ? rounded : null;
  }
  if (/^\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    return n >= 0.7 && n <= 6 ? n : null;
  }
  return null;
}

export type OverviewGradeClass = 'excellent' | 'good' | 'satisfactory' | 'sufficient' | 'poor' | 'failing';

/** spec 000 §9 (dashboard and result view): <=1.5 excellent ... <=5.5 poor, otherwise failing. */
export function overviewGradeClass(value: number): OverviewGradeClass {
  if (value <= 1.5) return 'excellent';
  if (value <= 2.5) return 'good';
  if (value <= 3.5) return 'satisfactory';
  if (value <= 4.5) return 'sufficient';
  if (value <= 5.5) return 'poor';
  return 'failing';
}

export type LearningProfileGradeClass = 'excellent' | 'good' | 'average' | 'poor' | 'fail';

/** spec 001 §9 (learning profile): <=1.3 excellent, <=2.3 good, <=3.3 average, <=4.3 poor, else fail. */
export function learningProfileGradeClass(value: number): LearningProfileGradeClass {
  if (value <= 1.3) return 'excellent';
  if (value <= 2.3) return 'good';
  if (value <= 3.3) return 'average';
  if (value <= 4.3) return 'poor';
  return 'fail';
}
