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
            <li
              key={plan.id}
              className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:grid-cols-[6rem_1fr_auto]"
            >
              <span className="text-slate-600 tabular-nums">
                {plan.date ? germanDateOf(plan.date) : m.noDate}
              </span>
              <Link
                to={planLink(plan.id)}
                className="col-span-2 row-start-2 min-w-0 font-medium break-words text-primary-800 underline-offset-2 hover:underline sm:col-span-1 sm:col-start-2 sm:row-start-1"
                aria-label={m.openPlan(plan.title)}
              >
                {plan.title}
              </Link>
              <span className="justify-self-end sm:col-start-3 sm:row-start-1">
                <LessonStatusBadge status={plan.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
