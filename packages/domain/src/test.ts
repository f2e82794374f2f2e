import { z } from 'zod';
import { gradingScaleIdSchema } from './grade-scale';

/** spec 001 §9: test creator choices and defaults. */
export const testSubjects = [
  'Mathematik',
  'Physik',
  'Chemie',
  'Biologie',
  'Geschichte',
  'Deutsch',
  'Englisch',
] as const;
export const testGrades = Array.from({ length: 8 }, (_, i) => `${i + 5}. Klasse`);
export const testTypes = [
  'Multiple Choice',
  'Offene Fragen',
  'Lückentext',
  'Zuordnung',
  'Kombiniert',
] as const;
export const questionTypes = ['multiple-choice', 'open', 'cloze', 'matching'] as const;
export type QuestionType = (typeof questionTypes)[number];
export const questionTypeLabels: Record<QuestionType, string> = {
  'multiple-choice': 'Multiple Choice',
  open: 'Offene Frage',
  cloze: 'Lückentext',
  matching: 'Zuordnung',
};
export const testDurations = [15, 30, 45, 60, 90] as const;
export const testDefaults = {
  subject: 'Mathematik',
  grade: '5. Klasse',
  testType: 'Multiple Choice',
  duration: 45,
  points: 1,
} as const;
/** Cloze blanks are marked [..] in the question text (spec 001 §5). */
export const clozeBlankMarker = '[..]';
/**
 * Cloze text split at the [..] markers: n markers give n + 1 parts. Here, not in the test creator, because
 * the Lern-Assistent's practice items render their blanks the same way.
 */
export function clozeParts(text: string): string[] {
  return text.split(clozeBlankMarker);
}

export const optionSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(2000),
  isCorrect: z.boolean(),
});

export const matchingPairSchema = z.object({
  left: z.string().max(500),
  right: z.string().max(500),
});

export const resourceSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(['text', 'citation', 'image']),
  content: z.string().max(200_000),
  title: z.string().max(300),
  source: z.string().max(500),
  orderIndex: z.number().int().min(0),
});

export const questionSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(10_000),
  type: z.enum(questionTypes),
  options: z.array(optionSchema).max(20),
  /**
   * The solution: for cloze the blanks' solutions in order, separated by "|" (e.g. "Berlin|Paris");
   * otherwise free text.
   */
  correctAnswer: z.string().max(10_000),
  points: z.number().int().min(1).max(100),
  orderIndex: z.number().int().min(0),
  /** the expected answer of an open question, optionally with point marks per aspect, e.g. "(2 P)" */
  correctionTemplate: z.string().max(10_000),
  /** ids of attached resources */
  resources: z.array(z.string()).max(50),
  matchingPairs: z.array(matchingPairSchema).max(30),
  /**
   * ours (issue 13 §5): the printed order of a matching question's right-hand column, drawn at random once
   * and kept with the test, so the preview, the PDF and the grader read the same letters. Entry i is the
   * pair whose right side stands at letter i. Absent or stale (the pairs changed): see `matchingOrderOf`.
   */
  matchingOrder: z.array(z.number().int().min(0).max(29)).max(30).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** The right-hand column's order of a matching question: its stored shuffle, or the list order when none fits. */
export function matchingOrderOf(question: Pick<Question, 'matchingPairs' | 'matchingOrder'>): number[] {
  const n = question.matchingPairs.length;
  const order = question.matchingOrder;
  const valid =
    order !== undefined && order.length === n && new Set(order).size === n && order.every((i) => i < n);
  return valid ? order : question.matchingPairs.map((_, i) => i);
}

/** spec 001 §3 Test. */
export const savedTestSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(300),
  subject: z.string().max(60),
  grade: z.string().max(40),
  testType: z.string().max(40),
  duration: z.number().int().min(1).max(600),
  topic: z.string().max(1000),
  learningObjectives: z.string().max(5000),
  lastSaved: z.string(),
  userId: z.string(),
  questions: z.array(questionSchema).max(200),
  resources: z.array(resourceSchema).max(100),
  /**
   * issue 13 point 8: the Notenschlüssel of this test (an analysis may choose another); absent (tests and
   * answer-key snapshots from before) means the default
   */
  gradingScale: gradingScaleIdSchema.optional(),
});
export type SavedTest = z.infer<typeof savedTestSchema>;

/** Resource type labels (spec 001 §2: text, citation, image). */
export const resourceTypeLabels: Record<z.infer<typeof resourceSchema>['type'], string> = {
  text: 'Text',
  citation: 'Zitat',
  image: 'Bild',
};
export type Resource = z.infer<typeof resourceSchema>;
export type Option = z.infer<typeof optionSchema>;

/** spec 001 §9: points per question from 1 to 100. */
export const questionPointsRange = { min: 1, max: 100 } as const;
/** spec 001 §9: the topic is cut at 60 characters on the saved-test cards. */
export const testCardTopicMaxLength = 60;
/** spec 001 §9: the draft is stored every 30 seconds; status messages vanish after 2 seconds. */
export const testDraftIntervalMs = 30_000;
export const testStatusMessageMs = 2_000;
/** spec 001 §7: a duplicate gets a new id and the title plus ' (Kopie)'. */
export const duplicateTitleSuffix = ' (Kopie)';

/**
 * POST /api/tests (spec 001 §7): the full test. Every level rejects unknown fields, ids are unique, and a
 * question may only attach resources of the same test. The server sets lastSaved itself.
 */
export const saveTestRequestSchema = savedTestSchema
  .extend({
    lastSaved: z.string().max(40).optional(),
    questions: z
      .array(
        questionSchema
          .extend({
            options: z.array(optionSchema.strict()).max(20),
            matchingPairs: z.array(matchingPairSchema.strict()).max(30),
          })
          .strict(),
      )
      .max(200),
    resources: z.array(resourceSchema.strict()).max(100),
  })
  .strict()
  .superRefine((test, ctx) => {
    const resourceIds = new Set<string>();
    test.resources.forEach((resource, index) => {
      if (resourceIds.has(resource.id)) {
        ctx.addIssue({ code: 'custom', path: ['resources', index, 'id'], message: 'doppelte ID' });
      }
      resourceIds.add(resource.id);
    });
    const questionIds = new Set<string>();
    test.questions.forEach((question, index) => {
      if (questionIds.has(question.id)) {
        ctx.addIssue({ code: 'custom', path: ['questions', index, 'id'], message: 'doppelte ID' });
      }
      questionIds.add(question.id);
      question.resources.forEach((resourceId, position) => {
        if (!resourceIds.has(resourceId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', index, 'resources', position],
            message: 'unbekannte Ressource',
          });
        }
      });
    });
  });
export type SaveTestRequest = z.infer<typeof saveTestRequestSchema>;

export const saveTestResponseSchema = z.object({ id: z.string(), lastSaved: z.string() });
export const savedTestListSchema = z.array(savedTestSchema);

/** POST /api/tests/generate: questions of one type from the basic settings (ours; spec 001 §2 "generate test"). */
export const generateQuestionsRequestSchema = z
  .object({
    subject: z.string().trim().min(1).max(60),
    grade: z.string().trim().min(1).max(40),
    questionType: z.enum(questionTypes),
    topic: z.string().trim().max(1000),
    learningObjectives: z.string().trim().max(5000),
    count: z.number().int().min(1).max(20).default(5),
    points: z.number().int().min(1).max(100).default(testDefaults.points),
  })
  .strict();
export type GenerateQuestionsRequest = z.input<typeof generateQuestionsRequestSchema>;
export const generateQuestionsResponseSchema = z.object({ questions: z.array(questionSchema) });
