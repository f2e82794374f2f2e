import { segment } from '../segment/segment';
import { isSubtotalLine, isTotalLine } from '../text/point-marks';

/**
 * A key's right-hand column of points, in whatever notation the teacher writes it: a number set off at a
 * line's end by a gap, with or without a sign before it ("Σ = 4", "→ 6 BWE", "— 2 pts", "je 1 P. = 3 P.",
 * "4 × 0,5 P. = 2 P.") and with or without a unit after it (any short word: "P.", "BE", "BWE", "VP", "pts").
 * Teachers read such a column by position, not by its notation, so this reading does too: each number is
 * written as "(n P)" where it stands, and a number that closes a task's heading (the heading wrapped onto a
 * second line, or the task's solution lines with a closing "Σ = 4" under them) goes onto the heading's line,
 * as the task's total.
 *
 * This is one candidate reading of a key, not the reading: keyForReading keeps it only where the key's
 * parts so read add up to the key's own total and the plain reading's do not (grading-scale-key.ts).
 */
export function withRightColumnAsMarks(keyText: string): string {
  const lines = keyText.split('\n');
  const seg = segment(keyText);
  const lineAt = (offset: number) => keyText.slice(0, offset).split('\n').length - 1;
  const taskLines = new Set(seg.tasks.map((t) => lineAt(t.start)));
  const labelLines = new Set([
    ...taskLines,
    ...seg.tasks.flatMap((t) => t.subtasks.map((s) => lineAt(s.start))),
  ]);
  // the key's own total is its last total line; a "Σ = 4" set off above it sums up one task
  const keyTotal = lines.findLastIndex(isTotalLine);
  const out = [...lines];
  let blockStart = 0;
  lines.forEach((line, i) => {
    if (labelLines.has(i)) blockStart = i;
    const blockSum = i !== keyTotal && /^\s{3,}Σ/.test(line);
    if (!blockSum && (isTotalLine(line) || isSubtotalLine(line) || line.includes('|'))) {
      blockStart = i + 1;
      return;
    }
    const column = columnMark(line);
    if (!column) return;
    const mark = `(${column.value} P)`;
    if (taskLines.has(blockStart) && blockStart < i) {
      out[blockStart] = `${out[blockStart]!.trimEnd()} ${mark}`;
      out[i] = column.before.trimEnd();
    } else out[i] = column.before.trim() === '' ? mark : `${column.before.trimEnd()} ${mark}`;
    blockStart = i + 1;
  });
  return out.join('\n');
}

const num = String.raw`(?:\d+(?:[.,]\d+)?|½)`;
/** what may stand before the number in the column: a sum sign, an arrow, a dash, "je 1 P. =", "4 × 0,5 P. =" */
const sign = String.raw`(?:max(?:imal)?\.?\s*|[Σ=→–—−:-]\s*|je\s+${num}\s*\p{L}{0,6}\.?\s*=\s*|\d+\s*[×x·]\s*${num}\s*\p{L}{0,6}\.?\s*=\s*)`;
const columnEntry = new RegExp(String.raw`^${sign}*[(\[]?\s*(${num})\s*(\p{L}{1,6}\.?)?\s*[)\]]?$`, 'u');

/**
 * The column's entry at the line's end, set off by three spaces or a tab (two where a unit follows the
 * number: "… Abbildern  2 P."), and the line before it; null where the line's end is no such entry.
 */
function columnMark(line: string): { before: string; value: string } | null {
  // the entry after the line's last gap: no two spaces inside it
  const m = /^(.*\S)?([ \t]{2,}|\t)(\S(?:(?![ ]{2}|\t).)*?)\s*$/u.exec(line);
  if (!m) return null;
  const entry = columnEntry.exec(m[3]!);
  if (!entry) return null;
  const before = m[1] ?? '';
  const wide = m[2]!.length >= 3 || m[2]!.includes('\t') || before === '';
  if (!wide && entry[2] === undefined) return null;
  return { before, value: entry[1] === '½' ? '0,5' : entry[1]! };
}
