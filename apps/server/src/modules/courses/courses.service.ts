import {
  courseMessages,
  createCourseRequestSchema,
  updateCourseRequestSchema,
  type Course,
  type CreateCourseRequest,
  type UpdateCourseRequest,
} from '@korrigo/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { CoursesRepository } from './courses.repository';

type Clock = () => Date;

/**
 * Courses (spec 001 §2–§6, issue 15 §4). Teachers only (a student gets 403); a course the teacher does not
 * teach, or a class she does not teach, is not found (404).
 */
export function createCoursesService(deps: { repository: CoursesRepository; now?: Clock }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireTeacher(userId: string) {
    if ((await repository.findAccountType(userId)) !== 'teacher') throw forbidden();
  }

  async function requireCourse(userId: string, courseId: string): Promise<Course> {
    await requireTeacher(userId);
    const course = await repository.find(userId, courseId);
    if (!course) throw notFound();
    return course;
  }

  return {
    async list(userId: string): Promise<Course[]> {
      await requireTeacher(userId);
      return repository.list(userId);
    },

    get: requireCourse,

    async create(userId: string, input: CreateCourseRequest): Promise<Course> {
      const request = createCourseRequestSchema.parse(input);
      await requireTeacher(userId);
      const classIds = [...new Set(request.classIds)];
      const found = await repository.teachableClasses(userId, classIds);
      if (found.length !== classIds.length) throw notFound();
      const schoolIds = new Set(found.map((row) => row.schoolId));
      if (schoolIds.size !== 1) {
        throw new AppError('validation', courseMessages.sameSchool, {
          fields: { classIds: courseMessages.sameSchool },
        });
      }
      const courseId = await repository.transaction((tx) =>
        repository.createCourse(
          tx,
          {
            schoolId: found[0]!.schoolId,
            name: request.name,
            subject: request.subject,
            description: request.description,
            classroom: request.classroom,
            schedule: request.schedule,
            startDate: request.startDate,
            createdBy: userId,
          },
          classIds,
        ),
      );
      return requireCourse(userId, courseId);
    },

    async update(userId: string, courseId: string, input: UpdateCourseRequest): Promise<Course> {
      const { archived, ...fields } = updateCourseRequestSchema.parse(input);
      const course = await requireCourse(userId, courseId);
      await repository.updateCourse(courseId, {
        ...fields,
        ...(archived === undefined || archived === course.archived
          ? {}
          : { archivedAt: archived ? now() : null }),
      });
      return requireCourse(userId, courseId);
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
