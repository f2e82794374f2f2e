import {
  defaultGradingScale,
  gradingScaleById,
  gradingScales,
  gradingScaleSchema,
  keyGradingScaleId,
  keyGradingScaleName,
  notenpunkteLabel,
  parseGrade,
  type GradingScale,
  type GradingScaleId,
  type GradingScaleRow,
} from '@korrigo/domain';
import type { AnswerKey } from '../types';
import { keyReadingTotal, statedKeyTotal } from './answer-key';
import { parseExpectedAnswer } from './expected-answer';
import { keyTableAsLines, perTaskPointsAsMarks } from './key-table';
import { withRightColumnAsMarks } from './points-column';
import {
  findPointMarks,
  parsePointNumber,
  withBareMarksConfirmed,
  withHalfPointsWritten,
  withOwnUnitAsPoints,
} from '../text/point-marks';

/**
 * A Notenschlüssel written in the Erwartungshorizont (issue 13 point 8), in the forms teachers write:
 *
 *   Notenschlüssel: 1: 46–50 P, 2: 38–45 P, 3: 31–37 P, 4: 23–30 P, 5: 12–22 P, 6: 0–11 P
 *   Note 1 | ab 92 %            (a table, with or without a header row "Note | Prozent")
 *   sehr gut (1): 28–30 Punkte
 *   1 = 100–92 %
 *   92–100 % = Note 1
 *
 * A row is a grade (1 to 6, with + or −, or its word "sehr gut" ... "ungenügend") and a range ("46–50 P",
 * "100–92 %", "ab 92 %", "unter 30 %", "0 bis 11 Punkte"); its lower end is the row's threshold. Rows are
 * read after a heading line (Notenschlüssel, Bewertungsschlüssel, Notengrenzen, Notenskala, Notentabelle)
 * or, without one, as a run of at least three rows that each name a grade unmistakably ("Note 1",
 * "sehr gut", "1 = 100–92 %"): a plain "1) 5 P" is a task, not a grade row.
 */

const gradeWords: Record<string, string> = {
  'sehr gut': '1',
  gut: '2',
  befriedigend: '3',
  ausreichend: '4',
  mangelhaft: '5',
  ungenügend: '6',
};
const word = String.raw`(sehr\s+gut|gut|befriedigend|ausreichend|mangelhaft|ungenügend)`;

/**
 * The heading of a Notenschlüssel, at the start of a line or after other text on it ("Gesamt 12 VP.
 * Notenschlüssel: ..."); the general words (Bewertung, Noten) only with a colon.
 */
const headingPattern =
  /(?:^|(?<=[\s.;]))(?:#+\s*|\*\*)?(?:(?:Notenschlüssel|Bewertungsschlüssel|Notengrenzen|Notenskala|Notentabelle|Notenverteilung|Punkteschlüssel)\b[^:\n]{0,40}:?|(?:Bewertung|Bewertungsmaßstab|Benotung|Notengebung|Noten)\s*(?:\([^)\n]{0,30}\))?\s*:)\s*(?:\*\*)?/i;

const num = String.raw`(\d{1,3}(?:[.,]\d+)?)`;
const unit = String.raw`(%|Prozent|P\.?|Pkt\.?|Punkte?|BE|VP)`;
const grade = String.raw`(?:Note\s*)?(?:([1-6])([+-])?(?!\d)|${word})`;
const range = String.raw`(?:(ab|≥|>=|mind\.|mindestens|über|von|unter|weniger\s+als|<)\s*)?${num}\s*${unit}?(?:\s*(?:[-–—]|bis(?:\s+unter)?)\s*${num}\s*${unit}?)?`;
const separator = String.raw`(?:\s*[:=|→]\s*|\s*[-–—]\s+|\s+)+`;
const wordThenNumber = new RegExp(String.raw`${word}\s*\(\s*([1-6][+-]?)\s*\)`, 'i');
const numberThenWord = new RegExp(
  String.raw`^((?:Note\s*)?[1-6][+-]?)\s*(?:\(\s*${word}\s*\)|[|:=,]\s*${word}(?=\s*[|:=,]))`,
  'i',
);
/** grade first ("1: 46–50 P") or range first ("92–100 % = Note 1") */
const gradeFirst = new RegExp(String.raw`^${grade}${separator}${range}$`, 'i');
const rangeFirst = new RegExp(String.raw`^${range}${separator}${grade}$`, 'i');

type Unit = 'percent' | 'points' | null;
type RawRow = { grade: string; min: number; max: number | null; unit: Unit; strong: boolean };

function unitOf(s: string | undefined): Unit {
  if (!s) return null;
  return /^(%|Prozent)$/i.test(s) ? 'percent' : 'points';
}

/** One row: "1: 46–50 P", "Note 2 | ab 81 %", "befriedigend (3): 20–23 Punkte"; null when it is not one. */
function readRow(item: string): RawRow | null {
  const named = new RegExp(word, 'i').test(item);
  let text = item
    .replace(/[*_`]/g, '')
    .replace(/−/g, '-')
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .trim();
  if (text.length === 0 || text.length > 80) return null;
  // "sehr gut (1)", "1 (sehr gut)", "1 | sehr gut | 46–50": the number is the grade, the word its name
  text = text.replace(wordThenNumber, '$2').replace(numberThenWord, '$1');
  // "6: darunter", "sonst 6": the rest down to 0
  text = text
    .replace(/\b(?:darunter|sonst|Rest)\b/gi, '0')
    .replace(/\s+/g, ' ')
    .trim();
  const first = gradeFirst.exec(text);
  const m = first ?? rangeFirst.exec(text);
  if (!m) return null;
  // capture groups: grade (digit, sign, word) and range (prefix, a, unit a, b, unit b), in line order
  const [g1, g2, g3, r1, r2, r3, r4, r5] = first ? m.slice(1, 9) : [...m.slice(6, 9), ...m.slice(1, 6)];
  const gradeLabel = g1 ? `${g1}${g2 ?? ''}` : gradeWords[g3!.toLowerCase().replace(/\s+/, ' ')];
  if (!gradeLabel || parseGrade(gradeLabel) === null) return null;
  const a = parsePointNumber(r2!);
  const b = r4 === undefined ? null : parsePointNumber(r4);
  const below = r1 !== undefined && /unter|weniger|</i.test(r1);
  const rangeUnit = unitOf(r5 ?? r3);
  const row = {
    grade: gradeLabel,
    min: below ? 0 : b === null ? a : Math.min(a, b),
    max: b === null ? (below ? a : null) : Math.max(a, b),
    unit: rangeUnit,
  };
  // a bare "1: 5" is a row only under a heading; alone, a row must name a grade unmistakably
  const strong = /\bNote\b/i.test(item) || named || (/[=|]/.test(item) && rangeUnit === 'percent');
  return { ...row, strong };
}

/** The items of a line: one row per line, or several separated by ";" or ", " on a heading line. */
function itemsOf(line: string): string[] {
  return line
    .split(/;|,\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The rows of a heading line's rest: a list separated by ";" or ", " (decimal commas have no space after
 * them), or by " | " ("10–9 P: 1 | 8 P: 2 | ..."), whichever reads more rows.
 */
function inlineRows(rest: string): RawRow[] {
  const read = (items: string[]) => items.map(readRow).filter((r): r is RawRow => r !== null);
  const byComma = read(itemsOf(rest));
  const byBar = read(rest.split(/\s\|\s|;/).map((s) => s.trim()));
  return byBar.length > byComma.length ? byBar : byComma;
}

/** a table's rule line ("|---|---|") */
const tableRule = /^\s*\|?\s*(?::?-{2,}:?\s*\|?\s*)+$/;
/** a table's header row naming the grade column: "Note | Punkte", "| Punkte | Note |" */
const tableHeader = /^\s*\|?\s*(?:Noten?|Punkte|Punktzahl|Prozent|Bereich)\s*\|[^\n]*$/i;

/** the rows, and where they stand: from `firstColumn` of `firstLine` (a heading after other text) on */
type Block = { rows: RawRow[]; firstLine: number; firstColumn: number; lastLine: number };

/** the cells of a table line: split at tabs, bars or runs of two spaces */
const cellsOf = (line: string) =>
  line
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .split(/\t+|\s*\|\s*|\s{2,}/)
    .map((cell) => cell.trim())
    .filter(Boolean);

/**
 * A table laid on its side, as many class tests print it: one line of grades and one of ranges, each headed
 * by its name ("Note | 1 | 2 | … | 6" and "Punkte | 30–28 | 27–23 | … | 5–0"), in either order.
 */
function transposedBlock(lines: string[]): Block | null {
  for (let i = 0; i + 1 < lines.length; i++) {
    for (const [gradeLine, rangeLine] of [
      [i, i + 1],
      [i + 1, i],
    ] as const) {
      const grades = cellsOf(lines[gradeLine]!);
      const ranges = cellsOf(lines[rangeLine]!);
      if (!/^Noten?$/i.test(grades[0] ?? '')) continue;
      const unitWord = /^(Punkte|Punktzahl|Prozent|%|BE|VP|P\.?)$/i.exec(ranges[0] ?? '')?.[1];
      if (!unitWord || grades.length !== ranges.length || grades.length < 4) continue;
      const unit = /Prozent|%/i.test(unitWord) ? '%' : 'P';
      const rows = grades
        .slice(1)
        .map((g, k) =>
          readRow(`${g}: ${ranges[k + 1]!}${/[%P]|Punkt|BE|VP/.test(ranges[k + 1]!) ? '' : ` ${unit}`}`),
        );
      if (rows.some((row) => row === null)) continue;
      const first = Math.min(gradeLine, rangeLine);
      // a heading line right above belongs to the table
      const headed = first > 0 && headingPattern.test(lines[first - 1]!) ? first - 1 : first;
      return { rows: rows as RawRow[], firstLine: headed, firstColumn: 0, lastLine: first + 1 };
    }
  }
  return null;
}

/** the heading of an Oberstufe table: "Notenpunkte:", "Notenschlüssel (BE → Notenpunkte):" */
const notenpunkteHeading = /\bNotenpunkte\b[^:\n]{0,40}:/i;
/** one row of it: "15: 40–38", "14 = 22", "15 ab 95 %", "0 unter 20 %" */
const notenpunkteRow = new RegExp(
  String.raw`^(\d{1,2})\s*(?:NP\s*)?(?:[:=→]\s*)?(?:(ab|mind\.|unter|weniger\s+als)\s*)?${num}\s*${unit}?(?:\s*(?:[-–—]|bis)\s*${num}\s*${unit}?)?$`,
  'i',
);

/**
 * A table of Notenpunkte (15 to 0, the Oberstufe's), under its heading: "Notenpunkte: 15: 40–38 | 14: 37–36
 * | …" (points) or "15 ab 95 % · 14 ab 90 % · … · 0 unter 20 %" (percent), rows separated by "|", "·", ";"
 * or lines. Each row's grade is the points' ("11 Punkte (2)"), as the Oberstufe preset writes them.
 */
function notenpunkteBlock(lines: string[]): Block | null {
  for (let i = 0; i < lines.length; i++) {
    const heading = notenpunkteHeading.exec(lines[i]!);
    if (!heading) continue;
    const rows: RawRow[] = [];
    let last = i;
    const read = (text: string) => {
      const items = text
        .split(/\s*[|·;]\s*|,\s+/)
        .map((item) => item.trim())
        .filter(Boolean);
      const found = items.map((item) => notenpunkteRow.exec(item.replace(/−/g, '-')));
      if (found.some((m) => m === null || Number(m[1]) > 15)) return false;
      for (const m of found) {
        const [a, b] = [parsePointNumber(m![3]!), m![5] === undefined ? null : parsePointNumber(m![5])];
        const below = m![2] !== undefined && /unter|weniger/i.test(m![2]);
        rows.push({
          grade: notenpunkteLabel(Number(m![1])),
          min: below ? 0 : b === null ? a : Math.min(a, b),
          max: b === null ? (below ? a : null) : Math.max(a, b),
          unit: unitOf(m![6] ?? m![4]),
          strong: true,
        });
      }
      return found.length > 0;
    };
    read(lines[i]!.slice(heading.index + heading[0].length));
    for (let j = i + 1; j < lines.length && lines[j]!.trim() !== '' && read(lines[j]!); j++) last = j;
    const points = new Set(rows.map((r) => r.grade));
    if (rows.length >= 6 && points.size === rows.length)
      return { rows, firstLine: i, firstColumn: heading.index, lastLine: last };
  }
  return null;
}

function findBlock(lines: string[]): Block | null {
  const notenpunkte = notenpunkteBlock(lines);
  if (notenpunkte) return notenpunkte;
  const transposed = transposedBlock(lines);
  if (transposed) return transposed;
  // after a heading (or a table header with a grade column): the rest of its line and the following rows
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading =
      headingPattern.exec(line) ?? (tableHeader.test(line) && /Note/i.test(line) ? /^.*$/.exec(line) : null);
    if (!heading) continue;
    const rows = inlineRows(line.slice(heading.index + heading[0].length));
    let last = i;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j]!;
      if (next.trim() === '') {
        if (rows.length === 0) continue;
        break;
      }
      const lineRows = itemsOf(next)
        .map(readRow)
        .filter((r): r is RawRow => r !== null);
      if (lineRows.length === 0 && !tableRule.test(next) && !tableHeader.test(next)) break;
      rows.push(...lineRows);
      last = j;
    }
    if (rows.length >= 3) return { rows, firstLine: i, firstColumn: heading.index, lastLine: last };
  }
  // without a heading: a run of at least three unmistakable rows
  let runRows: RawRow[] = [];
  for (let i = 0; i <= lines.length; i++) {
    const row = i < lines.length ? readRow(lines[i]!) : null;
    if (row?.strong) {
      runRows.push(row);
      continue;
    }
    if (runRows.length >= 3) {
      return { rows: runRows, firstLine: i - runRows.length, firstColumn: 0, lastLine: i - 1 };
    }
    runRows = [];
  }
  return null;
}

function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * The Notenschlüssel of a key as a table in percent, or null when the key has none (or one that does not
 * hold together: grades must get worse as the thresholds fall). Points are converted by the table's own
 * top ("1: 46–50 P" means 50 points), else by `keyTotal`, the key's total points.
 */
export function parseGradingScaleFromKey(keyText: string, keyTotal?: number | null): GradingScale | null {
  const block = findBlock(splitLines(keyText));
  if (!block) return null;
  const units = new Set(block.rows.map((r) => r.unit).filter((u) => u !== null));
  if (units.size > 1) return null;
  const uppers = block.rows.map((r) => r.max ?? r.min);
  const percent =
    units.has('percent') ||
    (units.size === 0 && Math.max(...uppers) === 100 && block.rows.some((r) => r.max));
  const tableTop = block.rows.some((r) => r.max !== null) ? Math.max(...uppers) : null;
  const total = percent ? 100 : (tableTop ?? keyTotal ?? null);
  if (total === null || !(total > 0)) return null;
  const rows: GradingScaleRow[] = block.rows
    .map((r) => ({ minPercent: (r.min / total) * 100, grade: r.grade, value: parseGrade(r.grade)! }))
    .sort((a, b) => b.minPercent - a.minPercent);
  const worst = rows.at(-1)!;
  if (worst.minPercent > 0) {
    if (worst.value === 6) worst.minPercent = 0;
    else rows.push({ minPercent: 0, grade: '6', value: 6 });
  }
  const scale = gradingScaleSchema.safeParse({ id: keyGradingScaleId, name: keyGradingScaleName, rows });
  return scale.success ? scale.data : null;
}

/**
 * The key without its Notenschlüssel lines (blanked, so line numbers stay), so that they are neither tasks
 * nor expected content.
 */
export function withoutGradingScale(keyText: string): string {
  const lines = splitLines(keyText);
  const block = findBlock(lines);
  if (!block) return keyText;
  return lines
    .map((line, i) => {
      if (i === block.firstLine) return line.slice(0, block.firstColumn).trimEnd();
      return i > block.firstLine && i <= block.lastLine ? '' : line;
    })
    .join('\n');
}

/**
 * The key as the engine reads its tasks and points, for both providers: without its Notenschlüssel, a table
 * of tasks and points as lines and "Je Aufgabe 2 Punkte" as each task's mark (key-table.ts), with
 * bare-number marks that its own total confirms written as points (point-marks.ts), and its right-hand
 * column of points read by position where only that reading adds up to the key's total (points-column.ts).
 */
export function keyForReading(keyText: string): string {
  const known = readings.get(keyText);
  if (known !== undefined) return known;
  const reading = readKey(keyText);
  if (readings.size >= readingsKept) readings.delete(readings.keys().next().value!);
  readings.set(keyText, reading);
  return reading;
}

/**
 * The last keys read, by their text: a class set grades every paper against the same key, and reading it
 * (both readings, each parsed) costs tens of milliseconds a paper.
 */
const readings = new Map<string, string>();
const readingsKept = 16;

function readKey(keyText: string): string {
  const key = withOwnUnitAsPoints(withHalfPointsWritten(withoutGradingScale(keyText)));
  const plain = readingOf(key);
  // A key states its total; a reading whose parts add up to it is the teacher's. Where the plain reading's
  // parts do not (or only by sharing out what is left of the total), the key's right-hand column read by
  // position is tried, and kept where it adds up better: by itself, or where the plain reading does not
  // add up at all.
  const total = statedKeyTotal(plain);
  if (total === null) return plain;
  const column = readingOf(withRightColumnAsMarks(key));
  // a key without a column of points reads the same both ways
  if (column === plain) return plain;
  const plainRead = keyReadingTotal(plain);
  const columnRead = keyReadingTotal(column);
  const fit = (read: Reading | null) =>
    read === null || Math.abs(read.total - total) > 0.001 ? 0 : read.shared ? 1 : 2;
  const plainFit = fit(plainRead);
  const columnFit = fit(columnRead);
  // Both add up: the column reading is kept where it reads the same tasks worth the same and sees more of
  // the teacher's marks, i.e. the items' points under a task whose heading states its total
  // ("• steigt von 317 auf 414 ppm        3").
  if (plainFit === 2)
    return columnFit === 2 && finer(column, columnRead!, plain, plainRead!) ? column : plain;
  // both add up only with shares of the total: the one that shares out fewer parts reads more of the
  // teacher's own points
  const sharedParts = (read: Reading | null) => read?.units.filter((u) => u.pointsFromTotal).length ?? 0;
  if (plainFit === 1 && columnFit === 1)
    return sharedParts(columnRead) < sharedParts(plainRead) ? column : plain;
  return columnFit > plainFit ? column : plain;
}

type Reading = NonNullable<ReturnType<typeof keyReadingTotal>>;

function finer(reading: string, read: Reading, than: string, theirs: Reading): boolean {
  if (marksIn(reading) <= marksIn(than)) return false;
  const same =
    read.tasks.size === theirs.tasks.size &&
    [...read.tasks].every(([task, points]) => Math.abs(points - (theirs.tasks.get(task) ?? -1)) < 0.001);
  if (!same) return false;
  // and the items' marks it reads where the other reading did not add up to the points of their part
  const before = new Map(theirs.units.map((u) => [`${u.taskNumber}/${u.subtaskLabel}`, u.expected]));
  return read.units.every((unit) => {
    if (before.get(`${unit.taskNumber}/${unit.subtaskLabel}`) === unit.expected) return true;
    const expected = parseExpectedAnswer(unit.expected, unit.maxPoints ?? 0, unit.question);
    return (
      !expected.marked || unit.maxPoints === null || Math.abs(expected.totalPoints - unit.maxPoints) < 0.001
    );
  });
}

function marksIn(reading: string): number {
  return reading.split('\n').reduce((n, line) => n + findPointMarks(line).filter((m) => !m.weak).length, 0);
}

function readingOf(key: string): string {
  const lines = keyTableAsLines(key);
  const marked = perTaskPointsAsMarks(lines, (line) => findPointMarks(line).some((mark) => !mark.weak));
  return withBareMarksConfirmed(marked);
}

/**
 * Which Notenschlüssel grades this work, for both providers: a table written in the key wins, then the
 * analysis' choice, then the saved test's, then the default.
 */
export function chooseGradingScale(
  key: AnswerKey | undefined,
  chosen: GradingScaleId | undefined,
  keyTotal: number | null,
): GradingScale {
  if (key?.kind === 'text') {
    const fromKey = parseGradingScaleFromKey(key.text, keyTotal);
    if (fromKey) return fromKey;
  }
  if (chosen) return gradingScales[chosen];
  if (key?.kind === 'test') return gradingScaleById(key.test.gradingScale);
  return defaultGradingScale;
}
