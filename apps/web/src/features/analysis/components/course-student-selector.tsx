import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BookOpen, Check, Search } from 'lucide-react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  EmptyState,
  Input,
  Spinner,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { useTeacherCourses } from '@/lib/api/teacher-courses';
import {
  confirmedLink,
  filterCourses,
  selectionOf,
  toggleCourse,
  toggleStudent,
  type CourseLink,
  type CourseSelection,
} from '../utils/course-selection';

type CourseStudentSelectorProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the link already chosen: the selector opens with it */
  current: CourseLink | null;
  onConfirm: (link: CourseLink) => void;
};

/** A toggle in a list: a second press deselects it (spec 001 §4), so aria-pressed says what a press does. */
function Choice({
  pressed,
  onPress,
  label,
  hint,
}: {
  pressed: boolean;
  onPress: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={pressed}
        onClick={onPress}
        className={cn(
          'flex w-full cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-left text-sm transition-colors',
          'focus-visible:outline-2 focus-visible:outline-primary-600',
          pressed
            ? 'border-primary-600 bg-primary-50 text-slate-900'
            : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
        )}
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-medium break-words">{label}</span>
          {hint ? <span className="text-xs text-slate-600">{hint}</span> : null}
        </span>
        {pressed ? <Check aria-hidden="true" className="size-4 shrink-0 text-primary-700" /> : null}
      </button>
    </li>
  );
}

/**
 * spec 001 §2 'Course and student selector modal', §4: the teacher's courses (searchable); choosing one shows
 * its participants; Übernehmen only with both. The pick stays here until it is confirmed.
 */
export function CourseStudentSelector({
  open,
  onOpenChange,
  current,
  onConfirm,
}: CourseStudentSelectorProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={t.linkTitle} description={t.linkDescription} className="max-w-2xl">
          <SelectorBody current={current} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function SelectorBody({
  current,
  onCancel,
  onConfirm,
}: {
  current: CourseLink | null;
  onCancel: () => void;
  onConfirm: (link: CourseLink) => void;
}) {
  const courses = useTeacherCourses(true);
  const [selection, setSelection] = useState<CourseSelection>(() => selectionOf(current));
  const [search, setSearch] = useState('');
  const searchId = useId();
  const coursesId = useId();
  const studentsId = useId();

  const all = courses.data ?? [];
  const shown = filterCourses(all, search);
  const selected = all.find((course) => course.id === selection.courseId);
  const link = confirmedLink(selection, all);

  if (courses.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t.linkLoading} />
      </div>
    );
  }
  if (courses.isError)
    return <Alert tone="error">{`${t.linkLoadFailed} ${errorMessage(courses.error)}`}</Alert>;
  if (filterCourses(all, '').length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        title={t.linkNoCourses}
        description={t.linkNoCoursesText}
        action={
          <Button asChild variant="secondary">
            <Link to="/dashboard/classes">{t.linkToClasses}</Link>
          </Button>
        }
      />
    );
  }

  return (
    <>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t.linkSearch}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder={t.linkSearchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby={coursesId} className="flex min-w-0 flex-col gap-2">
          <h3 id={coursesId} className="text-sm font-semibold text-slate-900">
            {t.linkCourses}
          </h3>
          {shown.length === 0 ? (
            <p className="text-sm text-slate-600">{t.linkNoMatches}</p>
          ) : (
            <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto p-0.5" data-testid="link-courses">
              {shown.map((course) => (
                <Choice
                  key={course.id}
                  label={course.name}
                  hint={[course.subject, course.classNames.join(', ')].filter(Boolean).join(' · ')}
                  pressed={selection.courseId === course.id}
                  onPress={() => setSelection((now) => toggleCourse(now, course.id))}
                />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby={studentsId} className="flex min-w-0 flex-col gap-2" aria-live="polite">
          <h3 id={studentsId} className="text-sm font-semibold text-slate-900">
            {selected ? t.linkStudents(selected.name) : t.linkStudentsTitle}
          </h3>
          {!selected ? (
            <p className="text-sm text-slate-600">{t.linkChooseCourse}</p>
          ) : selected.students.length === 0 ? (
            <p className="text-sm text-slate-600">{t.linkNoStudents}</p>
          ) : (
            <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto p-0.5" data-testid="link-students">
              {selected.students.map((student) => (
                <Choice
                  key={student.id}
                  label={student.name}
                  pressed={selection.studentId === student.id}
                  onPress={() => setSelection((now) => toggleStudent(now, student.id))}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t.linkCancel}
        </Button>
        <Button type="button" disabled={!link} onClick={() => link && onConfirm(link)}>
          {t.linkConfirm}
        </Button>
      </DialogFooter>
    </>
  );
}
