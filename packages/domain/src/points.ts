/**
 * Points as teachers type them, read in one place for the result view, the history's edit and the test
 * creator: "1,5" and "1.5" are one and a half. Anything else is no number, so "1,5" never becomes 15 and
 * a typo is never silently taken for 0; out of range is said in German, with the range.
 */

/** one separator at most; digits before it (",5" is read as 0,5 too, as people write it) */
const pointsPattern = /^(\d*)(?:[.,](\d+))?$/;

/** The number in `text`, or null when it is not a plain decimal number (empty included). */
export function readPoints(text: string): number | null {
  const trimmed = text.trim();
  const match = pointsPattern.exec(trimmed);
  if (!trimmed || !match || (match[1] === '' && match[2] === undefined)) return null;
  return Number(`${match[1] || '0'}.${match[2] ?? '0'}`);
}

/** German form of a number of points: 1.5 → "1,5". */
export function formatPointsValue(value: number): string {
  return String(Math.round(value * 100) / 100).replace('.', ',');
}

export const pointsMessages = {
  range: (min: number, max: number) =>
    `Bitte eine Zahl zwischen ${formatPointsValue(min)} und ${formatPointsValue(max)} eingeben (z. B. 1,5).`,
  wholeRange: (min: number, max: number) => `Bitte eine ganze Zahl zwischen ${min} und ${max} eingeben.`,
} as const;

export type PointsBounds = {
  min?: number;
  max: number;
  /** whole points only (the test creator's questions, spec 001 §9) */
  whole?: boolean;
};

export type ParsedPoints = { ok: true; value: number } | { ok: false; message: string };

/** Reads typed points within the bounds; the message says what is allowed. */
export function parsePoints(text: string, { min = 0, max, whole = false }: PointsBounds): ParsedPoints {
  const value = readPoints(text);
  const valid = value !== null && value >= min && value <= max && (!whole || Number.isInteger(value));
  if (valid) return { ok: true, value };
  return { ok: false, message: whole ? pointsMessages.wholeRange(min, max) : pointsMessages.range(min, max) };
}
