import { useState } from 'react';
import { BookOpen, CalendarClock, Plus, Search } from 'lucide-react';
import { classMessages, courseMessages, courseTabOf, type Course, type CourseTab } from '@korrigo/domain';
import { Button, Card, EmptyState, Input, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { collapsedCount } from '../utils/class-filter';
import { filterCourses, localToday } from '../utils/course-filter';
import { scheduleSummary, SubjectBadge } from './course-details-dialog';

const tabs: Array<{ value: CourseTab; label: string; empty: string }> = [
  { value: 'active', label: courseMessages.tabActive, empty: courseMessages.emptyActive },
  { value: 'archived', label: courseMessages.tabArchived, empty: courseMessages.emptyArchived },
  { value: 'upcoming', label: courseMessages.tabUpcoming, empty: courseMessages.emptyUpcoming },
];

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
  const [tab, setTab] = useState<CourseTab>('active');
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const today = localToday();
  const count = (which: CourseTab) => courses.filter((course) => courseTabOf(course, today) === which).length;

  const renderTab = (which: (typeof tabs)[number]) => {
    const matches = filterCourses(courses, which.value, query, today);
    const shown = showAll ? matches : matches.slice(0, collapsedCount);
    if (count(which.value) === 0) {
      return (
        <EmptyState
          icon={BookOpen}
          title={which.empty}
          action={
            which.value === 'active' && canCreate ? (
              <Button type="button" onClick={onCreate}>
                <Plus aria-hidden="true" />
                {courseMessages.newCourse}
              </Button>
            ) : undefined
          }
        />
      );
    }
    if (matches.length === 0) return <EmptyState icon={Search} title={courseMessages.noMatch} />;
    return (
      <div className="flex flex-col gap-3">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((course) => (
            <li key={course.id}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-lg font-semibold text-slate-900">{course.name}</h3>
                  <SubjectBadge subject={course.subject} />
                </div>
                <p className="text-sm text-slate-600">
                  {course.classNames.join(', ')} · {course.schoolName}
                </p>
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
            </li>
          ))}
        </ul>
        {matches.length > collapsedCount ? (
          <div>
            <Button
              type="button"
              variant="ghost"
              aria-expanded={showAll}
              onClick={() => setShowAll(!showAll)}
            >
              {showAll ? classMessages.showLess : `${classMessages.showAll} (${matches.length})`}
            </Button>
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as CourseTab)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList aria-label={courseMessages.title} className="flex-wrap">
          {tabs.map((which) => (
            <TabsTrigger key={which.value} value={which.value}>
              {which.label} ({count(which.value)})
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="relative sm:w-72">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500"
          />
          <Input
            type="search"
            aria-label={courseMessages.search}
            placeholder={courseMessages.search}
            className="pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      {tabs.map((which) => (
        <TabsContent key={which.value} value={which.value}>
          {renderTab(which)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
