import { courseTabOf, type Course, type CourseTab } from '@korrigo/domain';
import { fold } from './class-filter';

/** The courses of one tab that match the search (spec 001 §2: by name, description and subject). */
export function filterCourses(courses: Course[], tab: CourseTab, query: string, today: string): Course[] {
  const needle = fold(query.trim());
  return courses.filter(
    (course) =>
      courseTabOf(course, today) === tab &&
      (!needle ||
        [course.name, course.description, course.subject].some((text) => fold(text).includes(needle))),
  );
}

/** Today in the viewer's time zone as YYYY-MM-DD, the form of a course's start date. */
export function localToday(now = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}
