import type { AnswerPlacement } from '@korrigo/domain';
import type { Alignment, GradingUnit } from './units';

/** Where lines `from`..`to` (1-based, inclusive) of the text start and end; null past its last line. */
export function lineSpan(text: string, from: number, to: number): { start: number; end: number } | null {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const first = Math.min(from, to);
  const last = Math.min(Math.max(from, to), starts.length);
  if (first > starts.length) return null;
  const end = last < starts.length ? starts[last]! - 1 : text.length;
  return { start: starts[first - 1]!, end };
}

/** The unit's answer with the characters of [start, end) of the text blanked, offsets kept. */
function without(unit: GradingUnit, span: { start: number; end: number }): string {
  const from = Math.max(0, span.start - unit.answerStart);
  const to = Math.min(unit.answer.length, span.end - unit.answerStart);
  if (from >= to) return unit.answer;
  return (
    unit.answer.slice(0, from) + unit.answer.slice(from, to).replace(/[^\n]/g, ' ') + unit.answer.slice(to)
  );
}

/**
 * The teacher's placements (issue 32 §2) over the engine's alignment: a placed unit's answer is exactly the
 * lines she chose (none for „keine Antwort“), and those lines are no other unit's answer any more; the task
 * of a placed unit is no longer unplaced. Later placements win where two overlap. Offsets stay those of the
 * text, so every check (calculations, spelling) still finds its unit.
 */
export function withPlacements(text: string, alignment: Alignment, placements: AnswerPlacement[]): Alignment {
  const units = alignment.units.map((unit) => ({ ...unit }));
  const placedTasks = new Set<string>();
  for (const placement of placements) {
    const unit = units[placement.unit];
    if (!unit) continue;
    const span = placement.lines ? lineSpan(text, placement.lines[0], placement.lines[1]) : null;
    if (span) for (const other of units) if (other !== unit) other.answer = without(other, span);
    unit.answer = span ? text.slice(span.start, span.end) : '';
    unit.answerStart = span ? span.start : 0;
    placedTasks.add(unit.taskNumber);
  }
  return {
    ...alignment,
    units,
    unplaced: alignment.unplaced.filter((task) => !placedTasks.has(task)),
    // once she has placed answers herself, the writing under labels the key lacks is hers to have placed
    foreign: placements.length > 0 ? [] : alignment.foreign,
  };
}
