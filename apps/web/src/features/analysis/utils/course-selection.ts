import type { Course } from '@korrigo/domain';

/** A course or a pupil as the selector shows it. */
export type LinkPart = { id: string; name: string };

/** What the teacher picked in the course and student selector: the Analysis record's course and pupil. */
export type CourseLink = { course: LinkPart; student: LinkPart };

/** The selector's state between opening and Übernehmen. */
export type CourseSelection = { courseId: string | null; studentId: string | null };

export const emptySelection: CourseSelection = { courseId: null, studentId: null };

/**
 * spec 001 §4: clicking the selected course deselects it and clears the student; choosing another course
 * clears the student too (a pupil belongs to one course's list).
 */
export function toggleCourse(selection: CourseSelection, courseId: string): CourseSelection {
  if (selection.courseId === courseId) return emptySelection;
  return { courseId, studentId: null };
}

/** A pupil is chosen within the selected course; a second click deselects it. Without a course nothing changes. */
export function toggleStudent(selection: CourseSelection, studentId: string): CourseSelection {
  if (!selection.courseId) return selection;
  return { ...selection, studentId: selection.studentId === studentId ? null : studentId };
}

/** spec 001 §4: Übernehmen only with both a course and a pupil of it; null until then. */
export function confirmedLink(selection: CourseSelection, courses: readonly Course[]): CourseLink | null {
  const course = courses.find((entry) => entry.id === selection.courseId);
  const student = course?.students.find((entry) => entry.id === selection.studentId);
  if (!course || !student) return null;
  return { course: { id: course.id, name: course.name }, student: { id: student.id, name: student.name } };
}

/** The selection a link opens with again, so the teacher sees what is chosen. */
export function selectionOf(link: CourseLink | null): CourseSelection {
  return link ? { courseId: link.course.id, studentId: link.student.id } : emptySelection;
}

/** Courses by name or subject, ignoring case; active ones only, archived courses take no new work. */
export function filterCourses(courses: readonly Course[], query: string): Course[] {
  const needle = query.trim().toLocaleLowerCase('de');
  return courses.filter(
    (course) =>
      !course.archived &&
      (!needle ||
        [course.name, course.subject, ...course.classNames].some((field) =>
          field.toLocaleLowerCase('de').includes(needle),
        )),
  );
}
