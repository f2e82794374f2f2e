import {
  generateQuestionsRequestSchema,
  gradingScaleIdOf,
  saveTestRequestSchema,
  testCreatorMessages,
  type GenerateQuestionsRequest,
  type SavedTest,
  type SaveTestRequest,
} from '@korrigo/domain';
import { AppError, notFound } from '../../platform/errors';
import type { QuestionGenerator } from './test-creator.generator';
import { toSavedTest, type TestCreatorRepository } from './test-creator.repository';
import type { Plans } from '../plans/plans.service';

type Clock = () => Date;

export function createTestCreatorService(deps: {
  repository: TestCreatorRepository;
  /** null when no LLM is configured (AI_PROVIDER=builtin): generation then answers 503 */
  generator: QuestionGenerator | null;
  /** AI test generations are counted per month by plan (issue 20) */
  plans: Pick<Plans, 'consume' | 'giveBack'>;
  now?: Clock;
}) {
  const { repository, generator } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Tests belong to the signed-in user by user id (spec 001 §6); the test creator is for teachers (§2).
   * Another user's id is answered like a missing one, so nobody can probe which ids exist.
   */
  async function requireTeacher(signedInUserId: string) {
    if ((await repository.findAccountType(signedInUserId)) !== 'teacher') {
      throw new AppError('forbidden', testCreatorMessages.teachersOnly, { status: 403 });
    }
  }

  async function requireOwnTeacherSpace(signedInUserId: string, userId: string) {
    await requireTeacher(signedInUserId);
    if (userId !== signedInUserId) throw notFound();
  }

  return {
    async list(signedInUserId: string, userId: string): Promise<SavedTest[]> {
      await requireOwnTeacherSpace(signedInUserId, userId);
      return (await repository.listByOwner(userId)).map(toSavedTest);
    },

    async get(signedInUserId: string, userId: string, testId: string): Promise<SavedTest> {
      await requireOwnTeacherSpace(signedInUserId, userId);
      const row = await repository.findOwned(userId, testId);
      if (!row) throw notFound();
      return toSavedTest(row);
    },

    /**
     * Save and duplicate (spec 001 §7): the full test under its id. A new id creates the test, an own id
     * overwrites it, another teacher's id is not found. Order is kept: orderIndex follows the list order.
     */
    async save(signedInUserId: string, input: SaveTestRequest): Promise<{ id: string; lastSaved: string }> {
      const test = saveTestRequestSchema.parse(input);
      await requireOwnTeacherSpace(signedInUserId, test.userId);
      const owner = await repository.findOwnerId(test.id);
      if (owner !== undefined && owner !== signedInUserId) throw notFound();
      const lastSaved = now();
      const saved = await repository.upsertOwned({
        id: test.id,
        userId: signedInUserId,
        title: test.title,
        subject: test.subject,
        grade: test.grade,
        testType: test.testType,
        duration: test.duration,
        topic: test.topic,
        learningObjectives: test.learningObjectives,
        questions: test.questions.map((question, orderIndex) => ({ ...question, orderIndex })),
        resources: test.resources.map((resource, orderIndex) => ({ ...resource, orderIndex })),
        gradingScale: gradingScaleIdOf(test.gradingScale),
        lastSaved,
      });
      if (!saved) throw notFound();
      return { id: test.id, lastSaved: lastSaved.toISOString() };
    },

    async remove(signedInUserId: string, userId: string, testId: string): Promise<void> {
      await requireOwnTeacherSpace(signedInUserId, userId);
      if (!(await repository.deleteOwned(userId, testId))) throw notFound();
    },

    /** 'Test generieren' (spec 001 §2): questions for the editor, to be checked and edited by the teacher. */
    async generate(signedInUserId: string, input: GenerateQuestionsRequest) {
      const request = generateQuestionsRequestSchema.parse(input);
      await requireTeacher(signedInUserId);
      if (!generator) {
        throw new AppError('unavailable', testCreatorMessages.generateComingSoon, { status: 503 });
      }
      if (!request.topic && !request.learningObjectives) {
        throw new AppError('validation', testCreatorMessages.generateNeedsTopic);
      }
      await deps.plans.consume(signedInUserId, 'testGenerations', now());
      try {
        return { questions: await generator.generate(request) };
      } catch (error) {
        // nothing generated, nothing counted
        await deps.plans.giveBack(signedInUserId, 'testGenerations');
        throw error;
      }
    },
  };
}

export type TestCreatorService = ReturnType<typeof createTestCreatorService>;
