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
 * for. The same holds where it read a mistake there only by comparing words (`read_by_words`, ADR 0039):
 * swapped terms, another fact, an aspect partly named (a negation it read stays a mistake). If every one of
 * them were meant right and the grade would then be more than one step better, the grade is not proposed:
 * the returned message names the answers to read and both grades. Nothing here is fitted: "more than one
 * step" is the tolerance of a teacher's own second look.
 *
 * Deductions the teacher's points overrode, or that she dismissed, no longer count, so her review settles
 * it; an empty answer is a skipped task (or a misplaced one, which the alignment flag holds back).
 *
 * The same the other way (ADR 0036): points that checks of criteria only proposed (`proposed_points`: the
 * parts of an argument, the language of a text) may not be the teacher's; if the grade without all of them
 * would be more than one step worse, no grade is proposed either. Her points for such a unit settle it.
 */
const nameOf = (task: Task, subtask: Task['subtasks'][number]) =>
  task.subtasks.length > 1 ? `${shortTitle(task.title)} ${subtask.subtask_label})` : shortTitle(task.title);

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
        .filter((error) => error.words_not_found || error.read_by_words)
        .reduce((sum, error) => sum + error.point_deduction, 0);
      if (taken > 0) doubtful.push({ name: nameOf(task, subtask), taken });
    }
  const taken = round2(doubtful.reduce((sum, unit) => sum + unit.taken, 0));
  const now = gradeFromPoints(achieved, total, scale);
  if (!now) return null;
  const ifMeant = gradeFromPoints(Math.min(total, achieved + taken), total, scale);
  if (ifMeant && Math.round(now.value) - Math.round(ifMeant.value) >= 2)
    return msg.pointsUncertain(
      doubtful.map((unit) => unit.name),
      taken,
      now.grade,
      ifMeant.grade,
    );
  // the other way (ADR 0036): points the criteria checks only proposed, which the teacher may not give
  const proposed = tasks.flatMap((task) =>
    task.subtasks
      .filter((subtask) => (subtask.proposed_points ?? 0) > 0 && subtask.answer_text?.trim())
      .map((subtask) => ({ name: nameOf(task, subtask), given: subtask.proposed_points! })),
  );
  const given = round2(proposed.reduce((sum, unit) => sum + unit.given, 0));
  const without = gradeFromPoints(Math.max(0, achieved - given), total, scale);
  if (!without || Math.round(without.value) - Math.round(now.value) < 2) return null;
  return msg.pointsProposed(
    proposed.map((unit) => unit.name),
    given,
    now.grade,
    without.grade,
  );
}
