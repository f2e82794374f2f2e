import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  courseLimits,
  courseMessages,
  courseSubjects,
  editFormDays,
  scheduleEntrySchema,
  updateCourseRequestSchema,
  weekdayAbbreviations,
  weekdayLabels,
  type Course,
  type CoursePerson,
} from '@korrigo/domain';
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@/components/ui';
import { useSession } from '@/lib/session';
import { useUpdateCourse } from '../api/course-mutations';
import { AssignmentsTab } from './course-work/assignments-tab';
import { ExamsTab } from './course-work/exams-tab';
import { MaterialsTab } from './course-work/materials-tab';
import { subjectStyle } from '@/lib/subject-style';
import { withToast } from '../utils/with-toast';
import { CourseFields } from './course-fields';
import { CourseLessonPlans } from './course-lesson-plans';
import { DeleteCourseButton } from './delete-course-button';
import { CourseMembersField } from './course-members-fields';
import { Fact } from './dialog-parts';
import { LmsRosterButton } from './lms-roster-button';
import { ScheduleFields } from './schedule-fields';

export type CourseTabName = 'details' | 'assignments' | 'exams' | 'materials';

type CourseDetailsDialogProps = {
  course: Course | null;
  tab: CourseTabName;
  onTabChange: (tab: CourseTabName) => void;
  onClose: () => void;
};

/**
 * spec 001 §2 course details modal: four tabs. Which tab shows is the screen's state, because the spec wants
 * the first opening on Materialien and every opening after a close on Kursdetails.
 */
export function CourseDetailsDialog({ course, tab, onTabChange, onClose }: CourseDetailsDialogProps) {
  const [editing, setEditing] = useState(false);
  const { user } = useSession();
  // spec 001 §2: whoever opens the modal sees the edit buttons; a participant never may write (issue 15 §5)
  const canEdit = course !== null && course.teachers.some((teacher) => teacher.id === user?.uid);
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <Dialog open={course !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={course ? course.name : courseMessages.details} className="max-w-2xl">
        {course ? (
          <Tabs
            value={tab}
            onValueChange={(value) => onTabChange(value as CourseTabName)}
            className="flex flex-col gap-4"
          >
            <TabsList aria-label={courseMessages.details} className="flex-wrap">
              <TabsTrigger value="details">{courseMessages.tabDetails}</TabsTrigger>
              <TabsTrigger value="assignments">{courseMessages.tabAssignments}</TabsTrigger>
              <TabsTrigger value="exams">{courseMessages.tabExams}</TabsTrigger>
              <TabsTrigger value="materials">{courseMessages.tabMaterials}</TabsTrigger>
            </TabsList>
            <TabsContent value="details">
              {editing ? (
                <CourseEditForm key={course.id} course={course} onDone={() => setEditing(false)} />
              ) : (
                <>
                  {/* the roster sync is the owner's (the server answers anyone else 404) */}
                  <CourseReadView course={course} canSyncRoster={course.createdBy === user?.uid} />
                  {canEdit ? <CourseLessonPlans courseId={course.id} /> : null}
                </>
              )}
            </TabsContent>
            <TabsContent value="assignments">
              <AssignmentsTab courseId={course.id} canEdit={canEdit} />
            </TabsContent>
            <TabsContent value="exams">
              <ExamsTab courseId={course.id} canEdit={canEdit} />
            </TabsContent>
            <TabsContent value="materials">
              <MaterialsTab courseId={course.id} canEdit={canEdit} />
            </TabsContent>
          </Tabs>
        ) : null}
        {!editing ? (
          <DialogFooter>
            {course && tab === 'details' ? <DeleteCourseButton course={course} onDeleted={close} /> : null}
            {course && tab === 'details' ? (
              <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
                {courseMessages.edit}
              </Button>
            ) : null}
            <Button type="button" variant="secondary" onClick={close}>
              {courseMessages.close}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Kursdetails, read view (spec 001 §2) with its fallbacks. */
function CourseReadView({ course, canSyncRoster }: { course: Course; canSyncRoster: boolean }) {
  const style = subjectStyle(course.subject);
  const Icon = style.icon;
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <Fact label={courseMessages.name}>{course.name}</Fact>
      <Fact label={courseMessages.subject}>
        <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 ${style.className}`}>
          <Icon aria-hidden="true" className="size-4" />
          {course.subject}
        </span>
      </Fact>
      <Fact label={courseMessages.classroom}>{course.classroom || '–'}</Fact>
      <Fact label={courseMessages.classes}>{course.classNames.join(', ')}</Fact>
      {course.lms ? (
        <Fact label={courseMessages.lms} wide>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {course.lms.title}
            {canSyncRoster ? <LmsRosterButton course={course} /> : null}
          </span>
        </Fact>
      ) : null}
      <Fact label={courseMessages.description} wide>
        {course.description || courseMessages.noDescription}
      </Fact>
      <Fact label={courseMessages.schedule} wide>
        {course.schedule.length === 0 ? (
          courseMessages.noSchedule
        ) : (
          <ul className="flex flex-col gap-1">
            {course.schedule.map((entry, index) => (
              <li key={index}>
                {weekdayLabels[entry.day]} {entry.startTime}–{entry.endTime}
              </li>
            ))}
          </ul>
        )}
      </Fact>
      <People
        label={courseMessages.participants}
        people={course.students}
        empty={courseMessages.noStudents}
      />
      <People label={courseMessages.teachers} people={course.teachers} empty={courseMessages.noTeachers} />
    </dl>
  );
}

function People({ label, people, empty }: { label: string; people: CoursePerson[]; empty: string }) {
  return (
    <Fact label={`${label} (${people.length})`}>
      {people.length === 0 ? (
        empty
      ) : (
        // no scroll box of its own: the dialog scrolls, and a nested one hid the last name half-way
        <ul className="grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
          {people.map((person) => (
            <li key={person.id}>{person.name}</li>
          ))}
        </ul>
      )}
    </Fact>
  );
}

/** Kursdetails, edit view (spec 001 §5: name and subject required; days Monday to Sunday). */
const editSchema = updateCourseRequestSchema
  .pick({ name: true, subject: true, description: true, classroom: true })
  .required()
  .extend({ schedule: z.array(scheduleEntrySchema).max(courseLimits.scheduleMax) });
type EditValues = z.input<typeof editSchema>;

function CourseEditForm({ course, onDone }: { course: Course; onDone: () => void }) {
  const updateCourse = useUpdateCourse();
  const me = useSession().user?.uid;
  // member changes stay here until Speichern (spec 001 §4); Abbrechen drops them with the form
  const [students, setStudents] = useState(course.students);
  const [teachers, setTeachers] = useState(course.teachers);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      name: course.name,
      subject: course.subject,
      description: course.description,
      classroom: course.classroom,
      schedule: course.schedule,
    },
  });
  const subjects: readonly string[] = courseSubjects.includes(
    course.subject as (typeof courseSubjects)[number],
  )
    ? courseSubjects
    : [course.subject, ...courseSubjects];

  const onSubmit = handleSubmit((values) =>
    withToast(
      () =>
        updateCourse.mutateAsync({
          courseId: course.id,
          ...values,
          studentIds: students.map((person) => person.id),
          teacherIds: teachers.map((person) => person.id),
        }),
      // the server's reason (e.g. a teacher who is not of the school) helps more than 'failed'
      { success: courseMessages.updated, failure: courseMessages.updateFailed, serverMessage: true },
      onDone,
    ),
  );

  const toggleArchived = () =>
    withToast(
      () => updateCourse.mutateAsync({ courseId: course.id, archived: !course.archived }),
      {
        success: course.archived ? courseMessages.unarchived : courseMessages.archived,
        failure: courseMessages.updateFailed,
      },
      onDone,
    );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={courseMessages.edit}>
      <CourseFields register={register as never} errors={errors} subjects={subjects} />
      <ScheduleFields
        control={control as never}
        register={register as never}
        errors={errors.schedule}
        days={editFormDays}
        minRows={0}
      />
      <p className="text-sm text-slate-600">{courseMessages.participantsFromClasses}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <CourseMembersField courseId={course.id} kind="students" chosen={students} onChange={setStudents} />
        <CourseMembersField
          courseId={course.id}
          kind="teachers"
          chosen={teachers}
          onChange={setTeachers}
          locked={me ? [me] : []}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="ghost" onClick={() => void toggleArchived()}>
          {course.archived ? courseMessages.unarchive : courseMessages.archive}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="secondary" onClick={onDone}>
            {courseMessages.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {courseMessages.save}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Mo 08:00 · Do 10:00: the schedule in one line for the cards (spec 001 §2 day abbreviations). */
export function scheduleSummary(course: Course): string {
  return course.schedule.map((entry) => `${weekdayAbbreviations[entry.day]} ${entry.startTime}`).join(' · ');
}

// the badge moved down to components (the learning profile shows it too); the classes screens import it here
export { SubjectBadge } from '@/components/subject-badge';
