import { segment } from '../segment/segment';
import { findPointMarks, isSubtotalLine, isTotalLine, parsePointNumber } from '../text/point-marks';

/**
 * A key's right-hand column of points, in whatever notation the teacher writes it: a number set off at a
 * line's end by a gap, with or without a sign before it ("Σ = 4", "→ 6 BWE", "— 2 pts", "je 1 P. = 3 P.",
 * "4 × 0,5 P. = 2 P.") and with or without a unit after it (any short word: "P.", "BE", "BWE", "VP", "pts").
 * Teachers read such a column by position, not by its notation, so this reading does too: each number is
 * written as "(n P)" where it stands. A number that closes a task's heading (the heading wrapped onto a
 * second line) goes onto the heading's line, as the task's total; so does one alone on its line under the
 * task's solution ("Σ = 4"), unless the column's numbers above it in that task add up to it (then it only
 * sums them up). Only the tasks are read: not material before the first task, nor anything after the key's
 * total line.
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
  const edge = columnEdge(lines);
  const out = [...lines];
  let blockStart = 0;
  let task: { line: number; marked: boolean; column: number[] } | null = null;
  let inBlock: number[] = [];
  lines.forEach((line, i) => {
    if (keyTotal >= 0 && i >= keyTotal) return;
    if (taskLines.has(i)) task = { line: i, marked: false, column: [] };
    if (task === null) return;
    // a label or a bullet starts an item of its own
    if (labelLines.has(i) || bullet.test(line)) {
      blockStart = i;
      inBlock = [];
    }
    const blockSum = /^\s{3,}Σ/.test(line);
    if (!blockSum && (isTotalLine(line) || isSubtotalLine(line) || line.includes('|'))) {
      blockStart = i + 1;
      inBlock = [];
      return;
    }
    const column = columnMark(line) ?? alignedMark(line, edge);
    // the marks written inside the task's lines ("… [1]", "(2 P)") count with the column's
    const inline = findPointMarks(column ? column.before : line)
      .filter((m) => !m.weak && !m.each)
      .map((m) => m.value);
    if (i !== task.line) task.column.push(...inline);
    inBlock.push(...inline);
    if (!column) return;
    const value = parsePointNumber(column.value);
    // "… gebrochen (1 P.); … Stelle (1 P.).      2 P.": the entry sums up its item's own marks
    const itemSum = inBlock.reduce((sum, v) => sum + v, 0);
    if (column.before.trim() !== '' && inBlock.length > 0 && Math.abs(itemSum - value) < 1e-9) {
      out[i] = column.before.trimEnd();
      blockStart = i + 1;
      inBlock = [];
      return;
    }
    const mark = `(${column.value} P)`;
    const onHeading = (rest: string) => {
      out[task!.line] = `${out[task!.line]!.trimEnd()} ${mark}`;
      out[i] = rest;
      task!.marked = true;
    };
    if (column.before.trim() === '') {
      const above = task.column.reduce((sum, v) => sum + v, 0);
      if (task.column.length > 0 && Math.abs(above - value) < 1e-9) out[i] = '';
      // under a subtask's lines, the entry is that subtask's points
      else if (labelLines.has(blockStart) && !taskLines.has(blockStart)) out[i] = mark;
      else if (!task.marked && task.line !== i) onHeading('');
      else out[i] = mark;
    } else if (blockStart === task.line && task.line < i && !task.marked) onHeading(column.before.trimEnd());
    else {
      out[i] = `${column.before.trimEnd()} ${mark}`;
      if (i === task.line) task.marked = true;
      else task.column.push(value);
    }
    blockStart = i + 1;
    inBlock = [];
  });
  return out.join('\n');
}

/** a line that starts an item of a list: "• …", "– …", "+1 …" */
const bullet = /^\s*(?:[•·▪◦*–-]\s|\+\s?(?:\d|½))/u;

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

/**
 * Where the column's entries end: the line end most of them share (three at least), or null. A long line
 * may leave only one space before its entry ("… statt −18 °C 5"); standing where the column's entries
 * stand (give or take two characters, as a column typed with spaces wavers), it is one of them.
 */
function columnEdge(lines: string[]): number | null {
  const ends = new Map<number, number>();
  for (const line of lines) {
    if (columnMark(line) === null) continue;
    const end = line.trimEnd().length;
    ends.set(end, (ends.get(end) ?? 0) + 1);
  }
  const [edge, count] = [...ends].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return count >= 3 ? edge : null;
}

/** a small number after one space, ending about where the column's entries end */
function alignedMark(line: string, edge: number | null): { before: string; value: string } | null {
  if (edge === null || Math.abs(line.trimEnd().length - edge) > 2) return null;
  const m = /^(.*\S)[ \t]{1,2}(\d{1,2}(?:[.,]5)?)\s*$/.exec(line);
  return m ? { before: m[1]!, value: m[2]! } : null;
}
