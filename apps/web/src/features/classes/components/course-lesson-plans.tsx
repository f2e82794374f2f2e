import { Link } from 'react-router';
import { germanDateOf, lessonPlanMessages as m, type LessonPlan } from '@korrigo/domain';
import { LessonStatusBadge } from '@/components/lesson-status-badge';
import { Skeleton } from '@/components/ui';
import { useCourseLessonPlans } from '../api/get-course-lesson-plans';

/** The lesson planner's address that opens the plan in its editor. */
const planLink = (id: string) => `/dashboard/lessonsplan?plan=${encodeURIComponent(id)}`;

/** Plans by date (undated ones last), as a teacher reads a course's lessons. */
const byDate = (a: LessonPlan, b: LessonPlan) =>
  (a.date ?? '9999').localeCompare(b.date ?? '9999') || a.title.localeCompare(b.title, 'de');

/** Her lesson plans linked to the course (issue 18 point 3: 'shown in the course's details'). */
export function CourseLessonPlans({ courseId }: { courseId: string }) {
  const plans = useCourseLessonPlans(courseId);
  return (
    <section aria-labelledby={`course-plans-${courseId}`} className="mt-6 flex flex-col gap-2">
      <h3 id={`course-plans-${courseId}`} className="text-sm font-semibold text-slate-900">
        {m.coursePlans}
      </h3>
      {plans.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : plans.isError ? (
        <p className="text-sm text-red-700">{m.coursePlansFailed}</p>
      ) : plans.data.length === 0 ? (
        <p className="text-sm text-slate-600">{m.coursePlansEmpty}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
          data-testid="course-lesson-plans"
        >
          {[...plans.data].sort(byDate).map((plan) => (
            <li key={plan.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="w-24 shrink-0 text-slate-600 tabular-nums">
                {plan.date ? germanDateOf(plan.date) : m.noDate}
              </span>
              <Link
                to={planLink(plan.id)}
                className="min-w-0 flex-1 font-medium break-words text-primary-800 underline-offset-2 hover:underline"
                aria-label={m.openPlan(plan.title)}
              >
                {plan.title}
              </Link>
              <LessonStatusBadge status={plan.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
