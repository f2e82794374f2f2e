import {
  llmGradingMessages,
  totalsOf,
  type AnalysisResult,
  type GradingError,
  type ReviewFlag,
  type Subtask,
  type Task,
} from '@korrigo/domain';
import type { GradeInput, GradeOptions } from '../types';
import type { ModelGrading } from './model-output-schema';
import { finalise } from '../finalise';
import { chooseGradingScale } from '../score/grading-scale-key';
import { PROMPT_VERSION } from './grading-prompt';
import { promptInjectionFlag, type PromptInjectionFinding } from '../text/prompt-injection';

export type LlmFailureCode = 'model_output_invalid' | 'model_timeout' | 'model_unavailable';

const failureMessages: Record<LlmFailureCode, string> = {
  model_output_invalid: llmGradingMessages.modelOutputInvalid,
  model_timeout: llmGradingMessages.modelTimeout,
  model_unavailable: llmGradingMessages.modelUnavailable,
};

type ComposeContext = {
  input: GradeInput;
  options: GradeOptions;
  modelId: string;
  findings: readonly PromptInjectionFinding[];
  /** the answer key's total when it is known for sure (a saved test) */
  expectedTotal: number | null;
  /**
   * the builtin engine's flag where it could not place every answer (issue 32 §9): the model graded the same
   * passages, so its points are held back from a grade by the same rule
   */
  alignment?: ReviewFlag | undefined;
};

/** Points are shown with at most two decimals (quarter points exist); sums must not drift (0.1 + 0.2). */
function roundPoints(value: number): number {
  return Math.round(value * 100) / 100;
}

/** What the LLM provider reports as its version, in each result and in the audit row: model and prompt. */
export function llmEngineVersion(modelId: string): string {
  return `${modelId} (Prompt ${PROMPT_VERSION})`;
}

/** An option the teacher actually chose ("Auto" leaves the choice to the engine). */
function chosen(value: string | undefined): string | undefined {
  return value && value !== 'Auto' ? value : undefined;
}

function composeMetadata(
  input: GradeInput,
  options: GradeOptions,
  fromModel?: AnalysisResult['metadata'],
): AnalysisResult['metadata'] {
  return {
    subject: chosen(options.subject) ?? fromModel?.subject ?? llmGradingMessages.unknownValue,
    student_name: input.studentName ?? fromModel?.student_name ?? llmGradingMessages.unknownStudent,
    grade_level:
      chosen(options.gradeLevel) ??
      (input.className?.trim() || undefined) ??
      fromModel?.grade_level ??
      llmGradingMessages.unknownValue,
    // the date of grading, not what the model read somewhere in the text
    date: options.date ?? new Date().toISOString().slice(0, 10),
  };
}

/** The flags every LLM result carries regardless of what the model said: injection and OCR quality. */
function inputFlags(input: GradeInput, findings: readonly PromptInjectionFinding[]): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const injection = promptInjectionFlag(findings);
  if (injection) flags.push(injection);
  if (input.extraction?.needsReview) {
    flags.push({ code: 'low_ocr_confidence', message: llmGradingMessages.lowOcrConfidence });
  }
  return flags;
}

/**
 * The model's location must quote the student's text. Offsets are repaired from the quote when the model
 * miscounted; a quote that is not in the text at all loses its location rather than pointing somewhere wrong.
 */
function repairLocation(location: GradingError['location'], text: string): GradingError['location'] {
  if (!location) return null;
  if (location.type !== 'text') return location;
  const quote = location.quoted_text;
  if (quote === '') return null;
  if (text.slice(location.start, location.end) === quote) return location;
  let best = -1;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - location.start) < Math.abs(best - location.start)) best = at;
  }
  if (best === -1) return null;
  return { ...location, start: best, end: best + quote.length };
}

type PointsState = { capped: boolean };

function composeSubtask(
  subtask: ModelGrading['tasks'][number]['subtasks'][number],
  text: string,
  state: PointsState,
): Subtask {
  let achieved = subtask.achieved_points;
  const max = subtask.max_points;
  if (achieved !== null && max !== null && achieved > max) {
    achieved = max;
    state.capped = true;
  }
  const errors = subtask.errors.map((error) => {
    let deduction = error.point_deduction;
    if (max !== null && deduction > max) {
      deduction = max;
      state.capped = true;
    }
    return {
      ...error,
      point_deduction: roundPoints(deduction),
      location: repairLocation(error.location, text),
    };
  });
  return {
    ...subtask,
    achieved_points: achieved === null ? null : roundPoints(achieved),
    max_points: max === null ? null : roundPoints(max),
    errors,
  };
}

function hasPoints(item: { achieved_points: number | null; max_points: number | null }): boolean {
  return item.achieved_points !== null && item.max_points !== null;
}

/** A task without subtasks keeps its own points, capped; a task with subtasks gets their sums in finalise. */
function composeTask(task: ModelGrading['tasks'][number], text: string, state: PointsState): Task {
  const subtasks = task.subtasks.map((subtask) => composeSubtask(subtask, text, state));
  let achieved = subtasks.length === 0 && hasPoints(task) ? task.achieved_points : null;
  const max = subtasks.length === 0 && hasPoints(task) ? task.max_points : null;
  if (achieved !== null && max !== null && achieved > max) {
    achieved = max;
    state.capped = true;
  }
  return {
    title: task.title,
    overall_feedback: task.overall_feedback,
    achieved_points: achieved === null ? null : roundPoints(achieved),
    max_points: max === null ? null : roundPoints(max),
    subtasks,
  };
}

/**
 * Turns what the model produced into the result we store. The model's content (feedback, errors, rubrics)
 * is kept; its arithmetic is not trusted: points are capped at their maximum, totals are recomputed from
 * the tasks, and the grade comes from the points through the grade table. A student's instruction can
 * therefore not raise the score beyond what the task points add up to.
 */
export function composeLlmResult(grading: ModelGrading, context: ComposeContext): AnalysisResult {
  const { input, options, modelId, findings, expectedTotal } = context;
  const state: PointsState = { capped: false };
  const tasks = grading.tasks.map((task) => composeTask(task, input.text, state));

  // what the model's points add up to decides the flags; finalise then computes the result from them
  const preliminary = totalsOf(tasks);
  const flags = inputFlags(input, findings);
  if (context.alignment) flags.push(context.alignment);
  if (expectedTotal !== null && preliminary.total !== null && preliminary.total !== expectedTotal) {
    flags.push({ code: 'points_inconsistent', message: llmGradingMessages.pointsInconsistent });
    if (preliminary.achieved !== null && preliminary.achieved > expectedTotal) state.capped = true;
  }
  if (state.capped) flags.push({ code: 'points_capped', message: llmGradingMessages.pointsCapped });
  if (preliminary.achieved === null || preliminary.total === null) {
    flags.push({ code: 'points_missing', message: llmGradingMessages.pointsMissing });
  }
  const total = expectedTotal !== null && preliminary.total !== null ? expectedTotal : preliminary.total;

  return finalise(
    {
      title: input.title ?? grading.title,
      grade: null,
      achieved_points: null,
      total_points: null,
      metadata: composeMetadata(input, options, grading.metadata),
      tasks,
      overall_feedback: grading.overall_feedback,
      strengths: grading.strengths,
      weaknesses: grading.weaknesses,
      general_improvement_suggestions: grading.general_improvement_suggestions,
      evaluation_criteria: grading.evaluation_criteria,
      engine: 'llm',
      engine_version: llmEngineVersion(modelId),
      status: 'needs_review',
      review_flags: flags,
      grading_scale: chooseGradingScale(input.answerKey, options.gradingScale, total),
    },
    // the key's total is the truth; the model may not grade against a larger maximum it made up
    { keyTotal: expectedTotal },
  );
}

/** The result when the model gave nothing usable: no points, no grade, a flag that says why. Never a guess. */
export function composeLlmFailure(
  code: LlmFailureCode,
  context: Omit<ComposeContext, 'expectedTotal'>,
): AnalysisResult {
  const { input, options, modelId, findings } = context;
  return {
    title: input.title ?? llmGradingMessages.failedTitle,
    grade: null,
    achieved_points: null,
    total_points: null,
    metadata: composeMetadata(input, options),
    tasks: [],
    overall_feedback: llmGradingMessages.failedFeedback,
    strengths: [],
    weaknesses: [],
    general_improvement_suggestions: [],
    evaluation_criteria: { rubrics: [], competencies: [] },
    engine: 'llm',
    engine_version: llmEngineVersion(modelId),
    status: 'needs_review',
    review_flags: [{ code, message: failureMessages[code] }, ...inputFlags(input, findings)],
  };
}
