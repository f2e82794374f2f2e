import {
  defaultGradingScale,
  gradeFromPoints,
  gradeHoldingFlags,
  pointsUncertainFlag,
  totalsOf,
  type AnalysisResult,
  type ReviewFlag,
} from '@korrigo/domain';
import {
  overallHead,
  reviewedImprovement,
  reviewedSubtaskFeedback,
  reviewedSummary,
  taskFeedback,
} from './compose/feedback';
import { addressReader } from './compose/audience';
import { round2 } from './compose/format';
import { unsureGrade } from './compose/grade-gate';
import { contentRubric, contentRubricName, withContentRubric } from './compose/rubrics';

/**
 * The one step that turns a result's points into everything that follows from them (issue 14 §3, ADR
 * 0010). Both providers end with it and the teacher's review runs it after every change, so a rule cannot
 * drift apart between them:
 *
 * - points rounded to two decimals and kept within 0..max; task sums, totals, partial state and grade by
 *   the Notenschlüssel (`totalsOf`);
 * - review flags about open points go once nothing is open; the status is `needs_review` while any flag
 *   remains or points are open; no grade while a flag of `gradeHoldingFlags` stands (answers that may be
 *   misplaced, points taken for words not found that could move the grade by more than a step, a key total
 *   its tasks disagree with); the points flag is weighed again after every change (ADR 0035);
 * - the texts written from points: each task's line, the head of the overall feedback, the content rubric
 *   (builtin engine); after a review (`before` given), the feedback, improvement and summary lines of each
 *   subtask whose points or errors the teacher changed, so no text still tells the engine's version. A
 *   model's prose (LLM) is kept until the review changes the points it speaks of: then its task line,
 *   overall feedback and content rubric are written the same way (its strengths and weaknesses stay).
 *   Texts the teacher wrote herself (`teacher_texts`) are kept as written.
 */
export function finalise(
  input: AnalysisResult,
  options: {
    /** the result before the teacher's changes: subtasks that differ from it are written anew */
    before?: AnalysisResult;
    /** the answer key's total when known for sure (a saved test): the total may not exceed it */
    keyTotal?: number | null;
  } = {},
): AnalysisResult {
  const { scored_points: _scored, open_points: _open, ...result } = structuredClone(input);
  const { before } = options;
  const teacherWrote = new Set(result.teacher_texts ?? []);
  const isBuiltin = result.engine === 'builtin';

  for (const task of result.tasks) {
    for (const unit of task.subtasks.length > 0 ? task.subtasks : [task]) {
      if (unit.max_points !== null) unit.max_points = round2(unit.max_points);
      if (unit.achieved_points !== null)
        unit.achieved_points = round2(
          Math.max(0, Math.min(unit.achieved_points, unit.max_points ?? Infinity)),
        );
    }
    for (const subtask of task.subtasks)
      for (const error of subtask.errors) error.point_deduction = round2(error.point_deduction);
  }

  const scale = result.grading_scale ?? defaultGradingScale;
  let partial: { scored: number; open: number } | null = null;
  if (result.tasks.length > 0) {
    const totals = totalsOf(result.tasks, scale);
    result.tasks = totals.tasks;
    result.achieved_points = totals.achieved;
    result.total_points = totals.total;
    partial = totals.partial;
  }
  const keyTotal = options.keyTotal ?? null;
  if (keyTotal !== null && result.total_points !== null && result.total_points !== keyTotal) {
    result.total_points = keyTotal;
    if (result.achieved_points !== null) result.achieved_points = Math.min(result.achieved_points, keyTotal);
  }
  // the teacher's points settle the answers the engine doubted (ADR 0035): the flag tells what is still in
  // doubt, and goes once that can no longer move the grade by more than a step
  if (isBuiltin && result.review_flags.some((flag) => flag.code === pointsUncertainFlag)) {
    const unsure = unsureGrade(result.tasks, result.achieved_points, result.total_points, scale);
    result.review_flags = result.review_flags.flatMap((flag) =>
      flag.code !== pointsUncertainFlag ? [flag] : unsure ? [{ ...flag, message: unsure }] : [],
    );
  }
  // a grade only when it is earned (issue 32 §7): not while some answers may stand under the wrong task,
  // while points taken for words not found could move it by more than a step (ADR 0035), or while the
  // key's stated total says its points may be misread
  const earned = !result.review_flags.some((flag) => gradeHoldingFlags.includes(flag.code));
  result.grade =
    earned && result.achieved_points !== null && result.total_points !== null
      ? (gradeFromPoints(result.achieved_points, result.total_points, scale)?.grade ?? null)
      : null;
  if (partial) {
    Object.assign(result, { scored_points: partial.scored, open_points: partial.open });
  }

  result.review_flags = flagsFor(result.review_flags, result.achieved_points !== null);
  result.status =
    result.review_flags.length > 0 || result.achieved_points === null ? 'needs_review' : 'suggested';

  // the subtasks and tasks the teacher changed: their engine texts told the points before the change
  const changed = (ti: number, si: number) => {
    const was = before?.tasks[ti]?.subtasks[si];
    const now = result.tasks[ti]!.subtasks[si]!;
    return (
      before !== undefined &&
      (!was ||
        was.achieved_points !== now.achieved_points ||
        JSON.stringify(was.errors) !== JSON.stringify(now.errors))
    );
  };
  let anyChanged = false;
  result.tasks.forEach((task, ti) => {
    const taskChanged =
      before !== undefined &&
      (before.tasks[ti]?.achieved_points !== task.achieved_points ||
        task.subtasks.some((_, si) => changed(ti, si)));
    anyChanged ||= taskChanged;
    task.subtasks.forEach((subtask, si) => {
      if (!changed(ti, si)) return;
      if (!teacherWrote.has(`subtask:${ti}:${si}`)) subtask.feedback = reviewedSubtaskFeedback(subtask);
      subtask.improvement_suggestion = reviewedImprovement(subtask);
      if (isBuiltin) Object.assign(result, reviewedSummary(result, task, subtask));
    });
    // a line of points is the builtin engine's whole task feedback; after a change it is every engine's
    const known = task.achieved_points !== null && task.max_points !== null;
    if (!teacherWrote.has(`task:${ti}`) && known && (isBuiltin || taskChanged))
      task.overall_feedback = taskFeedback(task, false);
  });

  if (isBuiltin) {
    result.evaluation_criteria = withContentRubric(
      result.evaluation_criteria.rubrics,
      result.achieved_points,
      result.total_points,
    );
  } else if (before && anyChanged) {
    // a model's content rubric told the old points too; its weight stays the model's
    const content = contentRubric(result.achieved_points, result.total_points);
    result.evaluation_criteria.rubrics = result.evaluation_criteria.rubrics.map((rubric) =>
      rubric.criterion_name === contentRubricName && content ? { ...content, weight: rubric.weight } : rubric,
    );
  }
  if (before && anyChanged && !teacherWrote.has('overall')) {
    // the builtin engine's overall feedback starts with what the points say; the checks' part stays
    const oldHead = overallHead(before);
    result.overall_feedback =
      isBuiltin && result.overall_feedback.startsWith(oldHead)
        ? overallHead(result) + result.overall_feedback.slice(oldHead.length)
        : overallHead(result);
  }
  // a pupil's own result keeps speaking to her after a change (ADR 0013)
  return addressReader(result, result.audience);
}

/** Flags that say points are open, for results where nothing is open any more. */
const openPointsFlags = new Set(['points_missing', 'content_open']);

function flagsFor(flags: ReviewFlag[], allScored: boolean): ReviewFlag[] {
  return allScored ? flags.filter((flag) => !openPointsFlags.has(flag.code)) : flags;
}
