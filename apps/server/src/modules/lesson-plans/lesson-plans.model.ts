import { z } from 'zod';
import {
  lessonPlanInputSchema,
  scalePhaseMinutes,
  type LessonDraftRequest,
  type LessonPlanInput,
  type LessonTemplate,
} from '@korrigo/domain';
import { createChatModel, generateStructured, type LlmConfig } from '@korrigo/grading/llm';

/**
 * The lesson plan draft from the configured model (AI_PROVIDER=openai-compatible, issue 18 point 3). The call
 * throws on any failure, also on an answer the plan schema refuses; the service falls back to the template.
 */
export type LessonPlanModel = {
  draft(template: LessonTemplate, request: LessonDraftRequest): Promise<LessonPlanInput>;
};

// plain types only: OpenAI's structured output takes no lengths or ranges; the plan schema checks them after
const answerSchema = z.object({
  goals: z.string(),
  phases: z.array(
    z.object({
      name: z.string(),
      minutes: z.number(),
      content: z.string(),
      method: z.string(),
      materials: z.string(),
    }),
  ),
});
export type LessonModelAnswer = z.infer<typeof answerSchema>;

/**
 * The model's answer as a draft: the phases as it wrote them, their minutes made to add up to the duration
 * (models count badly), then validated by the plan schema, which throws on anything out of bounds.
 */
export function draftFromAnswer(
  answer: LessonModelAnswer,
  template: LessonTemplate,
  request: LessonDraftRequest,
): LessonPlanInput {
  const minutes = answer.phases.map((p) =>
    Number.isFinite(p.minutes) ? Math.max(0, Math.round(p.minutes)) : 0,
  );
  const scaled = minutes.some((n) => n > 0) ? scalePhaseMinutes(minutes, request.durationMinutes) : minutes;
  return lessonPlanInputSchema.parse({
    title: request.topic,
    subject: request.subject || template.subject || '',
    gradeLevel: request.gradeLevel,
    durationMinutes: request.durationMinutes,
    date: null,
    courseId: null,
    status: 'draft',
    topic: request.topic,
    goals: answer.goals,
    phases: answer.phases.map((p, i) => ({ ...p, minutes: scaled[i] })),
    notes: '',
    templateId: template.id,
  });
}

export function createLessonPlanModel(config: LlmConfig): LessonPlanModel {
  return {
    async draft(template, request) {
      const output = await generateStructured({
        mode: config.structuredOutput,
        model: createChatModel(config),
        maxRetries: config.maxRetries ?? 1,
        abortSignal: AbortSignal.timeout(config.timeoutMs ?? 60_000),
        temperature: 0.4,
        schema: answerSchema,
        name: 'lesson_plan',
        system:
          'Du planst eine Unterrichtsstunde für eine Lehrkraft an einer deutschen Schule. Schreibe auf Deutsch, ' +
          'fachlich korrekt und dem Alter der Klasse angemessen. Folge der vorgegebenen Struktur: dieselben Phasen ' +
          'in derselben Reihenfolge. Je Phase: "content" beschreibt in zwei bis drei Sätzen, was Lehrkraft und ' +
          'Schülerinnen und Schüler tun; "method" ist die Sozialform (Plenum, Einzelarbeit, Partnerarbeit, ' +
          'Gruppenarbeit); "materials" die Materialien; "minutes" ganze Minuten, zusammen die Dauer der Stunde. ' +
          '"goals" sind zwei bis vier überprüfbare Lernziele, je eine Zeile, beginnend mit "Die Schülerinnen und Schüler …".',
        prompt: [
          `Thema: ${request.topic}`,
          `Fach: ${request.subject || template.subject || 'nicht angegeben'}`,
          `Klasse / Jahrgangsstufe: ${request.gradeLevel || 'nicht angegeben'}`,
          `Dauer: ${request.durationMinutes} Minuten`,
          `Struktur: ${template.name} (${template.description})`,
          'Phasen der Struktur:',
          ...template.phases.map((p) => `- ${p.name} (${p.method}): ${p.content}`),
        ].join('\n'),
      });
      return draftFromAnswer(output, template, request);
    },
  };
}
