import { z } from 'zod';

/**
 * German grades 1 to 6 with plus and minus (spec 000 §9, spec 001 §9) and the Notenschlüssel that turn a
 * percentage of the points into a grade (issue 13 point 8).
 *
 * A Notenschlüssel is a list of rows from best to worst; each row is the lowest percentage (inclusive) that
 * still earns its grade, and the last row starts at 0 %, so every percentage has a grade. `grade` is the
 * grade as shown ("2-", "4", "11 Punkte (2)"), `value` its numeric value for classes and averages
 * (1+ = 0.7, 1 = 1, 1- = 1.3 ... 5- = 5.3, 6 = 6), as `parseGrade` reads the shown grade.
 */

const rowSchema = z.object({
  minPercent: z.number().min(0).max(100),
  grade: z.string().trim().min(1).max(20),
  value: z.number().min(0.7).max(6),
});

/**
 * A table as the web, the server and the key parser accept it: thresholds strictly descending within
 * 0..100, the last one 0 % (so nothing falls below the table), grades from better to worse.
 */
export const gradingScaleSchema = z
  .object({
    id: z.string().trim().min(1).max(40),
    name: z.string().trim().min(1).max(100),
    rows: z.array(rowSchema).min(2).max(20),
  })
  .superRefine((scale, ctx) => {
    scale.rows.forEach((row, index) => {
      const before = scale.rows[index - 1];
      if (before && !(row.minPercent < before.minPercent)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index, 'minPercent'],
          message: 'Die Prozentgrenzen müssen von oben nach unten kleiner werden.',
        });
      }
      if (before && !(row.value >= before.value)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index, 'value'],
          message: 'Die Noten müssen von oben nach unten schlechter werden.',
        });
      }
    });
    if (scale.rows.at(-1)?.minPercent !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows', scale.rows.length - 1, 'minPercent'],
        message: 'Die letzte Note muss bei 0 % beginnen.',
      });
    }
  });

export type GradingScale = z.infer<typeof gradingScaleSchema>;
export type GradingScaleRow = GradingScale['rows'][number];

/** The presets a teacher can choose per analysis and per saved test. */
export const gradingScaleIds = ['standard', 'ihk', 'oberstufe'] as const;
export type GradingScaleId = (typeof gradingScaleIds)[number];
export const gradingScaleIdSchema = z.enum(gradingScaleIds);
export const defaultGradingScaleId: GradingScaleId = 'standard';

/** The id a table read from the Erwartungshorizont carries in the result. */
export const keyGradingScaleId = 'key';
export const keyGradingScaleName = 'aus dem Erwartungshorizont';

const plusMinusValue = (grade: string) => parseGrade(grade)!;
const rows = (list: [number, string][]): GradingScaleRow[] =>
  list.map(([minPercent, grade]) => ({ minPercent, grade, value: plusMinusValue(grade) }));

/**
 * Notenpunkte of the Oberstufe to grades (KMK, Vereinbarung zur Gestaltung der gymnasialen Oberstufe und
 * der Abiturprüfung, 15 to 0 points): 15/14/13 = 1+/1/1-, 12/11/10 = 2+/2/2- ... 3/2/1 = 5+/5/5-, 0 = 6.
 */
function notenpunkteGrade(points: number): string {
  if (points === 0) return '6';
  const base = 6 - Math.ceil(points / 3);
  const sign = points % 3 === 0 ? '+' : points % 3 === 2 ? '' : '-';
  return `${base}${sign}`;
}

/** "11 Punkte (2)": how an Oberstufe grade is shown, and what `parseGrade` reads back. */
export function notenpunkteLabel(points: number): string {
  return `${points} ${points === 1 ? 'Punkt' : 'Punkte'} (${notenpunkteGrade(points)})`;
}

export const gradingScales: Record<GradingScaleId, GradingScale> = {
  /**
   * The default, as issue 13 sets it: >= 92 % 1, >= 81 % 2, >= 67 % 3, >= 50 % 4, >= 30 % 5, below 6 (the
   * band limits of the IHK 100-point table below). Plus and minus split each band 1 to 5 into thirds: the
   * top third is the "+", the middle third the plain grade, the bottom third the "-", each limit rounded to
   * the nearest whole percent so that it can be written on a test ("ab 72 %"). Example, the 2-band 81..92 %:
   * 11 points wide, thirds at 84.67 and 88.33, so 2- from 81 %, 2 from 85 %, 2+ from 88 %. The 1+ band
   * reaches up to 100 %. The 6 has no plus or minus (below 30 % there is nothing to tell apart).
   */
  standard: {
    id: 'standard',
    name: 'Standard',
    rows: rows([
      [97, '1+'],
      [95, '1'],
      [92, '1-'],
      [88, '2+'],
      [85, '2'],
      [81, '2-'],
      [76, '3+'],
      [72, '3'],
      [67, '3-'],
      [61, '4+'],
      [56, '4'],
      [50, '4-'],
      [43, '5+'],
      [37, '5'],
      [30, '5-'],
      [0, '6'],
    ]),
  },
  /**
   * The IHK 100-point table (Musterprüfungsordnung des BIBB-Hauptausschusses for Abschluss- and
   * Gesellenprüfungen): 100-92 sehr gut, under 92-81 gut, under 81-67 befriedigend, under 67-50
   * ausreichend, under 50-30 mangelhaft, under 30 ungenügend; whole grades only.
   */
  ihk: {
    id: 'ihk',
    name: 'IHK-Schlüssel (ohne + und −)',
    rows: rows([
      [92, '1'],
      [81, '2'],
      [67, '3'],
      [50, '4'],
      [30, '5'],
      [0, '6'],
    ]),
  },
  /**
   * Oberstufe, 15 to 0 Notenpunkte: 95 % for 15 points, then 5 % steps down to 45 % for 5 points (the
   * anchors the KMK's EPA name: "ausreichend (05 Punkte)" from at least 45 %, "gut (11 Punkte)" from at
   * least 75 %), then 40, 33, 27, 20 % for 4 to 1 points, below 20 % 0 points. Shown as "11 Punkte (2)".
   */
  oberstufe: {
    id: 'oberstufe',
    name: 'Oberstufe (15–0 Notenpunkte)',
    rows: (
      [
        [95, 15],
        [90, 14],
        [85, 13],
        [80, 12],
        [75, 11],
        [70, 10],
        [65, 9],
        [60, 8],
        [55, 7],
        [50, 6],
        [45, 5],
        [40, 4],
        [33, 3],
        [27, 2],
        [20, 1],
        [0, 0],
      ] as const
    ).map(([minPercent, points]) => ({
      minPercent,
      grade: notenpunkteLabel(points),
      value: plusMinusValue(notenpunkteGrade(points)),
    })),
  },
};

export const defaultGradingScale: GradingScale = gradingScales[defaultGradingScaleId];

/** German texts of the Notenschlüssel choice (analysis options, test creator, result view). */
export const gradingScaleMessages = {
  label: 'Notenschlüssel',
  /** the select's options: the preset's name and what it does */
  option: (id: GradingScaleId) => `${gradingScales[id].name}: ${gradingScaleDescriptions[id]}`,
  keyWins: 'Steht im Erwartungshorizont ein eigener Notenschlüssel, gilt dieser.',
  fromTest: 'Voreingestellt ist der Notenschlüssel des gewählten Tests.',
  /** near the grade in the result */
  used: (name: string) => `Notenschlüssel: ${name}`,
} as const;

const gradingScaleDescriptions: Record<GradingScaleId, string> = {
  standard: '1 ab 92 %, 2 ab 81 %, 3 ab 67 %, 4 ab 50 %, 5 ab 30 %, mit + und −',
  ihk: '1 ab 92 %, 2 ab 81 %, 3 ab 67 %, 4 ab 50 %, 5 ab 30 %, ganze Noten',
  oberstufe: '15 Punkte ab 95 %, 11 ab 75 %, 5 ab 45 %, 1 ab 20 %',
};

/** A preset id as given, or the default for anything else (e.g. a value stored before presets existed). */
export function gradingScaleIdOf(id: unknown): GradingScaleId {
  return gradingScaleIds.includes(id as GradingScaleId) ? (id as GradingScaleId) : defaultGradingScaleId;
}

export function gradingScaleById(id: unknown): GradingScale {
  return gradingScales[gradingScaleIdOf(id)];
}

/** Percentage of points (0..100, clamped) to the row of the scale that it earns. */
export function gradeFromPercent(
  percent: number,
  scale: GradingScale = defaultGradingScale,
): { grade: string; value: number } {
  const p = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  // A little tolerance so that 94.999999 from floating-point sums, or 28 of 30 points against a limit of
  // 93.3333 % read from a key, does not lose a grade step.
  const row = scale.rows.find((r) => p >= r.minPercent - 1e-6) ?? scale.rows[scale.rows.length - 1]!;
  return { grade: row.grade, value: row.value };
}

/** Points to grade; null when there is no maximum to compare against. */
export function gradeFromPoints(
  achieved: number,
  max: number,
  scale: GradingScale = defaultGradingScale,
): { grade: string; value: number; percent: number } | null {
  if (!(max > 0) || !Number.isFinite(achieved)) return null;
  const percent = (achieved / max) * 100;
  return { ...gradeFromPercent(percent, scale), percent };
}

/**
 * spec 001 §9: a grade as written ("2-", "1+", "3") or as a number ("2,3", "2.3") to its numeric value
 * (1+ = 0.7 ... 6 = 6, plus and minus 0.3); Oberstufe Notenpunkte ("11 Punkte", "11 Punkte (2)", "11 NP")
 * to the value of their grade (11 -> 2). Returns null for anything that is not a grade.
 */
export function parseGrade(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return input >= 0.7 && input <= 6 ? input : null;
  const s = input.trim().replace(',', '.');
  const points = /^(\d{1,2})\s*(?:Punkte?|NP)(?:\s*\(\s*[1-6]\s*[+-]?\s*\))?$/i.exec(s);
  if (points) {
    const n = Number(points[1]);
    return n <= 15 ? parseGrade(notenpunkteGrade(n)) : null;
  }
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
/**
 * A single grade's value as a teacher writes it, parseGrade's inverse for written grades: 0.7 → "1+",
 * 2.3 → "2-", 3 → "3". A value that is no written grade (an average, 2.5) stays a number with a decimal comma.
 */
export function writtenGrade(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const base = Math.round(rounded);
  const offset = Math.round((rounded - base) * 10);
  if (base < 1 || base > 6 || ![-3, 0, 3].includes(offset) || (base === 6 && offset === 3)) {
    return rounded.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  }
  return `${base}${offset === -3 ? '+' : offset === 3 ? '-' : ''}`;
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

type LearningProfileGradeClass = 'excellent' | 'good' | 'average' | 'poor' | 'fail';

/** spec 001 §9 (learning profile): <=1.3 excellent, <=2.3 good, <=3.3 average, <=4.3 poor, else fail. */
export function learningProfileGradeClass(value: number): LearningProfileGradeClass {
  if (value <= 1.3) return 'excellent';
  if (value <= 2.3) return 'good';
  if (value <= 3.3) return 'average';
  if (value <= 4.3) return 'poor';
  return 'fail';
}
