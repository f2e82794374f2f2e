import type { z } from 'zod';
import {
  berlinDay,
  learningAssistantMessages as msg,
  type practiceRequestSchema,
  type Explanation,
  type LearningChatReply,
  type LearningChatRequest,
  type LearningOverview,
  type PracticeAnswers,
  type PracticeCheck,
  type PracticeSession,
} from '@korrigo/domain';
import { grade, llmConfigFromEnv } from '@korrigo/grading';
import type { Config } from '../../env';
import { AppError } from '../../platform/errors';
import type { StoredPracticeQuestion } from '../../db/schema';
import {
  chatFromTemplates,
  createLearningModel,
  explainFromTemplates,
  type LearningModel,
} from './learning-assistant.assist';
import { deriveOverview, mistakesOf, normaliseSubject } from './learning-assistant.overview';
import {
  answerKeyOf,
  buildTemplateItems,
  checkOf,
  paperOf,
  practiceMaterial,
  toPracticeItem,
} from './learning-assistant.practice';
import type { LearningAssistantRepository, StoredPracticeSession } from './learning-assistant.repository';
import type { Plans } from '../plans/plans.service';

type Log = { warn(obj: object, msg?: string): void };

/** The model's calls when AI_PROVIDER=openai-compatible, else null (the templates answer). */
export function learningModelFromConfig(config: Config): LearningModel | null {
  const llm = llmConfigFromEnv(config);
  return llm ? createLearningModel(llm) : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sessionNotFound = () => new AppError('not_found', msg.sessionNotFound, { status: 404 });
const mistakeNotFound = () => new AppError('not_found', msg.mistakeNotFound, { status: 404 });

function toSession(row: StoredPracticeSession): PracticeSession {
  return {
    id: row.id,
    subject: row.subject,
    difficulty: row.difficulty,
    source: row.source,
    items: row.questions.map(toPracticeItem),
  };
}

export function createLearningAssistantService(deps: {
  repository: LearningAssistantRepository;
  model: LearningModel | null;
  /** explanations and the learning chat are the learning feedback of Premium Student (issue 20, ADR 0018) */
  plans: Pick<Plans, 'requireFeature'>;
  log: Log;
  now?: () => Date;
}) {
  const { repository, model, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** The Lern-Assistent is the students' (issue 17 §3): a teacher's account gets a clear 403. */
  async function requireStudent(userId: string) {
    if ((await repository.findAccountType(userId)) !== 'student') {
      throw new AppError('forbidden', msg.studentsOnly, { status: 403 });
    }
  }

  async function overviewOf(userId: string): Promise<LearningOverview> {
    const at = now();
    const [records, practice, exams] = await Promise.all([
      repository.results(userId),
      repository.practiceTimes(userId),
      repository.upcomingExams(userId, berlinDay(at)),
    ]);
    return deriveOverview({ records, practice, exams, now: at });
  }

  return {
    async overview(userId: string): Promise<LearningOverview> {
      await requireStudent(userId);
      return overviewOf(userId);
    },

    async createPractice(
      userId: string,
      request: z.output<typeof practiceRequestSchema>,
    ): Promise<PracticeSession> {
      await requireStudent(userId);
      const subject = normaliseSubject(request.subject);
      const material = practiceMaterial(await repository.results(userId), subject);
      if (material.length === 0) throw new AppError('conflict', msg.practiceNoMaterial, { status: 409 });
      let questions: StoredPracticeQuestion[] = [];
      let source: 'llm' | 'templates' = 'templates';
      if (model) {
        try {
          const generated = await model.practiceItems({
            subject,
            difficulty: request.difficulty,
            count: request.count,
            material,
          });
          // all from the model or none: a session that is half the model's would be labelled wrongly
          if (generated.length >= request.count) {
            questions = generated.slice(0, request.count);
            source = 'llm';
          }
        } catch (error) {
          log.warn({ err: error }, 'practice items from the model failed; templates instead');
        }
      }
      if (source === 'templates') questions = buildTemplateItems(material, request.count, request.difficulty);
      const row = await repository.createSession({
        userId,
        subject,
        difficulty: request.difficulty,
        source,
        questions,
        createdAt: now(),
      });
      return toSession(row);
    },

    /**
     * Her answers checked by the engine that grades tests: the session is the answer key, her answers one
     * paper with a task per item. Every submit checks again and keeps the newest check (she may correct
     * herself and try again); the study time counts up to that last check, at most an hour.
     */
    async answer(userId: string, sessionId: string, body: PracticeAnswers): Promise<PracticeCheck> {
      await requireStudent(userId);
      if (!uuidPattern.test(sessionId)) throw sessionNotFound();
      const session = await repository.findSession(userId, sessionId);
      if (!session) throw sessionNotFound();
      const known = new Set(session.questions.map((q) => q.id));
      const answers = new Map(
        body.answers.filter((a) => known.has(a.itemId)).map((a) => [a.itemId, a.answer] as const),
      );
      const at = now();
      const result = await grade(
        {
          text: paperOf(session.questions, answers),
          answerKey: { kind: 'test', test: answerKeyOf(session.questions, session.subject) },
        },
        { subject: session.subject, date: at.toISOString().slice(0, 10) },
      );
      const check = checkOf(session.questions, answers, result);
      await repository.saveCheck(userId, sessionId, {
        answeredAt: at,
        achieved: check.achieved,
        total: check.total,
        lastCheck: {
          answers: [...answers].map(([itemId, answer]) => ({ itemId, answer })),
          items: check.items,
        },
      });
      return check;
    },

    async explain(userId: string, mistakeId: string): Promise<Explanation> {
      await requireStudent(userId);
      await deps.plans.requireFeature(userId, 'learningFeedback');
      const records = await repository.results(userId);
      const mistake = mistakesOf(records).find((m) => m.id === mistakeId);
      if (!mistake) throw mistakeNotFound();
      const [, t, s, e] = mistakeId.split(':').map(Number);
      const result = records.find((r) => r.analysisId === mistake.analysisId)!.result!;
      const error = result.tasks[t!]!.subtasks[s!]!.errors[e!]!;
      const templates = explainFromTemplates(mistake, { details: error.details, category: error.category });
      if (!model) return templates;
      try {
        const written = await model.explain(mistake, error.details);
        return { ...templates, ...written, source: 'llm' };
      } catch (failure) {
        log.warn({ err: failure }, 'explanation from the model failed; templates instead');
        return templates;
      }
    },

    async chat(userId: string, request: LearningChatRequest): Promise<LearningChatReply> {
      await requireStudent(userId);
      await deps.plans.requireFeature(userId, 'learningFeedback');
      const overview = await overviewOf(userId);
      if (model && overview.hasResults) {
        try {
          return { reply: await model.chat(overview, request), source: 'llm' };
        } catch (failure) {
          log.warn({ err: failure }, 'chat answer from the model failed; templates instead');
        }
      }
      return { reply: chatFromTemplates(overview, request), source: 'templates' };
    },
  };
}

export type LearningAssistantService = ReturnType<typeof createLearningAssistantService>;
