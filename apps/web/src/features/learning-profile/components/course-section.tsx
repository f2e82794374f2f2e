import { useState } from 'react';
import { CalendarClock, GraduationCap } from 'lucide-react';
import { learningProfileMessages as m, type LearningProfileCourse } from '@korrigo/domain';
import { SubjectBadge } from '@/components/subject-badge';
import { Badge, Card, EmptyState, Progress } from '@/components/ui';
import { cn } from '@/lib/cn';
import { subjectStyle } from '@/lib/subject-style';
import { filterCourses, formatDay, type CourseFilter } from '../utils/learning-profile-format';

const filters: { value: CourseFilter; label: string }[] = [
  { value: 'all', label: m.filterAll },
  { value: 'active', label: m.filterActive },
  { value: 'completed', label: m.filterCompleted },
];

/** spec 001 §2: the course filter (all, active, completed) and the course cards. */
export function CourseSection({ courses }: { courses: LearningProfileCourse[] }) {
  const [filter, setFilter] = useState<CourseFilter>('all');
  const shown = filterCourses(courses, filter);
  return (
    <section aria-labelledby="learning-profile-courses" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="learning-profile-courses" className="text-xl font-semibold text-slate-900">
          {m.coursesHeading}
        </h2>
        {/* one pressed at a time: a group of toggle buttons, each saying whether it is the one in force */}
        <div
          role="group"
          aria-label={m.courseFilter}
          className="inline-flex self-start rounded-lg bg-slate-100 p-1"
        >
          {filters.map((item) => (
            <button
              key={item.value}
              type="button"
              aria-pressed={filter === item.value}
              onClick={() => setFilter(item.value)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                filter === item.value
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={GraduationCap} title={m.noCourses} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="course-cards">
          {shown.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseCard({ course }: { course: LearningProfileCourse }) {
  const style = subjectStyle(course.subject);
  const active = course.status === 'active';
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="course-card">
      {/* spec 001 §9: the course's colour by its subject; the subject is also written out below */}
      <div aria-hidden="true" className={cn('h-2 w-full', style.stripClassName)} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words text-slate-900">{course.name}</h3>
          <Badge tone={active ? 'success' : 'neutral'} className="shrink-0">
            {active ? m.statusActive : m.statusCompleted}
          </Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <SubjectBadge subject={course.subject} />
          {course.classNames.length > 0 ? <span>{course.classNames.join(', ')}</span> : null}
        </div>
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{m.instructor}:</span> {course.instructor}
        </p>
        <div className="mt-auto flex flex-col gap-1.5">
          {course.progress && course.progress.total > 0 ? (
            <>
              <Progress
                value={course.progress.done}
                max={course.progress.total}
                tone={active ? 'primary' : 'success'}
                label={course.name}
                valueText={m.progress(course.progress.done, course.progress.total)}
              />
              <p className="text-sm text-slate-600">
                {m.progress(course.progress.done, course.progress.total)}
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-600">{m.noExams}</p>
          )}
          {course.nextExam ? (
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              {m.nextExam(course.nextExam.name, formatDay(course.nextExam.date))}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
