import { analysisMessages, type AnalysisResult, type ReviewChange } from '@korrigo/domain';
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
 *   `maxPoints` also the maximum, only where the result has none (graded without a key).
 * - `add_error` with a deduction lowers the subtask's points by it (not below 0); `dismiss_error` of an
 *   error with a deduction gives the points back (not above the maximum). Open points stay open.
 * - `set_feedback` marks the text as the teacher's (`teacher_texts`), so finalise keeps it as written.
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
      subtask.errors.push(change.error);
      const was = subtask.achieved_points;
      if (change.error.point_deduction > 0 && was !== null) {
        subtask.achieved_points = round2(Math.max(0, was - change.error.point_deduction));
        return { result, before: null, points: { before: was, after: subtask.achieved_points } };
      }
      return { result, before: null };
    }
    case 'dismiss_error': {
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      const [removed] = subtask.errors.splice(change.errorIndex, 1);
      if (!removed) throw invalid();
      const was = subtask.achieved_points;
      if (removed.point_deduction > 0 && was !== null) {
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
