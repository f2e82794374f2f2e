import {
  courseMessages,
  createCourseRequestSchema,
  updateCourseRequestSchema,
  type Course,
  type CourseDeletionImpact,
  type CourseMemberOptions,
  type CreateCourseRequest,
  type UpdateCourseRequest,
} from '@korrigo/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { deleteFiles } from '../classes/classes.service';
import type { CoursesRepository } from './courses.repository';

type Clock = () => Date;

/**
 * Courses (spec 001 §2–§6, issue 15 §4). Teachers only (a student gets 403); a course the teacher does not
 * teach, or a class she does not teach, is not found (404).
 */
export function createCoursesService(deps: {
  repository: CoursesRepository;
  storage?: Pick<Storage, 'delete'>;
  now?: Clock;
}) {
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
            endDate: request.endDate,
            createdBy: userId,
          },
          classIds,
        ),
      );
      return requireCourse(userId, courseId);
    },

    async update(userId: string, courseId: string, input: UpdateCourseRequest): Promise<Course> {
      const { archived, studentIds, teacherIds, ...fields } = updateCourseRequestSchema.parse(input);
      const course = await requireCourse(userId, courseId);
      const members = {
        ...(studentIds ? { studentIds: [...new Set(studentIds)] } : {}),
        ...(teacherIds ? { teacherIds: [...new Set(teacherIds)] } : {}),
      };
      if (members.studentIds) {
        const found = await repository.rosterEntriesOfCourse(courseId, members.studentIds);
        if (found.length !== members.studentIds.length) {
          throw invalid('studentIds', courseMessages.studentNotInClasses);
        }
      }
      if (members.teacherIds) {
        // she would lose the course on saving; another teacher of it may take her off
        if (!members.teacherIds.includes(userId))
          throw invalid('teacherIds', courseMessages.cannotRemoveSelf);
        const found = await repository.teachersOfSchool(course.schoolId, members.teacherIds);
        if (found.length !== members.teacherIds.length) {
          throw invalid('teacherIds', courseMessages.teacherNotInSchool);
        }
      }
      await repository.updateCourse(courseId, {
        ...fields,
        ...(archived === undefined || archived === course.archived
          ? {}
          : { archivedAt: archived ? now() : null }),
      });
      if (members.studentIds || members.teacherIds) await repository.replaceMembers(courseId, members);
      return requireCourse(userId, courseId);
    },

    /** The pick-list sources of the edit view: the course's classes' rosters, the school's teachers. */
    async memberOptions(userId: string, courseId: string): Promise<CourseMemberOptions> {
      const course = await requireCourse(userId, courseId);
      return repository.memberOptions(courseId, course.schoolId);
    },

    async deletionImpact(userId: string, courseId: string): Promise<CourseDeletionImpact> {
      await requireCourse(userId, courseId);
      return repository.deletionImpact(courseId);
    },

    /** Deletes the course with its work and its material files; linked analyses stay (FK set null). */
    async remove(userId: string, courseId: string): Promise<void> {
      await requireCourse(userId, courseId);
      await deleteFiles(deps.storage, await repository.deleteCourse(courseId));
    },
  };
}

const invalid = (field: string, message: string) =>
  new AppError('validation', message, { fields: { [field]: message } });

export type CoursesService = ReturnType<typeof createCoursesService>;
