import { z } from 'zod';
import { gradingScaleSchema } from './grade-scale';

/**
 * The structured grading result (spec 000 §3 "Analysis detail", "Task", "Subtask", "Error", "Rubric",
 * "Competency"). Field names are the spec's, snake_case included, because stored results and the raw-data
 * view show them as they are. Both grading engines (builtin and LLM) must produce exactly this shape.
 */

/** spec 000 §4: the severities the result may carry; see `severityHighlightClass`. */
export const severities = [
  'critical',
  'severe',
  'moderate',
  'minor',
  'improvement',
  'informational',
  'info',
] as const;

export const errorLocationSchema = z.object({
  type: z.enum(['text', 'line', 'paragraph']),
  /** character offsets into the student's text (start inclusive, end exclusive), or line/paragraph numbers */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  quoted_text: z.string(),
});

export const gradingErrorSchema = z.object({
  title: z.string(),
  point_deduction: z.number().min(0),
  details: z.string(),
  suggestion: z.string(),
  severity: z.string(),
  message: z.string(),
  location: errorLocationSchema.nullable(),
  /** ours: which check found it, e.g. spelling, grammar, maths, content */
  category: z.string().optional(),
  /**
   * ours (issue 33 §3): the teacher set this unit's points herself, so this deduction no longer counts. She
   * sees it struck through; the pupil is never shown it, and counts of errors leave it out.
   */
  overridden: z.boolean().optional(),
  /**
   * ours (ADR 0035): the builtin engine took these points because the key's words for an aspect were not
   * in the answer, without reading a mistake there; a paraphrase the teacher accepts gives them back
   */
  words_not_found: z.boolean().optional(),
  /**
   * ours (ADR 0039): the builtin engine read a mistake in the answer (swapped terms, another fact, an aspect
   * only partly named) by comparing its words with the key's; a paraphrase may read the same way
   */
  read_by_words: z.boolean().optional(),
});
export type GradingError = z.infer<typeof gradingErrorSchema>;

/** The errors that still stand: those the teacher's own points did not override. */
export const standingErrors = (errors: GradingError[]) => errors.filter((error) => !error.overridden);

/**
 * The result as a pupil is given it (issue 33 §3): without the deductions the teacher's points overrode, so
 * nothing printed to her contradicts the points she got.
 */
export function withoutOverriddenErrors<T extends { tasks: { subtasks: { errors: GradingError[] }[] }[] }>(
  result: T,
): T {
  return {
    ...result,
    tasks: result.tasks.map((task) => ({
      ...task,
      subtasks: task.subtasks.map((subtask) => ({ ...subtask, errors: standingErrors(subtask.errors) })),
    })),
  };
}

export const subtaskSchema = z.object({
  subtask_label: z.string(),
  description: z.string(),
  achieved_points: z.number().min(0).nullable(),
  max_points: z.number().min(0).nullable(),
  feedback: z.string(),
  improvement_suggestion: z.string(),
  errors: z.array(gradingErrorSchema),
  /**
   * ours: the part of the student's text that was graded for this unit (issue 16 §4, review by question
   * groups the class's answers by it). Absent in results stored before, and where an engine does not say.
   */
  answer_text: z.string().optional(),
  /**
   * ours (ADR 0036): points the builtin engine gave by checks whose judgement is the teacher's (the parts of
   * an argument, the language of a text): a proposal. Her own points for the unit settle them.
   */
  proposed_points: z.number().min(0).optional(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

export const taskSchema = z.object({
  title: z.string(),
  achieved_points: z.number().min(0).nullable(),
  max_points: z.number().min(0).nullable(),
  overall_feedback: z.string(),
  subtasks: z.array(subtaskSchema),
  /** ours: as a subtask's `answer_text`, for a task graded without subtasks */
  answer_text: z.string().optional(),
});
export type Task = z.infer<typeof taskSchema>;

export const rubricSchema = z.object({
  criterion_name: z.string(),
  score: z.number().min(0).max(1),
  description: z.string(),
  weight: z.number().min(0).max(1),
});

export const competencySchema = z.object({
  competency: z.string(),
  level: z.string(),
  description: z.string(),
});

export const reviewFlagSchema = z.object({
  /** e.g. low_ocr_confidence, no_answer_key, prompt_injection, model_output_invalid, model_timeout */
  code: z.string(),
  message: z.string(),
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

/**
 * ours (issue 32 §2): the teacher's placement of an answer. `unit` counts the result's subtasks through all
 * tasks in order (the engine's units); `lines` are the first and last line of the graded text (1-based,
 * inclusive) that answer it, null for „keine Antwort“. The engine reads those lines as that unit's answer
 * and as no other's.
 */
export const answerPlacementSchema = z.object({
  unit: z.number().int().min(0).max(999),
  lines: z.tuple([z.number().int().min(1), z.number().int().min(1)]).nullable(),
});
export type AnswerPlacement = z.infer<typeof answerPlacementSchema>;

/**
 * The flag of a result whose answers the engine could not all place in the key's tasks (issue 32 §1, §7):
 * while it stands, the points are a proposal and no grade is proposed (finalise); the teacher's
 * `confirm_alignment` ends it.
 */
export const alignmentFlag = 'alignment_uncertain';

/**
 * The flag of a result whose grade the words found cannot carry (issue 32 §7, ADR 0035): points were taken
 * where the key's words were not found, and if those answers were meant right the grade would be more than
 * one step better. While it stands no grade is proposed (finalise); the teacher's confirmation ends it.
 */
export const pointsUncertainFlag = 'points_uncertain';

/**
 * The flag of a result whose key states a total its tasks' points do not add up to (issue 32 §2): the engine
 * may have misread the key's points, so the maximum the grade is taken from is unsure.
 */
export const keyTotalDiffersFlag = 'key_total_differs';

/**
 * The flag of a result whose key is a Bewertungsraster for one whole text, its criteria read from all of the
 * pupil's writing: the points are a proposal, whether the criteria are met is the teacher's judgement.
 */
export const rubricJudgementFlag = 'rubric_judgement';

/** While one of these stands, finalise proposes no grade; the teacher's confirmation answers them. */
export const gradeHoldingFlags: readonly string[] = [
  alignmentFlag,
  pointsUncertainFlag,
  keyTotalDiffersFlag,
  rubricJudgementFlag,
];

export const analysisResultSchema = z.object({
  title: z.string(),
  /** German grade as shown, e.g. "2-"; null when the points are the teacher's to set */
  grade: z.string().nullable(),
  achieved_points: z.number().min(0).nullable(),
  total_points: z.number().min(0).nullable(),
  /**
   * ours: where some subtasks have no points yet (no key for them, criteria only), achieved_points stays
   * null and these say how far the grading got: the points achieved in the scored subtasks and the maximum
   * of the open ones ("8 von 12 Punkten bewertet, 4 offen"). Absent or 0 when nothing is open.
   */
  scored_points: z.number().min(0).nullable().optional(),
  open_points: z.number().min(0).optional(),
  metadata: z.object({
    subject: z.string(),
    student_name: z.string(),
    grade_level: z.string(),
    date: z.string(),
  }),
  tasks: z.array(taskSchema),
  overall_feedback: z.string(),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  general_improvement_suggestions: z.array(z.string()),
  evaluation_criteria: z.object({
    rubrics: z.array(rubricSchema),
    competencies: z.array(competencySchema),
  }),
  // ours
  /**
   * ours: the Notenschlüssel the grade was computed with (a preset, or the table read from the key), so
   * the result view can name it and a teacher's point change recomputes the grade by the same table.
   * Absent in results stored before issue 13: those use the default.
   */
  grading_scale: gradingScaleSchema.optional(),
  /**
   * ours: the texts the teacher wrote herself in the review ('overall', 'task:<i>', 'subtask:<i>:<j>'); the
   * finalise step never writes over them. Absent until she writes one.
   */
  teacher_texts: z.array(z.string()).optional(),
  /** ours: the answers the teacher placed herself (issue 32 §2); the engine graded them where she put them */
  placements: z.array(answerPlacementSchema).optional(),
  /**
   * ours: who reads the result. 'student' for a pupil's own analysis (a self-check): the texts that tell a
   * teacher what to do ('die Punkte legen Sie fest') speak to her instead. Absent: the teacher.
   */
  audience: z.enum(['teacher', 'student']).optional(),
  engine: z.enum(['builtin', 'llm']),
  engine_version: z.string(),
  status: z.enum(['suggested', 'needs_review']),
  review_flags: z.array(reviewFlagSchema),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/**
 * spec 000 §4: severity to highlight class. critical/severe -> critical; moderate -> moderate;
 * minor/improvement -> minor; informational/info -> info; anything else -> moderate.
 */
export function severityHighlightClass(severity: string): 'critical' | 'moderate' | 'minor' | 'info' {
  switch (severity.toLowerCase()) {
    case 'critical':
    case 'severe':
      return 'critical';
    case 'moderate':
      return 'moderate';
    case 'minor':
    case 'improvement':
      return 'minor';
    case 'informational':
    case 'info':
      return 'info';
    default:
      return 'moderate';
  }
}

/** spec 000 §9 points class: >= 80 % correct, >= 50 % partially correct, otherwise incorrect. */
export function pointsClass(achieved: number, max: number): 'correct' | 'partial' | 'incorrect' {
  const share = max > 0 ? achieved / max : 0;
  if (share >= 0.8) return 'correct';
  if (share >= 0.5) return 'partial';
  return 'incorrect';
}

/** spec 000 §9 rubric score bands: >= 90, 80, 70, 60 and below (score 0..1). */
export function rubricBand(score: number): 90 | 80 | 70 | 60 {
  const pct = score * 100;
  if (pct >= 90) return 90;
  if (pct >= 80) return 80;
  if (pct >= 70) return 70;
  return 60;
}
