import { analysisMessages, finaliseTotals, type AnalysisResult, type ReviewChange } from '@korrigo/domain';
import { AppError } from '../../platform/errors';

const round2 = (value: number) => Math.round(value * 100) / 100;

const invalid = () => new AppError('validation', analysisMessages.invalidChange);

/**
 * Applies one teacher change to a result and returns the new result with what the change replaced, for the
 * change log. The result given is not modified.
 */
export function applyReviewChange(
  current: AnalysisResult,
  change: ReviewChange,
): { result: AnalysisResult; before: unknown } {
  const result = structuredClone(current);
  const subtaskAt = (taskIndex: number | undefined, subtaskIndex: number | undefined) => {
    const subtask = result.tasks[taskIndex ?? -1]?.subtasks[subtaskIndex ?? -1];
    if (!subtask) throw invalid();
    return subtask;
  };

  switch (change.type) {
    case 'set_points': {
      // a task without subtasks is scored itself (issue 14 §10: open points per task and per subtask)
      const task = result.tasks[change.taskIndex];
      if (change.subtaskIndex === undefined && task && task.subtasks.length > 0) throw invalid();
      const scored =
        change.subtaskIndex === undefined ? task : subtaskAt(change.taskIndex, change.subtaskIndex);
      if (!scored) throw invalid();
      // a maximum comes with the points only where the result has none (graded without a key)
      if (change.maxPoints !== undefined) {
        if (scored.max_points !== null) throw invalid();
        scored.max_points = round2(change.maxPoints);
      }
      const max = scored.max_points;
      if (max !== null && change.points > max) {
        throw new AppError('validation', analysisMessages.pointsOutOfRange(max));
      }
      const before = scored.achieved_points;
      scored.achieved_points = round2(change.points);
      return { result: finaliseTotals(result), before };
    }
    case 'set_feedback': {
      if (change.target === 'overall') {
        const before = result.overall_feedback;
        result.overall_feedback = change.text;
        return { result, before };
      }
      if (change.target === 'task') {
        const task = result.tasks[change.taskIndex ?? -1];
        if (!task) throw invalid();
        const before = task.overall_feedback;
        task.overall_feedback = change.text;
        return { result, before };
      }
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      const before = subtask.feedback;
      subtask.feedback = change.text;
      return { result, before };
    }
    case 'add_error': {
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      subtask.errors.push(change.error);
      return { result, before: null };
    }
    case 'dismiss_error': {
      const subtask = subtaskAt(change.taskIndex, change.subtaskIndex);
      const [removed] = subtask.errors.splice(change.errorIndex, 1);
      if (!removed) throw invalid();
      return { result, before: removed };
    }
  }
}
