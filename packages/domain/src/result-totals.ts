import type { AnalysisResult, Subtask, Task } from './analysis-result';
import { defaultGradingScale, gradeFromPoints, type GradingScale } from './grade-scale';

/**
 * How a result's totals and grade are computed from its subtasks up (issue 13 §3). `finalise` in
 * @korrigo/grading applies it to every result, the engines' and the teacher's review alike (ADR 0010).
 *
 * - A task with subtasks has the sum of its subtasks' points, or null while any of them has none.
 * - The result's achieved points are the sum of all subtasks' when every one is scored; otherwise they are
 *   null and `scored` / `open` say how much is scored and how much is open.
 * - The grade follows the Notenschlüssel and exists only when nothing is open.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

type Points = Pick<Subtask, 'achieved_points' | 'max_points'>;

export type Totals = {
  tasks: Task[];
  achieved: number | null;
  total: number | null;
  grade: string | null;
  /** only while some points are open and others scored: the points achieved so far, the maximum still open */
  partial: { scored: number; open: number } | null;
};

function sumOrNull(values: (number | null)[]): number | null {
  if (values.length === 0 || values.some((value) => value === null)) return null;
  return round2(values.reduce<number>((sum, value) => sum + (value ?? 0), 0));
}

export function totalsOf(tasksIn: Task[], scale: GradingScale = defaultGradingScale): Totals {
  const tasks = tasksIn.map((task) =>
    task.subtasks.length === 0
      ? task
      : {
          ...task,
          achieved_points: sumOrNull(task.subtasks.map((subtask) => subtask.achieved_points)),
          max_points: sumOrNull(task.subtasks.map((subtask) => subtask.max_points)),
        },
  );
  // the scored units: the subtasks, or the task itself where it has none
  const units = tasks.flatMap((task): Points[] => (task.subtasks.length > 0 ? task.subtasks : [task]));
  const total = sumOrNull(units.map((unit) => unit.max_points));
  const achieved = sumOrNull(units.map((unit) => unit.achieved_points));
  const grade = achieved !== null && total !== null ? gradeFromPoints(achieved, total, scale) : null;
  const scored = units.filter((unit) => unit.achieved_points !== null);
  const open = round2(
    units.reduce((sum, unit) => sum + (unit.achieved_points === null ? (unit.max_points ?? 0) : 0), 0),
  );
  return {
    tasks,
    achieved,
    total,
    grade: grade?.grade ?? null,
    partial:
      achieved === null && open > 0 && scored.length > 0
        ? { scored: round2(scored.reduce((sum, unit) => sum + unit.achieved_points!, 0)), open }
        : null,
  };
}

/**
 * How far the grading of a result got while some points are open (for the views): the points achieved in
 * the scored subtasks, their maximum and the maximum still open; null when nothing is open.
 */
export function partialPointsOf(
  result: Pick<AnalysisResult, 'achieved_points' | 'total_points' | 'scored_points' | 'open_points'>,
): { scored: number; scoredMax: number; open: number; total: number } | null {
  if (
    result.achieved_points !== null ||
    result.scored_points == null ||
    !result.open_points ||
    result.total_points === null
  )
    return null;
  return {
    scored: result.scored_points,
    scoredMax: round2(result.total_points - result.open_points),
    open: result.open_points,
    total: result.total_points,
  };
}
