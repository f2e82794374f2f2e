import {
  alignmentFlag,
  analysisMessages,
  pointsUncertainFlag,
  type AnalysisResult,
  type AnswerPlacement,
  type ReviewChange,
} from '@korrigo/domain';
import { finalise } from '@korrigo/grading';
import { AppError } from '../../platform/errors';

const round2 = (value: number) => Math.round(value * 100) / 100;

const invalid = () => new AppError('validation', analysisMessages.invalidChange);

/** One applied change and what the change log keeps of it: what it replaced, and the points it moved. */
type Applied = {
  result: AnalysisResult;
  before: unknown;
  points?: { before: number | null; after: number | null };
};

/**
 * Applies one teacher change to a result and returns the new result with what the change replaced, for the
 * change log. The result given is not modified. Totals, grade, status and the texts that follow from the
 * points are not touched here: `reviewResult` runs `finalise` once all changes are applied.
 *
 * - `set_points` sets a subtask's points, or those of a task without subtasks (no `subtaskIndex`); with
 *   `maxPoints` also the maximum, only where the result has none (graded without a key). The deductions in
 *   the unit are marked `overridden`: her points settle it, and no printed deduction may contradict them.
 * - `add_error` with a deduction lowers the subtask's points by it (not below 0); `dismiss_error` of an
 *   error with a deduction gives the points back (not above the maximum). Open points stay open.
 * - `set_feedback` marks the text as the teacher's (`teacher_texts`), so finalise keeps it as written.
 * - `confirm_alignment` ends the alignment flag: the teacher has checked where the answers were placed, so
 *   finalise proposes the grade again.
 */
export function applyReviewChange(current: AnalysisResult, change: ReviewChange): Applied {
  const result = structuredClone(current);
  const subtaskAt = (taskIndex: number | undefined, subtaskIndex: number | undefined) => {
    const subtask = result.tasks[taskIndex ?? -1]?.subtasks[subtaskIndex ?? -1];
    if (!subtask) throw invalid();
    return subtask;
  };
  const teacherWrote = (key: string) => {
    result.teacher_texts = [...new Set([...(result.teacher_texts ?? []), key])];
  };

  switch (change.type) {
    // graded again by the engine: `placeAnswer`
    case 'place_answer':
      throw new AppError('validation', analysisMessages.placementAlone);
    case 'set_points': {
      const task = result.tasks[change.taskIndex];
      if (!task) throw invalid();
      // a task with subtasks is scored in them; one without is scored itself
      const unit =
        change.subtaskIndex === undefined
          ? task.subtasks.length === 0
            ? task
            : undefined
          : task.subtasks[change.subtaskIndex];
      if (!unit) throw invalid();
      // a maximum comes with the points only where the result has none (graded without a key)
      if (change.maxPoints !== undefined) {
        if (unit.max_points !== null) throw invalid();
        unit.max_points = round2(change.maxPoints);
      }
      const max = unit.max_points;
      if (max !== null && change.points > max) {
        throw new AppError('validation', analysisMessages.pointsOutOfRange(max));
      }
      const before = unit.achieved_points;
      unit.achieved_points = round2(change.points);
      // her points are the unit's one truth: the engine's deductions in it no longer count (issue 33 §3),
      // nor what its checks only proposed (ADR 0036)
      if ('proposed_points' in unit) delete unit.proposed_points;
      if ('errors' in unit) {
        unit.errors = unit.errors.map((error) =>
          error.point_deduction > 0 ? { ...error, overridden: true } : error,
        );
      }
      return { result, before };
    }
    case 'set_feedback': {
      if (change.target === 'overall') {
        const before = result.overall_feedback;
        result.overall_feedback = change.text;
        teacherWrote('overall');
        return { result, before };
      }
      if (change.target === 'task') {
        const task = result.tasks[change.taskIndex ?? -1];
        if (!task) throw invalid();
        const before = task.overall_feedback;
        task.overall_feedback = change.text;
        teacherWrote(`task:${change.taskIndex}`);
        return { result, before };
      }
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      const before = subtask.feedback;
      subtask.feedback = change.text;
      teacherWrote(`subtask:${change.taskIndex}:${change.subtaskIndex}`);
      return { result, before };
    }
    case 'add_error': {
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      // a deduction never takes more than the unit is worth (a 'Abzug 9' on 3 points would be printed as is)
      if (subtask.max_points !== null && change.error.point_deduction > subtask.max_points) {
        const message = analysisMessages.deductionTooLarge(subtask.max_points);
        throw new AppError('validation', message, { fields: { point_deduction: message } });
      }
      subtask.errors.push(change.error);
      const was = subtask.achieved_points;
      if (change.error.point_deduction > 0 && was !== null) {
        subtask.achieved_points = round2(Math.max(0, was - change.error.point_deduction));
        return { result, before: null, points: { before: was, after: subtask.achieved_points } };
      }
      return { result, before: null };
    }
    case 'confirm_alignment': {
      // the flag's message is what the change replaced; none when there was nothing to confirm
      const flag = result.review_flags.find((f) => f.code === alignmentFlag);
      result.review_flags = result.review_flags.filter((f) => f.code !== alignmentFlag);
      return { result, before: flag?.message ?? null };
    }
    case 'dismiss_error': {
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      const [removed] = subtask.errors.splice(change.errorIndex, 1);
      if (!removed) throw invalid();
      const was = subtask.achieved_points;
      // an overridden deduction took nothing that her points did not already settle
      if (removed.point_deduction > 0 && !removed.overridden && was !== null) {
        const back = round2(was + removed.point_deduction);
        subtask.achieved_points = subtask.max_points === null ? back : Math.min(subtask.max_points, back);
        return { result, before: removed, points: { before: was, after: subtask.achieved_points } };
      }
      return { result, before: removed };
    }
  }
}

/**
 * The teacher's changes applied in order, then the result finalised against the one before them: totals,
 * grade, status, flags and every text that told the old points are written anew. Answers the change log's
 * entries (each change with what it replaced).
 */
export function reviewResult(
  current: AnalysisResult,
  changes: ReviewChange[],
): { result: AnalysisResult; log: Record<string, unknown>[] } {
  let result = current;
  const log: Record<string, unknown>[] = [];
  for (const change of changes) {
    const applied = applyReviewChange(result, change);
    result = applied.result;
    log.push({ ...change, before: applied.before, ...(applied.points ? { points: applied.points } : {}) });
  }
  return { result: finalise(result, { before: current }), log };
}

/** The result's unit (the engine's count of subtasks through all tasks) of a task's subtask; null if none. */
function unitIndexOf(result: AnalysisResult, taskIndex: number, subtaskIndex: number): number | null {
  if (!result.tasks[taskIndex]?.subtasks[subtaskIndex]) return null;
  return result.tasks.slice(0, taskIndex).reduce((sum, task) => sum + task.subtasks.length, 0) + subtaskIndex;
}

/**
 * The teacher places a subtask's answer on lines of the pupil's text (issue 32 §2). The builtin engine grades
 * the paper again with all her placements (`regrade`); the tasks whose read answers changed take the new
 * grading, every other task keeps her changes. The alignment flag follows the engine's new reading, but
 * never comes back once she confirmed the placement. Then finalise, as after any change.
 */
export async function placeAnswer(
  current: AnalysisResult,
  change: Extract<ReviewChange, { type: 'place_answer' }>,
  regrade: (placements: AnswerPlacement[]) => Promise<AnalysisResult>,
): Promise<{ result: AnalysisResult; log: Record<string, unknown>[] }> {
  if (current.engine !== 'builtin') {
    throw new AppError('conflict', analysisMessages.placementBuiltinOnly, { status: 409 });
  }
  const unit = unitIndexOf(current, change.taskIndex, change.subtaskIndex);
  if (unit === null) throw invalid();
  const placements = [
    ...(current.placements ?? []).filter((placement) => placement.unit !== unit),
    { unit, lines: change.lines },
  ];
  const fresh = await regrade(placements);
  const sameShape =
    fresh.tasks.length === current.tasks.length &&
    fresh.tasks.every((task, ti) => task.subtasks.length === current.tasks[ti]!.subtasks.length);
  if (!sameShape) throw invalid();

  const result = structuredClone(current);
  const affected = fresh.tasks.flatMap((task, ti) =>
    ti === change.taskIndex ||
    task.subtasks.some((subtask, si) => subtask.answer_text !== current.tasks[ti]!.subtasks[si]!.answer_text)
      ? [ti]
      : [],
  );
  for (const ti of affected) result.tasks[ti] = structuredClone(fresh.tasks[ti]!);
  result.placements = placements;
  // the criteria speak of the whole reading (how many tasks answered, where): the new reading's are true
  result.evaluation_criteria = structuredClone(fresh.evaluation_criteria);
  const wasFlagged = current.review_flags.some((flag) => flag.code === alignmentFlag);
  // whether the points found can carry a grade is a question of the new reading too (ADR 0035)
  const readAgain = (code: string) => code === alignmentFlag || code === pointsUncertainFlag;
  result.review_flags = [
    ...current.review_flags.filter((flag) => !readAgain(flag.code)),
    ...(wasFlagged ? fresh.review_flags.filter((flag) => flag.code === alignmentFlag) : []),
    ...fresh.review_flags.filter((flag) => flag.code === pointsUncertainFlag),
  ];
  // the engine wrote the graded-again tasks' texts: what she wrote there was about the old reading
  const ownTexts = (result.teacher_texts ?? []).filter(
    (key) => !affected.some((ti) => key === `task:${ti}` || key.startsWith(`subtask:${ti}:`)),
  );
  if (result.teacher_texts) result.teacher_texts = ownTexts;

  const final = finalise(result, { before: current });
  // finalise rewrites the texts of every subtask that differs from before; for the graded-again ones the
  // engine's texts are the right ones (they speak of the answer now read)
  for (const ti of affected) {
    final.tasks[ti]!.subtasks.forEach((subtask, si) => {
      subtask.feedback = fresh.tasks[ti]!.subtasks[si]!.feedback;
      subtask.improvement_suggestion = fresh.tasks[ti]!.subtasks[si]!.improvement_suggestion;
    });
  }
  const before = current.tasks[change.taskIndex]!.subtasks[change.subtaskIndex]!.answer_text ?? null;
  return {
    result: final,
    log: [{ ...change, before, tasks: affected.map((ti) => ti + 1) }],
  };
}

/**
 * The result as the teacher confirms it: her confirmation answers every review flag („Bitte prüfen“), so they
 * end with it (issue 33 §3) and are printed on no confirmed or returned result; the engine's suggestion
 * keeps them. Totals, grade and status follow through finalise, as after any change.
 */
export function confirmedResult(result: AnalysisResult): AnalysisResult {
  return finalise({ ...result, review_flags: [] });
}
