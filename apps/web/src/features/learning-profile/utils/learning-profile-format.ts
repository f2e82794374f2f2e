import {
  formatPointsValue,
  type GradeRecord,
  type LearningProfileCourse,
  type gradeClassOf,
} from '@korrigo/domain';

/** A calendar day (YYYY-MM-DD) in the German form (spec 001 §9): 24.11.2026. Read as text, so no time zone moves it. */
export function formatDay(day: string): string {
  const [year, month, dayOfMonth] = day.split('-');
  return `${dayOfMonth}.${month}.${year}`;
}

/** '7,75 / 12'; '–' where the points are open. */
export function formatScore(record: Pick<GradeRecord, 'achieved_points' | 'total_points'>): string {
  if (record.total_points === null) return '–';
  const achieved = record.achieved_points === null ? '–' : formatPointsValue(record.achieved_points);
  return `${achieved} / ${formatPointsValue(record.total_points)}`;
}

/** A share in percent with a German comma and one decimal: '64,6 %'. */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

export type CourseFilter = 'all' | 'active' | 'completed';

export function filterCourses(courses: LearningProfileCourse[], filter: CourseFilter) {
  return filter === 'all' ? courses : courses.filter((course) => course.status === filter);
}

type GradeClass = NonNullable<ReturnType<typeof gradeClassOf>>;

/**
 * spec 001 §9: the five grade classes as calm badges; dark text on a light tint of the same hue keeps each
 * above 4.5:1 (WCAG AA).
 */
export const gradeClassStyles: Record<GradeClass, string> = {
  excellent: 'bg-green-50 text-green-800 ring-green-200',
  good: 'bg-teal-50 text-teal-800 ring-teal-200',
  average: 'bg-sky-50 text-sky-800 ring-sky-200',
  poor: 'bg-amber-50 text-amber-900 ring-amber-200',
  fail: 'bg-red-50 text-red-800 ring-red-200',
};
