import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  clozeBlankMarker,
  questionTypeLabels,
  testCreatorMessages,
  type generateQuestionsRequestSchema,
  type Question,
  countOf,
} from '@korrigo/domain';
import { createChatModel, generateStructured, llmConfigFromEnv, type LlmConfig } from '@korrigo/grading/llm';
import type { Config } from '../../env';
import { AppError } from '../../platform/errors';

type Request = z.output<typeof generateQuestionsRequestSchema>;

/**
 * What the model fills in, one shape for every question type (strict structured output needs every field
 * present); the fields of the other types stay empty and are dropped when the questions are built.
 */
const generatedSchema = z.object({
  questions: z.array(
    z.object({
      text: z.string(),
      options: z.array(z.object({ text: z.string(), isCorrect: z.boolean() })),
      correctionTemplate: z.string(),
      clozeSolutions: z.array(z.string()),
      matchingPairs: z.array(z.object({ left: z.string(), right: z.string() })),
    }),
  ),
});
type Generated = z.infer<typeof generatedSchema>['questions'][number];

const typeInstructions: Record<Request['questionType'], string> = {
  'multiple-choice':
    'Multiple Choice: 4 Antwortmöglichkeiten in "options", mindestens eine mit isCorrect=true.',
  open: 'Offene Frage: die erwartete Antwort als Erwartungshorizont in "correctionTemplate", mit Punkten je Aspekt wie "(1 P)".',
  cloze: `Lückentext: der Text in "text" markiert jede Lücke mit ${clozeBlankMarker}; die Lösungen der Lücken der Reihe nach in "clozeSolutions".`,
  matching: 'Zuordnung: 3 bis 6 Paare in "matchingPairs" (links Begriff, rechts die passende Zuordnung).',
};

function buildGenerationPrompt(request: Request): { system: string; prompt: string } {
  return {
    system:
      'Du erstellst Testfragen für Lehrkräfte an deutschen Schulen. Antworte auf Deutsch, fachlich korrekt und ' +
      'dem Alter der Klasse angemessen. Fülle nur die Felder des verlangten Fragetyps; die anderen bleiben leer.',
    prompt: [
      `Fach: ${request.subject}`,
      `Klassenstufe: ${request.grade}`,
      `Thema: ${request.topic || '(nicht angegeben)'}`,
      `Lernziele: ${request.learningObjectives || '(nicht angegeben)'}`,
      `Fragetyp: ${questionTypeLabels[request.questionType]}`,
      `Anzahl: ${countOf(request.count, 'Frage', 'Fragen')}`,
      typeInstructions[request.questionType],
    ].join('\n'),
  };
}

/** Turns the model's answer into editor questions; questions without the type's content are dropped. */
function toQuestions(generated: Generated[], request: Request): Question[] {
  const base = (text: string): Question => ({
    id: randomUUID(),
    text: text.trim(),
    type: request.questionType,
    options: [],
    correctAnswer: '',
    points: request.points,
    orderIndex: 0,
    correctionTemplate: '',
    resources: [],
    matchingPairs: [],
  });
  const questions: Question[] = [];
  for (const item of generated.slice(0, request.count)) {
    if (!item.text.trim()) continue;
    const question = base(item.text);
    if (request.questionType === 'multiple-choice') {
      const options = item.options.filter((option) => option.text.trim()).slice(0, 20);
      if (options.length < 2) continue;
      question.options = options.map((option) => ({
        id: randomUUID(),
        text: option.text.trim(),
        isCorrect: option.isCorrect,
      }));
    } else if (request.questionType === 'open') {
      question.correctionTemplate = item.correctionTemplate.trim();
    } else if (request.questionType === 'cloze') {
      const blanks = question.text.split(clozeBlankMarker).length - 1;
      if (blanks === 0) continue;
      question.correctAnswer = Array.from(
        { length: blanks },
        (_, i) => item.clozeSolutions[i]?.trim() ?? '',
      ).join('|');
    } else {
      const pairs = item.matchingPairs.filter((pair) => pair.left.trim() && pair.right.trim()).slice(0, 30);
      if (pairs.length < 2) continue;
      question.matchingPairs = pairs.map((pair) => ({ left: pair.left.trim(), right: pair.right.trim() }));
    }
    questions.push({ ...question, orderIndex: questions.length });
  }
  return questions;
}

export type QuestionGenerator = { generate(request: Request): Promise<Question[]> };

/** 'Test generieren' through the same OpenAI-compatible endpoint the grading engine uses. */
function createQuestionGenerator(config: LlmConfig): QuestionGenerator {
  return {
    async generate(request) {
      const { system, prompt } = buildGenerationPrompt(request);
      let output: z.infer<typeof generatedSchema>;
      try {
        output = await generateStructured({
          mode: config.structuredOutput,
          model: createChatModel(config),
          schema: generatedSchema,
          name: 'test_questions',
          system,
          prompt,
          maxRetries: config.maxRetries ?? 2,
          abortSignal: AbortSignal.timeout(config.timeoutMs ?? 120_000),
        });
      } catch {
        throw new AppError('unavailable', testCreatorMessages.generateFailed, { status: 503 });
      }
      const questions = toQuestions(output.questions, request);
      if (questions.length === 0) {
        throw new AppError('unavailable', testCreatorMessages.generateFailed, { status: 503 });
      }
      return questions;
    },
  };
}

/** The generator when an LLM is configured (AI_PROVIDER=openai-compatible), else null. */
export function questionGeneratorFromConfig(config: Config): QuestionGenerator | null {
  const llm = llmConfigFromEnv(config);
  return llm ? createQuestionGenerator(llm) : null;
}
