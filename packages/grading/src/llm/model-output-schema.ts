import {
  analysisResultSchema,
  gradingErrorSchema,
  severities,
  subtaskSchema,
  taskSchema,
} from '@korrigo/domain';
import { z } from 'zod';

/**
 * What the model fills in: the content fields of the analysis result. Derived from the domain schema so
 * both engines keep the same shape. Left out are the fields we set ourselves (engine, engine_version,
 * status, review_flags, the teacher's texts and placements) and the grade, its Notenschlüssel and the partial totals, which
 * we compute from the points. Strict structured output
 * (OpenAI json_schema, strict: true) requires every property to be present, so the optional `category`
 * becomes required here, and severities are narrowed to the spec's list.
 */
// `overridden` is the teacher's (issue 33 §3), `words_not_found` and `read_by_words` the builtin engine's: the
// model sets none of them
const modelErrorSchema = gradingErrorSchema
  .omit({ overridden: true, words_not_found: true, read_by_words: true })
  .extend({
    severity: z.enum(severities),
    category: z.string(),
  });

// `answer_text` is ours (the builtin engine's segment of the student's text); strict output cannot take an
// optional field, and the model is not asked to copy the student's text back
const modelSubtaskSchema = subtaskSchema.omit({ answer_text: true, proposed_points: true }).extend({
  errors: z.array(modelErrorSchema),
});

const modelTaskSchema = taskSchema.omit({ answer_text: true }).extend({
  subtasks: z.array(modelSubtaskSchema),
});

export const modelGradingSchema = analysisResultSchema
  .omit({
    engine: true,
    engine_version: true,
    status: true,
    review_flags: true,
    grade: true,
    grading_scale: true,
    scored_points: true,
    open_points: true,
    teacher_texts: true,
    placements: true,
    audience: true,
  })
  .extend({ tasks: z.array(modelTaskSchema) });

export type ModelGrading = z.infer<typeof modelGradingSchema>;
