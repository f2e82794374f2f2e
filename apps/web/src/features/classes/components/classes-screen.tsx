import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  BarChart3,
  BookOpen,
  FileUp,
  GraduationCap,
  Plus,
  School as SchoolIcon,
  UserPlus,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import {
  classMessages,
  courseMessages,
  invitationMessages,
  rosterImportMessages,
  type ClassSummary,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Badge, Button, Card, EmptyState, Skeleton } from '@/components/ui';
import { useClasses } from '../api/get-classes';
import { useCourses } from '../api/get-courses';
import { useSchools } from '../api/get-schools';
import { filterClasses, type ClassTab } from '../utils/class-filter';
import { ClassDetailsDialog } from './class-details-dialog';
import { CourseDetailsDialog, type CourseTabName } from './course-details-dialog';
import { CourseList } from './course-list';
import { InvitationsPanel, usePendingInvitationCount } from './invitations-panel';
import { InviteColleaguesDialog } from './invite-colleagues-dialog';
import { ImportRosterDialog } from './import-roster-dialog';
import { NewCourseDialog } from './new-course-dialog';
import { NewClassDialog } from './new-class-dialog';
import { TabbedCardList } from './tabbed-card-list';

/**
 * /dashboard/classes (spec 001 §2 'My classes and courses'): stat cards with real counts, the class list with
 * its tabs, search and show-all, and the class modals. The open class and course are the route's `classId`
 * and `courseId` parameters, so they can be linked and the browser's back button closes them.
 */
export function ClassesScreen() {
  const classes = useClasses();
  const schools = useSchools();
  const [params, setParams] = useSearchParams();
  const courses = useCourses();
  const [creating, setCreating] = useState(false);
  // every opening of 'Neue Klasse' is a fresh form; a school added inside it does not remount it (issue 34 §4)
  const [newClassForm, setNewClassForm] = useState(0);
  const startCreating = () => {
    setNewClassForm((current) => current + 1);
    setCreating(true);
  };
  const [creatingCourse, setCreatingCourse] = useState(false);
  // every opening of „Liste importieren“ starts without a file
  const [importForm, setImportForm] = useState(0);
  const [importing, setImporting] = useState(false);
  const [invitingColleagues, setInvitingColleagues] = useState(false);
  // spec 001 §2: the course modal first opens on Materialien; closing it resets it to Kursdetails
  const [courseTab, setCourseTab] = useState<CourseTabName>('materials');
  const openClassId = params.get('classId');
  const openCourseId = params.get('courseId');
  const activeClasses = classes.data?.classes.filter((item) => !item.archived) ?? [];
  const openCourse = courses.data?.find((course) => course.id === openCourseId) ?? null;

  // an LMS launch lands on its course's dialog (ADR 0031)
  const openDialog = (key: 'classId' | 'courseId', id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(key, id);
        else next.delete(key);
        return next;
      },
      { replace: id === null },
    );
  const openClass = (classId: string | null) => openDialog('classId', classId);
  const showCourse = (courseId: string | null) => openDialog('courseId', courseId);

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={classMessages.title} />
      <PageHeader
        title={classMessages.title}
        description={classMessages.subtitle}
        actions={
          <>
            <Button type="button" onClick={startCreating} disabled={!schools.data}>
              <Plus aria-hidden="true" />
              {classMessages.newClass}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setCreatingCourse(true)}
              disabled={activeClasses.length === 0}
            >
              <Plus aria-hidden="true" />
              {courseMessages.newCourse}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setImportForm((current) => current + 1);
                setImporting(true);
              }}
              disabled={!schools.data?.length || !classes.data}
            >
              <FileUp aria-hidden="true" />
              {rosterImportMessages.open}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setInvitingColleagues(true)}
              disabled={!schools.data?.length}
            >
              <UserPlus aria-hidden="true" />
              {invitationMessages.inviteColleagues}
            </Button>
          </>
        }
      />

      <section aria-label="Überblick" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        <StatCard
          icon={GraduationCap}
          label={classMessages.statClasses}
          value={classes.data?.stats.classes}
        />
        <StatCard icon={Users} label={classMessages.statStudents} value={classes.data?.stats.students} />
        <StatCard icon={BookOpen} label={classMessages.statCourses} value={classes.data?.stats.courses} />
        <StatCard
          icon={BarChart3}
          label={classMessages.statAnalyses}
          value={classes.data?.stats.analysesThisMonth}
        />
      </section>

      <section aria-labelledby="classes-heading" className="flex flex-col gap-4">
        <h2 id="classes-heading" className="text-xl font-semibold text-slate-900">
          {classMessages.statClasses}
        </h2>
        {classes.isError ? <Alert tone="error">{classMessages.loadFailed}</Alert> : null}
        {classes.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only">{classMessages.loading}</span>
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : null}
        {classes.data ? (
          <ClassList
            classes={classes.data.classes}
            onOpen={(item) => openClass(item.id)}
            onCreate={startCreating}
          />
        ) : null}
      </section>

      <section aria-labelledby="courses-heading" className="flex flex-col gap-4">
        <h2 id="courses-heading" className="text-xl font-semibold text-slate-900">
          {courseMessages.title}
        </h2>
        {courses.isError ? <Alert tone="error">{courseMessages.listFailed}</Alert> : null}
        {courses.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only">{courseMessages.loading}</span>
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : null}
        {courses.data ? (
          <CourseList
            courses={courses.data}
            canCreate={activeClasses.length > 0}
            onOpen={(course) => showCourse(course.id)}
            onCreate={() => setCreatingCourse(true)}
          />
        ) : null}
      </section>

      {schools.data ? (
        <NewClassDialog
          key={newClassForm}
          open={creating}
          onOpenChange={setCreating}
          schools={schools.data}
          onCreated={(created) => openClass(created.id)}
        />
      ) : null}
      {schools.data?.length && classes.data ? (
        <ImportRosterDialog
          key={importForm}
          open={importing}
          onOpenChange={setImporting}
          schools={schools.data}
          classes={classes.data.classes}
        />
      ) : null}
      {schools.data?.length ? (
        <InviteColleaguesDialog
          key={schools.data.map((school) => school.id).join()}
          open={invitingColleagues}
          onOpenChange={setInvitingColleagues}
          schools={schools.data}
        />
      ) : null}
      <ClassDetailsDialog
        classId={openClassId}
        courses={courses.data ?? []}
        onClose={() => openClass(null)}
      />
      <NewCourseDialog
        open={creatingCourse}
        onOpenChange={setCreatingCourse}
        classes={activeClasses}
        onCreated={(course) => showCourse(course.id)}
      />
      <CourseDetailsDialog
        course={openCourse}
        tab={courseTab}
        onTabChange={setCourseTab}
        onClose={() => {
          showCourse(null);
          setCourseTab('details');
        }}
      />
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: number | undefined;
}) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-4">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700 sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="text-xs text-slate-600 sm:text-sm">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-10" />
        ) : (
          <p className="text-2xl font-semibold text-slate-900">{value}</p>
        )}
      </div>
    </Card>
  );
}

type ClassListTab = ClassTab | 'pending';

// spec 001 §2: tabs active, archived, pending invitations
const classTabs: Array<{ value: ClassListTab; label: string }> = [
  { value: 'active', label: classMessages.tabActive },
  { value: 'archived', label: classMessages.tabArchived },
  { value: 'pending', label: invitationMessages.tabPending },
];

function ClassList({
  classes,
  onOpen,
  onCreate,
}: {
  classes: ClassSummary[];
  onOpen: (item: ClassSummary) => void;
  onCreate: () => void;
}) {
  const pending = usePendingInvitationCount();
  return (
    <TabbedCardList
      label={classMessages.statClasses}
      tabs={classTabs}
      count={(which) =>
        which === 'pending'
          ? pending
          : classes.filter((item) => item.archived === (which === 'archived')).length
      }
      filter={(which, query) => (which === 'pending' ? [] : filterClasses(classes, which, query))}
      content={(which) => (which === 'pending' ? <InvitationsPanel /> : undefined)}
      searchLabel={classMessages.search}
      noMatch={classMessages.noMatch}
      empty={(which) =>
        which === 'active' ? (
          <EmptyState
            icon={GraduationCap}
            title={classMessages.emptyActive}
            action={
              <Button type="button" onClick={onCreate}>
                <Plus aria-hidden="true" />
                {classMessages.newClass}
              </Button>
            }
          />
        ) : (
          <EmptyState title={classMessages.emptyArchived} />
        )
      }
      card={(item) => <ClassCard item={item} onOpen={() => onOpen(item)} />}
    />
  );
}

function ClassCard({ item, onOpen }: { item: ClassSummary; onOpen: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{item.name}</h3>
        <Badge tone="primary">
          {classMessages.gradeLevel} {item.gradeLevel}
        </Badge>
      </div>
      <p className="flex items-center gap-1.5 text-sm text-slate-600">
        <SchoolIcon aria-hidden="true" className="size-4" />
        {item.schoolName}
      </p>
      {item.description ? <p className="line-clamp-2 text-sm text-slate-700">{item.description}</p> : null}
      <div className="mt-auto flex items-center justify-between gap-2 pt-1">
        <span className="text-sm text-slate-600">{classMessages.studentCount(item.studentCount)}</span>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={`${item.name}: ${classMessages.details}`}
          onClick={onOpen}
        >
          {classMessages.details}
        </Button>
      </div>
    </Card>
  );
}
