import {
  builtinGradingMessages as msg,
  gradeFromPoints,
  standingErrors,
  type GradingScale,
  type Task,
} from '@korrigo/domain';
import { shortTitle } from './feedback';
import { round2 } from './format';

/**
 * Whether the grade rests on words not found (issue 32 §7, ADR 0035). Where the key's words for an aspect
 * are missing from an answer and the engine read no mistake there (`words_not_found`), it cannot tell a
 * paraphrase from a gap; teachers gave back about half of such points on tests the engine was not written
 * for. If every one of them were meant right and the grade would then be more than one step better, the
 * grade is not proposed: the returned message names the answers to read and both grades. Nothing here is
 * fitted: "more than one step" is the tolerance of a teacher's own second look.
 *
 * Deductions the teacher's points overrode, or that she dismissed, no longer count, so her review settles
 * it; an empty answer is a skipped task (or a misplaced one, which the alignment flag holds back).
 */
export function unsureGrade(
  tasks: Task[],
  achieved: number | null,
  total: number | null,
  scale: GradingScale,
): string | null {
  if (achieved === null || total === null) return null;
  const doubtful: { name: string; taken: number }[] = [];
  for (const task of tasks)
    for (const subtask of task.subtasks) {
      if (!subtask.answer_text?.trim()) continue;
      const taken = standingErrors(subtask.errors)
        .filter((error) => error.words_not_found)
        .reduce((sum, error) => sum + error.point_deduction, 0);
      const name =
        task.subtasks.length > 1
          ? `${shortTitle(task.title)} ${subtask.subtask_label})`
          : shortTitle(task.title);
      if (taken > 0) doubtful.push({ name, taken });
    }
  const taken = round2(doubtful.reduce((sum, unit) => sum + unit.taken, 0));
  const now = gradeFromPoints(achieved, total, scale);
  const ifMeant = gradeFromPoints(Math.min(total, achieved + taken), total, scale);
  if (!now || !ifMeant || Math.round(now.value) - Math.round(ifMeant.value) < 2) return null;
  return msg.pointsUncertain(
    doubtful.map((unit) => unit.name),
    taken,
    now.grade,
    ifMeant.grade,
  );
}
