import {
  addClassTeacherRequestSchema,
  addSchoolPupilsRequestSchema,
  addStudentsRequestSchema,
  checkRosterEntries,
  classMessages,
  classNameKey,
  rosterImportMessages,
  rosterImportRequestSchema,
  type RosterImportRequest,
  type RosterImportResult,
  createClassRequestSchema,
  createSchoolRequestSchema,
  updateClassRequestSchema,
  type AddClassTeacherRequest,
  type AddSchoolPupilsRequest,
  type SchoolPupil,
  type AddStudentsRequest,
  type ClassDeletionImpact,
  type ClassTeachers,
  type ClassDetail,
  type ClassList,
  type ClassSummary,
  type CreateClassRequest,
  type RosterEntryInput,
  type CreateSchoolRequest,
  type School,
  type UpdateClassRequest,
} from '@korrigo/domain';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { ClassesRepository, ClassWithSchool, StudentRow } from './classes.repository';

type Clock = () => Date;

function toSummary(row: ClassWithSchool): ClassSummary {
  return {
    id: row.id,
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    name: row.name,
    description: row.description,
    gradeLevel: row.gradeLevel,
    studentCount: row.studentCount,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    archived: row.archivedAt !== null,
  };
}

const toStudent = (row: StudentRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  hasAccount: row.userId !== null,
});

/**
 * Every roster entry checked on its own (issue 34 §3): one that breaks a rule is a 400 that names its line in
 * German, in `fields` by its place in the list and all together in the message; nothing is written then.
 */
function validRoster(inputs: RosterEntryInput[]) {
  const { entries, problems } = checkRosterEntries(inputs);
  if (problems.length === 0) return entries;
  const fields = Object.fromEntries(
    problems.map((problem) => {
      const index = inputs.findIndex((input, at) => (input.line ?? at + 1) === problem.line);
      return [`students.${index}`, problem.message];
    }),
  );
  throw new AppError('validation', problems.map((problem) => problem.message).join(' '), { fields });
}

/** The first day of the clock's month in UTC: 'analyses this month' on the stat cards. */
const startOfMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

/**
 * Schools, classes and rosters (spec 001 §2–§6, issue 15 §1–§3, §6). Teachers only: a student's account
 * gets 403 for every write and every teacher list. A class the teacher does not teach is not found (404).
 */
export function createClassesService(deps: {
  repository: ClassesRepository;
  storage?: Pick<Storage, 'delete'>;
  now?: Clock;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireTeacher(userId: string) {
    const profile = await repository.findProfile(userId);
    if (profile?.accountType !== 'teacher') throw forbidden();
    return profile;
  }

  async function requireClass(userId: string, classId: string) {
    await requireTeacher(userId);
    const found = await repository.findClass(userId, classId);
    if (!found) throw notFound();
    return found;
  }

  async function detail(userId: string, classId: string): Promise<ClassDetail> {
    const found = await requireClass(userId, classId);
    return { ...toSummary(found), students: (await repository.listStudents(classId)).map(toStudent) };
  }

  return {
    /**
     * The teacher's schools. Her profile's school becomes a record the first time she asks (issue 15 §1),
     * once: afterwards a renamed profile changes nothing here.
     */
    async listSchools(userId: string): Promise<School[]> {
      const profile = await requireTeacher(userId);
      const profileSchool = profile.school.trim();
      if (profileSchool && !(await repository.hasProfileSchool(userId))) {
        await repository.createSchool({ name: profileSchool, createdBy: userId, fromProfileOf: userId });
      }
      const schools = (await repository.listSchools(userId)).map((row) => ({
        id: row.id,
        name: row.name,
        fromProfile: row.fromProfileOf === userId,
      }));
      // her own school first: the new class form preselects it
      return schools.sort((a, b) => Number(b.fromProfile) - Number(a.fromProfile));
    },

    async createSchool(userId: string, input: CreateSchoolRequest): Promise<School> {
      const { name } = createSchoolRequestSchema.parse(input);
      await requireTeacher(userId);
      const id = await repository.createSchool({ name, createdBy: userId });
      return { id: id!, name, fromProfile: false };
    },

    async listClasses(userId: string): Promise<ClassList> {
      await requireTeacher(userId);
      const rows = await repository.listClasses(userId);
      const active = rows.filter((row) => row.archivedAt === null);
      return {
        classes: rows.map(toSummary),
        stats: {
          classes: active.length,
          students: await repository.countStudents(active.map((row) => row.id)),
          courses: await repository.countCourses(userId),
          analysesThisMonth: await repository.countAnalysesSince(userId, startOfMonth(now())),
        },
      };
    },

    getClass: detail,

    /** spec 001 §3 New class form, §4: the creator becomes a teacher; the pasted roster comes along. */
    async createClass(userId: string, input: CreateClassRequest): Promise<ClassDetail> {
      const request = createClassRequestSchema.parse(input);
      await requireTeacher(userId);
      const students = validRoster(request.students);
      // another teacher's school is not found, like a missing one
      if (!(await repository.isSchoolTeacher(userId, request.schoolId))) throw notFound();
      const classId = await repository.transaction(async (tx) => {
        const id = await repository.createClass(tx, {
          schoolId: request.schoolId,
          name: request.name,
          gradeLevel: request.gradeLevel,
          description: request.description,
          createdBy: userId,
        });
        await repository.addStudents(tx, id, students);
        return id;
      });
      return detail(userId, classId);
    },

    async updateClass(userId: string, classId: string, input: UpdateClassRequest): Promise<ClassDetail> {
      const { archived, ...fields } = updateClassRequestSchema.parse(input);
      const found = await requireClass(userId, classId);
      const archivedAt = archived === undefined ? undefined : archived ? (found.archivedAt ?? now()) : null;
      await repository.updateClass(classId, {
        ...fields,
        ...(archivedAt === undefined ? {} : { archivedAt }),
      });
      return detail(userId, classId);
    },

    async listTeachers(userId: string, classId: string): Promise<ClassTeachers> {
      const found = await requireClass(userId, classId);
      const { teachers, school } = await repository.teachersOf(classId, found.schoolId);
      const present = new Set(teachers.map((teacher) => teacher.id));
      return { teachers, available: school.filter((teacher) => !present.has(teacher.id)) };
    },

    /** A colleague of the class's school becomes a teacher of the class; anyone else is refused (400). */
    async addTeacher(userId: string, classId: string, input: AddClassTeacherRequest): Promise<ClassTeachers> {
      const request = addClassTeacherRequestSchema.parse(input);
      const found = await requireClass(userId, classId);
      if (!(await repository.isSchoolTeacher(request.userId, found.schoolId))) {
        throw new AppError('validation', classMessages.teacherNotInSchool);
      }
      await repository.addTeacher(classId, request.userId);
      return this.listTeachers(userId, classId);
    },

    /** Removes a teacher of the class, never the last one (400). */
    async removeTeacher(userId: string, classId: string, teacherId: string): Promise<void> {
      await requireClass(userId, classId);
      const result = await repository.removeTeacher(classId, teacherId);
      if (result === 'absent') throw notFound();
      if (result === 'last') throw new AppError('validation', classMessages.lastTeacher);
    },

    /** spec 001 §5: the school's pupils not yet in this class, to pick from. */
    async listSchoolPupils(userId: string, classId: string): Promise<SchoolPupil[]> {
      const found = await requireClass(userId, classId);
      return (await repository.schoolPupils(classId, found.schoolId)).map((row) => ({
        ...toStudent(row.entry),
        className: row.className,
      }));
    },

    /** Adds picked pupils of the school; an id not on offer (another school, already present) is skipped. */
    async addSchoolPupils(
      userId: string,
      classId: string,
      input: AddSchoolPupilsRequest,
    ): Promise<{ added: number; class: ClassDetail }> {
      const { entryIds } = addSchoolPupilsRequestSchema.parse(input);
      const found = await requireClass(userId, classId);
      const wanted = new Set(entryIds);
      const offered = (await repository.schoolPupils(classId, found.schoolId)).filter((row) =>
        wanted.has(row.entry.id),
      );
      const added = await repository.addFromSchool(
        classId,
        offered.map((row) => row.entry),
      );
      return { added, class: await detail(userId, classId) };
    },

    async addStudents(
      userId: string,
      classId: string,
      input: AddStudentsRequest,
    ): Promise<{ added: number; class: ClassDetail }> {
      const request = addStudentsRequestSchema.parse(input);
      await requireClass(userId, classId);
      const students = validRoster(request.students);
      const added = await repository.transaction((tx) => repository.addStudents(tx, classId, students));
      return { added, class: await detail(userId, classId) };
    },

    /**
     * A school's pupil list in one go (issue 35 §3): each class's pupils go to her own class of that name in
     * that school (not archived), or a new class is created. Every pupil is checked as a pasted roster is; a
     * line that breaks a rule is a 400 naming class and line, and nothing is written then. A pupil already in
     * her class is not added twice (spec 001 §5), so importing the same file again changes nothing.
     */
    async importRoster(userId: string, input: RosterImportRequest): Promise<RosterImportResult> {
      const request = rosterImportRequestSchema.parse(input);
      const profile = await repository.findProfile(userId);
      if (profile?.accountType !== 'teacher') throw forbidden();
      if (!(await repository.isSchoolTeacher(userId, request.schoolId))) throw notFound();
      const checked = request.classes.map((item) => ({ ...item, ...checkRosterEntries(item.students) }));
      const problems = checked.flatMap((item) =>
        item.problems.map((problem) => `${item.name}: ${problem.message}`),
      );
      if (problems.length > 0) {
        throw new AppError('validation', `${rosterImportMessages.classesInvalid} ${problems.join(' ')}`);
      }
      const own = new Map(
        (await repository.listClasses(userId))
          .filter((row) => row.schoolId === request.schoolId && row.archivedAt === null)
          .map((row) => [classNameKey(row.name), row.id]),
      );
      return repository.transaction(async (tx) => {
        const result: RosterImportResult = { created: 0, extended: 0, added: 0 };
        for (const item of checked) {
          let classId = own.get(classNameKey(item.name));
          if (classId) result.extended++;
          else {
            classId = await repository.createClass(tx, {
              schoolId: request.schoolId,
              name: item.name,
              gradeLevel: item.gradeLevel,
              description: '',
              createdBy: userId,
            });
            own.set(classNameKey(item.name), classId);
            result.created++;
          }
          result.added += await repository.addStudents(tx, classId, item.entries);
        }
        return result;
      });
    },

    /** What deleting the class takes with it, for the confirmation (issue 15 §8). */
    async deletionImpact(userId: string, classId: string): Promise<ClassDeletionImpact> {
      await requireClass(userId, classId);
      const impact = await repository.deletionImpact(classId);
      return {
        students: impact.students,
        deletedCourses: impact.deletedCourses.map((course) => course.name),
        keptCourses: impact.keptCourses.map((course) => course.name),
      };
    },

    /** Deletes the class, its roster and the courses left without a class, with their material files. */
    async deleteClass(userId: string, classId: string): Promise<void> {
      await requireClass(userId, classId);
      const impact = await repository.deletionImpact(classId);
      const keys = await repository.deleteClass(
        classId,
        impact.deletedCourses.map((course) => course.id),
      );
      await deleteFiles(deps.storage, keys);
    },

    async removeStudent(userId: string, classId: string, studentId: string): Promise<void> {
      await requireClass(userId, classId);
      if (!(await repository.removeStudent(classId, studentId))) throw notFound();
    },
  };
}

/** Deletes stored files after their rows are gone; a file that cannot be deleted does not undo the delete. */
export async function deleteFiles(storage: Pick<Storage, 'delete'> | undefined, keys: string[]) {
  if (!storage) return;
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

export type ClassesService = ReturnType<typeof createClassesService>;
