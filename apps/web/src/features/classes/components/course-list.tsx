import { BookOpen, CalendarClock, Plus } from 'lucide-react';
import { courseMessages, courseTabOf, type Course, type CourseTab } from '@korrigo/domain';
import { Button, Card, EmptyState } from '@/components/ui';
import { filterCourses, localToday } from '../utils/course-filter';
import { scheduleSummary, SubjectBadge } from './course-details-dialog';
import { TabbedCardList } from './tabbed-card-list';

const tabs: Array<{ value: CourseTab; label: string }> = [
  { value: 'active', label: courseMessages.tabActive },
  { value: 'archived', label: courseMessages.tabArchived },
  { value: 'upcoming', label: courseMessages.tabUpcoming },
];

const emptyTitles: Record<CourseTab, string> = {
  active: courseMessages.emptyActive,
  archived: courseMessages.emptyArchived,
  upcoming: courseMessages.emptyUpcoming,
};

/** spec 001 §2 course list: tabs active, archived, upcoming; search by name, description, subject; show-all. */
export function CourseList({
  courses,
  onOpen,
  onCreate,
  canCreate,
}: {
  courses: Course[];
  onOpen: (course: Course) => void;
  onCreate: () => void;
  canCreate: boolean;
}) {
  const today = localToday();
  const count = (which: CourseTab) => courses.filter((course) => courseTabOf(course, today) === which).length;

  return (
    <TabbedCardList
      label={courseMessages.title}
      tabsListClassName="flex-wrap"
      tabs={tabs}
      count={count}
      filter={(which, query) => filterCourses(courses, which, query, today)}
      searchLabel={courseMessages.search}
      noMatch={courseMessages.noMatch}
      empty={(which) => (
        <EmptyState
          icon={BookOpen}
          title={emptyTitles[which]}
          action={
            which === 'active' && canCreate ? (
              <Button type="button" onClick={onCreate}>
                <Plus aria-hidden="true" />
                {courseMessages.newCourse}
              </Button>
            ) : undefined
          }
        />
      )}
      card={(course) => (
        <Card className="flex h-full flex-col gap-3 p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 className="text-lg font-semibold text-slate-900">{course.name}</h3>
            <SubjectBadge subject={course.subject} />
          </div>
          <p className="text-sm text-slate-600">
            {course.classNames.join(', ')} · {course.schoolName}
          </p>
          {course.startDate && course.startDate > localToday() ? (
            <p className="text-sm text-slate-700">
              {courseMessages.startsOn} {course.startDate.split('-').reverse().join('.')}
            </p>
          ) : null}
          {course.schedule.length > 0 ? (
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <CalendarClock aria-hidden="true" className="size-4" />
              {scheduleSummary(course)}
            </p>
          ) : null}
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            <span className="text-sm text-slate-600">
              {courseMessages.participants}: {course.students.length}
            </span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`${course.name}: ${courseMessages.details}`}
              onClick={() => onOpen(course)}
            >
              {courseMessages.details}
            </Button>
          </div>
        </Card>
      )}
    />
  );
}
