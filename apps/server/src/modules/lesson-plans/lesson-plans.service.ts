import { z } from 'zod';
import {
  draftFromTemplate,
  findLessonTemplate,
  lessonPlanLimits,
  lessonPlanMessages as msg,
  lessonPlanPdfLabels,
  lessonTemplates,
  type LessonDraft,
  type LessonDraftRequest,
  type LessonPlan,
  type LessonPlanInput,
  type LessonTemplate,
} from '@korrigo/domain';
import { llmConfigFromEnv } from '@korrigo/grading';
import type { Config } from '../../env';
import { asciiFileName } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { renderPdf } from '../../platform/pdf';
import { createLessonPlanModel, type LessonPlanModel } from './lesson-plans.model';
import { lessonPlanDocument } from './lesson-plans.pdf';
import type { LessonPlanRow, LessonPlansRepository } from './lesson-plans.repository';

type Log = { warn(obj: object, msg?: string): void };

/** The draft's model when AI_PROVIDER=openai-compatible (the Lern-Assistent's configuration), else null. */
export function lessonPlanModelFromConfig(config: Config): LessonPlanModel | null {
  const llm = llmConfigFromEnv(config);
  return llm ? createLessonPlanModel(llm) : null;
}

const uuid = z.uuid();
const planNotFound = () => new AppError('not_found', msg.notFound, { status: 404 });
const courseNotFound = () =>
  new AppError('not_found', msg.courseNotFound, { status: 404, fields: { courseId: msg.courseNotFound } });

function inputOf(row: LessonPlanRow): LessonPlanInput {
  return {
    title: row.title,
    subject: row.subject,
    gradeLevel: row.gradeLevel,
    durationMinutes: row.durationMinutes,
    date: row.date,
    courseId: row.courseId,
    status: row.status,
    topic: row.topic,
    goals: row.goals,
    phases: row.phases,
    notes: row.notes,
    templateId: row.templateId,
  };
}

export function toLessonPlan(row: LessonPlanRow): LessonPlan {
  return {
    ...inputOf(row),
    id: row.id,
    courseName: row.courseName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Lesson plans (spec 001 §2 lessonsplan, issue 18 point 3): the teacher's own; a student gets 403, another
 * teacher's plan, or a course she does not teach, 404.
 */
export function createLessonPlansService(deps: {
  repository: LessonPlansRepository;
  model: LessonPlanModel | null;
  log: Log;
  now?: () => Date;
}) {
  const { repository, model, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireTeacher(userId: string) {
    if ((await repository.findAccountType(userId)) !== 'teacher') {
      throw new AppError('forbidden', msg.teachersOnly, { status: 403 });
    }
  }

  async function ownPlan(userId: string, id: string): Promise<LessonPlanRow> {
    await requireTeacher(userId);
    const row = uuid.safeParse(id).success ? await repository.find(userId, id) : undefined;
    if (!row) throw planNotFound();
    return row;
  }

  /** The course's name for the snapshot; a course she does not teach is not found. */
  async function courseNameOf(userId: string, courseId: string | null): Promise<string | null> {
    if (!courseId) return null;
    const name = await repository.taughtCourseName(userId, courseId);
    if (name === null) throw courseNotFound();
    return name;
  }

  async function valuesOf(userId: string, input: LessonPlanInput) {
    return { ...input, courseName: await courseNameOf(userId, input.courseId) };
  }

  return {
    async list(userId: string, courseId?: string): Promise<LessonPlan[]> {
      await requireTeacher(userId);
      if (courseId !== undefined) await courseNameOf(userId, courseId);
      return (await repository.list(userId, courseId)).map(toLessonPlan);
    },

    async templates(userId: string): Promise<LessonTemplate[]> {
      await requireTeacher(userId);
      return lessonTemplates;
    },

    async get(userId: string, id: string): Promise<LessonPlan> {
      return toLessonPlan(await ownPlan(userId, id));
    },

    async create(userId: string, input: LessonPlanInput): Promise<LessonPlan> {
      await requireTeacher(userId);
      return toLessonPlan(await repository.create(userId, await valuesOf(userId, input), now()));
    },

    async update(userId: string, id: string, input: LessonPlanInput): Promise<LessonPlan> {
      const existing = await ownPlan(userId, id);
      // a plan keeps the name of a course that is gone (course_id set null) until she links another
      const values =
        input.courseId === null && existing.courseId === null
          ? { ...input, courseName: existing.courseName }
          : await valuesOf(userId, input);
      const row = await repository.update(userId, id, values, now());
      if (!row) throw planNotFound();
      return toLessonPlan(row);
    },

    async duplicate(userId: string, id: string): Promise<LessonPlan> {
      const source = await ownPlan(userId, id);
      // the copy keeps the course only while she still teaches it
      const courseName = source.courseId
        ? await repository.taughtCourseName(userId, source.courseId)
        : source.courseName;
      const title = source.title.slice(0, lessonPlanLimits.titleMax - msg.copySuffix.length) + msg.copySuffix;
      const values = {
        ...inputOf(source),
        title,
        status: 'draft' as const,
        courseId: courseName === null ? null : source.courseId,
        courseName,
      };
      return toLessonPlan(await repository.create(userId, values, now()));
    },

    async delete(userId: string, id: string): Promise<void> {
      await ownPlan(userId, id);
      if (!(await repository.delete(userId, id))) throw planNotFound();
    },

    async pdf(userId: string, id: string) {
      const plan = toLessonPlan(await ownPlan(userId, id));
      const body = await renderPdf(lessonPlanDocument(plan));
      return { fileName: `${asciiFileName(plan.title, lessonPlanPdfLabels.fileName)}.pdf`, body };
    },

    /** From the model when one is configured and its answer passes the plan schema, else from the template. */
    async draft(userId: string, request: LessonDraftRequest): Promise<LessonDraft> {
      await requireTeacher(userId);
      const template = findLessonTemplate(request.templateId);
      if (!template) {
        throw new AppError('validation', msg.templateUnknown, {
          status: 400,
          fields: { templateId: msg.templateUnknown },
        });
      }
      if (model) {
        try {
          return { draft: await model.draft(template, request), source: 'llm' };
        } catch (error) {
          log.warn({ err: error }, 'lesson plan draft from the model failed; the template instead');
        }
      }
      return { draft: draftFromTemplate(template, request), source: 'template' };
    },
  };
}
export type LessonPlansService = ReturnType<typeof createLessonPlansService>;
