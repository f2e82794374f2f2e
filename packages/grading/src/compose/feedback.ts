import {
  builtinGradingMessages as msg,
  pointsClass,
  type AnalysisResult,
  type Subtask,
  type Task,
} from '@korrigo/domain';
import type { LanguageFinding } from '../language/check-language';
import { formatNumber, type checkCalculations } from '../maths/check-calculations';
import type { EquationCheck } from '../maths/check-equations';
import type { ReactionCheck } from '../chemistry/reaction-equations';
import { pointsOf, quote } from './format';
import type { UnitOutcome } from './units';

/**
 * The builtin engine's feedback writing: the task lines, the overall feedback, strengths, weaknesses and
 * recommendations. What depends on points only is written from the result (`taskFeedback`, `overallHead`,
 * `reviewedSubtask…`), so `finalise` can write it again after the teacher's review; what depends on the
 * checks' findings is written once, when the work is graded.
 *
 * Audience (one form per text): the task lines and the overall feedback are read by the teacher in the
 * result view and speak to her (Sie) where they address anyone; subtask feedback, improvement suggestions,
 * strengths, weaknesses and recommendations are feedback for the student (du).
 */

/**
 * A task's name in sentences: its label without the wording of the task ("Aufgabe 2" for "Aufgabe 2: Lena
 * zahlt … zurück?", "Aufgabe 1" for "Aufgabe 1 – Leber"); the whole title when it has no label.
 */
export function shortTitle(title: string): string {
  const label = /^((?:Aufgabe|Nr\.?|Frage|Teil|A)?\s*[A-Z]?\d+[a-z]?)(?:[.):]|\s[–—-]\s|\s+|$)/i.exec(
    title.trim(),
  );
  return label ? label[1]!.trim() : title.trim().replace(/[.?!:]+$/, '');
}

/** "Aufgabe 2 b)", or "Aufgabe 2" for a task without subtasks */
export function unitName(o: UnitOutcome): string {
  const task = shortTitle(o.unit.taskTitle);
  return o.unit.subtaskLabel !== o.unit.taskNumber ? `${task} ${o.unit.subtaskLabel})` : task;
}

export function taskFeedback(t: Task, mathsChecked: boolean): string {
  if (t.achieved_points === null || t.max_points === null) {
    const n = t.subtasks.reduce((s, x) => s + x.errors.length, 0);
    return n > 0
      ? msg.taskFindingsTeacherSetsPoints(n, mathsChecked)
      : mathsChecked
        ? msg.noFindingsTeacherSetsPoints
        : msg.noLanguageFindingsTeacherSetsPoints;
  }
  const cls = pointsClass(t.achieved_points, t.max_points);
  // "richtig" only for full points: "3,5 von 4 Punkten (richtig)" would contradict itself
  const label =
    t.achieved_points >= t.max_points
      ? msg.taskLabels.full
      : cls === 'correct'
        ? msg.taskLabels.nearlyFull
        : cls === 'partial'
          ? msg.taskLabels.partial
          : t.achieved_points > 0
            ? msg.taskLabels.mostlyWrong
            : msg.taskLabels.none;
  return `${pointsOf(t.achieved_points, t.max_points)} (${label}).`;
}

export function summarise(
  outcomes: UnitOutcome[],
  findings: LanguageFinding[],
  calc: ReturnType<typeof checkCalculations>,
  checkMaths: boolean,
  words: number,
) {
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const recommendations: string[] = [];
  const name = unitName;
  for (const o of outcomes) {
    if (o.achieved === null || o.max === null || o.max === 0) continue;
    const cls = pointsClass(o.achieved, o.max);
    const pts = pointsOf(o.achieved, o.max);
    if (cls === 'correct') {
      strengths.push(msg.summary.taskSolved(name(o), pts, o.named.slice(0, 4).map(quote)));
    } else {
      const what =
        o.missing.length > 0
          ? msg.summary.missing(o.missing.slice(0, 3).map(quote))
          : o.answered
            ? o.feedback.replace(/\.$/, '')
            : msg.summary.noAnswer;
      weaknesses.push(msg.summary.taskWeak(name(o), pts, what));
      if (o.missing.length > 0)
        recommendations.push(msg.summary.repeat(name(o), o.missing.slice(0, 3).map(quote)));
      else if (!o.answered) recommendations.push(msg.summary.answerTask(name(o)));
      else {
        const solution = o.errors.find((e) => e.category === 'content')?.suggestion;
        if (solution) recommendations.push(msg.summary.correct(name(o), solution));
      }
    }
  }
  const byRule = (rule: string) => findings.filter((f) => f.rule === rule);
  const spelling = findings.filter((f) => f.category === 'spelling');
  if (spelling.length > 0) {
    const examples = spelling
      .slice(0, 3)
      .map((f) => `${quote(f.quoted)} → ${quote(f.suggestion.split(',')[0]!.trim())}`);
    weaknesses.push(msg.summary.spellingWeak(spelling.length, examples));
    recommendations.push(msg.summary.spellingPractice(spelling.slice(0, 3).map((f) => quote(f.quoted))));
  } else if (words >= 30) {
    strengths.push(msg.summary.spellingClean(words));
  }
  const dass = byRule('das-dass');
  if (dass.length > 0) {
    weaknesses.push(msg.summary.dasDassWeak(dass.length, quote(dass[0]!.quoted)));
    recommendations.push(msg.dasDassAdvice);
  }
  // every comma rule of the language check: before and after subordinate, relative and reported clauses
  const commas = findings.filter((f) => f.rule.startsWith('comma-'));
  if (commas.length > 0) {
    weaknesses.push(msg.summary.commaWeak(commas.length, quote(commas[0]!.quoted)));
    recommendations.push(msg.commaAdvice);
  }
  const style = findings.filter((f) => f.category === 'style');
  if (style.length > 0) {
    weaknesses.push(
      msg.summary.styleWeak(style.slice(0, 3).map((f) => `${f.title} (${quote(f.quoted.slice(0, 40))})`)),
    );
    recommendations.push(msg.styleAdvice);
  }
  if (checkMaths) {
    const wrong = calc.findings.filter((f) => f.kind === 'wrong');
    if (wrong.length > 0) {
      weaknesses.push(msg.summary.mathsWeak(wrong.length, quote(wrong[0]!.step), wrong[0]!.correctStep));
      recommendations.push(msg.summary.mathsCheck(quote(wrong[0]!.step)));
    } else if (calc.steps >= 2) {
      strengths.push(msg.summary.mathsClean(calc.steps));
    }
  }
  return { strengths, weaknesses, recommendations: [...new Set(recommendations)] };
}

/**
 * The overall feedback's first sentences, from the result's points alone: points, percentage and grade with
 * the tasks solved and those to improve; while points are open, how far the grading got or why it stops.
 */
export function overallHead(
  result: Pick<AnalysisResult, 'achieved_points' | 'total_points' | 'grade' | 'tasks' | 'review_flags'> & {
    scored_points?: number | null | undefined;
    open_points?: number | undefined;
  },
): string {
  const { achieved_points: achieved, total_points: total } = result;
  const parts: string[] = [];
  if (achieved !== null && total !== null && total > 0) {
    parts.push(
      msg.overall.points(
        pointsOf(achieved, total),
        formatNumber(Math.round((achieved / total) * 100)),
        result.grade,
      ),
    );
    // named per subtask ("Aufgabe 1 b)", "Aufgabe 2"), so that a task with a right and a wrong part is not
    // in both lists
    const tasksWhere = (cls: ReturnType<typeof pointsClass>) =>
      result.tasks
        .flatMap((t) =>
          t.subtasks
            .filter(
              (s) =>
                s.max_points !== null &&
                s.achieved_points !== null &&
                s.max_points > 0 &&
                pointsClass(s.achieved_points, s.max_points) === cls,
            )
            .map((s) =>
              t.subtasks.length > 1 && s.subtask_label && s.subtask_label !== shortTitle(t.title)
                ? `${shortTitle(t.title)} ${s.subtask_label})`
                : shortTitle(t.title),
            ),
        )
        .filter((v, i, a) => a.indexOf(v) === i);
    const full = tasksWhere('correct');
    const weak = tasksWhere('incorrect');
    if (full.length > 0) parts.push(msg.overall.solved(full));
    if (weak.length > 0) parts.push(msg.overall.improve(weak));
  } else if (result.scored_points != null && result.open_points && total !== null) {
    parts.push(msg.partlyScored(result.scored_points, total - result.open_points, total, result.open_points));
  } else if (result.review_flags.some((f) => f.code === 'no_answer_key')) {
    parts.push(msg.noKeyOverall);
  } else if (
    result.review_flags.some((f) => f.code === 'content_open') &&
    result.tasks.every((t) => t.subtasks.every((s) => s.max_points !== null))
  ) {
    parts.push(msg.contentOpen);
  } else {
    parts.push(msg.pointsMissingOverall);
  }
  return parts.join(' ');
}

/** What the checks found in the whole text, after the head: language, calculations, equations, reactions. */
export function overallChecks(
  findings: LanguageFinding[],
  calc: ReturnType<typeof checkCalculations>,
  checkMaths: boolean,
  reactions: ReactionCheck,
  equations: EquationCheck,
): string {
  const parts: string[] = [];
  const spelling = findings.filter((f) => f.category === 'spelling').length;
  const grammar = findings.filter((f) => f.category === 'grammar').length;
  parts.push(msg.overall.language(spelling, grammar));
  if (checkMaths && calc.steps > 0) {
    const wrong = calc.findings.filter((f) => f.kind === 'wrong').length;
    parts.push(msg.overall.calculations(calc.steps - wrong, calc.steps));
  }
  if (checkMaths && equations.steps > 0) {
    const wrong = equations.findings.filter((f) => f.kind === 'wrong').length;
    parts.push(msg.overall.transformations(equations.steps - wrong, equations.steps));
  }
  // only checks that ran are named: reaction equations where the text has some
  if (reactions.equations > 0) {
    const ok = reactions.equations - reactions.findings.length;
    parts.push(msg.overall.reactions(ok, reactions.equations));
  }
  return parts.join(' ');
}

/**
 * A subtask's name in the summary lines, from the result: "Aufgabe 2 b)", or "Aufgabe 2" where the task's
 * one subtask is the task itself (its label is the task's number), as `unitName` names it while grading.
 */
export function subtaskName(task: Task, subtask: Subtask): string {
  const name = shortTitle(task.title);
  const number = /(\d+[a-z]?)$/i.exec(name)?.[1];
  // a title without a number ("Leber") has the task's own number as its one subtask's label
  const whole = number === undefined && task.subtasks.length === 1;
  return whole || subtask.subtask_label === number || subtask.subtask_label === name
    ? name
    : `${name} ${subtask.subtask_label})`;
}

/** A subtask's feedback after the teacher changed its points or errors: its points and what was deducted. */
export function reviewedSubtaskFeedback(subtask: Subtask): string {
  // full points given: no error costs anything any more
  const { achieved_points: achieved, max_points: max } = subtask;
  const full = achieved !== null && achieved === max;
  const costing = (full ? [] : subtask.errors).filter((e) => e.point_deduction > 0);
  // "Abzüge: … (2 P)" only where the deductions are what was lost; after the teacher set the points herself
  // ("1,5 von 2") a 2-point deduction would contradict them, so the errors are named without points
  const deducted = costing.reduce((sum, e) => sum + e.point_deduction, 0);
  const withDeductions = achieved !== null && max !== null && Math.abs(max - achieved - deducted) < 0.005;
  return msg.review.subtask(
    achieved !== null && max !== null ? pointsOf(achieved, max) : null,
    costing.map((e) =>
      withDeductions
        ? `${e.message || e.title} (${formatNumber(e.point_deduction)} P)`
        : e.message || e.title,
    ),
    withDeductions,
  );
}

/** What the student can improve in a reviewed subtask: the suggestions of the errors that still cost points. */
export function reviewedImprovement(subtask: Subtask): string {
  if (subtask.achieved_points !== null && subtask.achieved_points === subtask.max_points) return '';
  return [
    ...new Set(
      subtask.errors.filter((e) => e.point_deduction > 0 && e.suggestion.trim()).map((e) => e.suggestion),
    ),
  ].join(' ');
}

/**
 * The summary lines of a reviewed subtask: the engine's lines about it go; one line with its points comes in
 * the strengths (nearly full points) or the weaknesses.
 */
export function reviewedSummary(
  summary: Pick<AnalysisResult, 'strengths' | 'weaknesses' | 'general_improvement_suggestions'>,
  task: Task,
  subtask: Subtask,
): Pick<AnalysisResult, 'strengths' | 'weaknesses' | 'general_improvement_suggestions'> {
  const name = subtaskName(task, subtask);
  const about = (line: string) =>
    line.startsWith(`${name}:`) ||
    new RegExp(`^${escapeRegExp(name)} (?:wiederholen|bearbeiten|berichtigen):`).test(line);
  const strengths = summary.strengths.filter((line) => !about(line));
  const weaknesses = summary.weaknesses.filter((line) => !about(line));
  const recommendations = summary.general_improvement_suggestions.filter((line) => !about(line));
  const { achieved_points: achieved, max_points: max } = subtask;
  if (achieved !== null && max !== null && max > 0) {
    const line = msg.review.summaryLine(name, pointsOf(achieved, max));
    if (pointsClass(achieved, max) === 'correct') strengths.push(line);
    else weaknesses.push(line);
  }
  return { strengths, weaknesses, general_improvement_suggestions: recommendations };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
