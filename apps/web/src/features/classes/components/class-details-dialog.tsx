import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Mail, Trash2 } from 'lucide-react';
import {
  classLimits,
  classMessages,
  updateClassRequestSchema,
  type ClassDetail,
  type ClassStudent,
  type Course,
  courseMessages,
  invitationMessages,
} from '@korrigo/domain';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from '@/components/ui';
import { ApiClientError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAddStudents, useRemoveStudent, useUpdateClass } from '../api/class-mutations';
import { useClass } from '../api/get-class';
import { useCreateInvitation } from '../api/invitations';
import { withToast } from '../utils/with-toast';
import { SubjectBadge } from './course-details-dialog';
import { ClassTeachersSection } from './class-teachers-section';
import { DeleteClassButton } from './delete-class-button';
import { Fact } from './dialog-parts';
import { InviteStudentsSection } from './invite-students-section';
import { SchoolPupilsSection } from './school-pupils-section';
import { RosterField, useRosterInput } from './roster-field';

type ClassDetailsDialogProps = { classId: string | null; courses: Course[]; onClose: () => void };

/** spec 001 §2 class details modal: info, students (add and remove), courses, edit class. */
export function ClassDetailsDialog({ classId, courses, onClose }: ClassDetailsDialogProps) {
  const details = useClass(classId);
  const data = details.data;

  return (
    <Dialog open={classId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={data ? `${classMessages.details}: ${data.name}` : classMessages.details}
        className="max-w-2xl"
      >
        {details.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : null}
        {details.isError ? (
          <Alert tone="error">
            {details.error instanceof ApiClientError && details.error.status === 404
              ? classMessages.classNotFound
              : classMessages.invalidClassData}
          </Alert>
        ) : null}
        {data ? (
          <ClassDetailsTabs
            key={data.id}
            data={data}
            courses={courses.filter((course) => course.classIds.includes(data.id))}
          />
        ) : null}
        <DialogFooter>
          {data ? <DeleteClassButton data={data} onDeleted={onClose} /> : null}
          <Button type="button" variant="secondary" onClick={onClose}>
            {classMessages.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ClassDetailsTabs({ data, courses }: { data: ClassDetail; courses: Course[] }) {
  return (
    <Tabs defaultValue="info" className="flex flex-col gap-4">
      <TabsList aria-label={classMessages.details}>
        <TabsTrigger value="info">{classMessages.info}</TabsTrigger>
        <TabsTrigger value="students">
          {classMessages.students} ({data.studentCount})
        </TabsTrigger>
        <TabsTrigger value="courses">{classMessages.courses}</TabsTrigger>
      </TabsList>
      <TabsContent value="info">
        <ClassInfo data={data} />
      </TabsContent>
      <TabsContent value="students">
        <ClassStudents data={data} />
        {data.archived ? null : <InviteStudentsSection classId={data.id} />}
      </TabsContent>
      <TabsContent value="courses">
        {courses.length === 0 ? (
          <p className="text-sm text-slate-600">{courseMessages.noCoursesForClass}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
            {courses.map((course) => (
              <li key={course.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">{course.name}</span>
                <SubjectBadge subject={course.subject} />
              </li>
            ))}
          </ul>
        )}
      </TabsContent>
    </Tabs>
  );
}

const editSchema = updateClassRequestSchema
  .required({ name: true, gradeLevel: true, description: true })
  .omit({
    archived: true,
  });
type EditValues = z.input<typeof editSchema>;

function ClassInfo({ data }: { data: ClassDetail }) {
  const [editing, setEditing] = useState(false);
  const updateClass = useUpdateClass();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: { name: data.name, gradeLevel: data.gradeLevel, description: data.description },
  });

  const onSubmit = handleSubmit((values) =>
    withToast(
      () => updateClass.mutateAsync({ classId: data.id, ...values }),
      { success: classMessages.updated, failure: classMessages.updateFailed },
      () => setEditing(false),
    ),
  );

  const toggleArchived = () =>
    withToast(() => updateClass.mutateAsync({ classId: data.id, archived: !data.archived }), {
      success: data.archived ? classMessages.unarchived : classMessages.archived,
      failure: classMessages.updateFailed,
    });

  if (editing) {
    return (
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={classMessages.edit}>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FormField label={classMessages.name} required error={errors.name?.message}>
            <Input maxLength={classLimits.nameMax} {...register('name')} />
          </FormField>
          <FormField label={classMessages.gradeLevel} required error={errors.gradeLevel?.message}>
            <Input maxLength={classLimits.gradeLevelMax} {...register('gradeLevel')} />
          </FormField>
        </div>
        <FormField label={classMessages.description} error={errors.description?.message}>
          <Textarea rows={3} maxLength={classLimits.descriptionMax} {...register('description')} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              reset();
              setEditing(false);
            }}
          >
            {classMessages.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {classMessages.save}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Fact label={classMessages.name}>{data.name}</Fact>
        <Fact label={classMessages.gradeLevel}>{data.gradeLevel}</Fact>
        <Fact label={classMessages.school}>{data.schoolName}</Fact>
        <Fact label={classMessages.createdAt}>{formatDate(data.createdAt)}</Fact>
        <Fact label={classMessages.descriptionShort} wide>
          {data.description || '–'}
        </Fact>
      </dl>
      {data.archived ? <Badge tone="warning">{classMessages.tabArchived}</Badge> : null}
      <ClassTeachersSection classId={data.id} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="secondary"
          loading={updateClass.isPending}
          onClick={() => void toggleArchived()}
        >
          {data.archived ? classMessages.unarchive : classMessages.archive}
        </Button>
        <Button type="button" onClick={() => setEditing(true)}>
          {classMessages.edit}
        </Button>
      </div>
    </div>
  );
}

function ClassStudents({ data }: { data: ClassDetail }) {
  const roster = useRosterInput();
  const [submitted, setSubmitted] = useState(false);
  const [removing, setRemoving] = useState<ClassStudent | null>(null);
  const addStudents = useAddStudents();
  const removeStudent = useRemoveStudent();
  const createInvitation = useCreateInvitation();

  // a roster entry with an e-mail gets a personal invitation; her account then takes over this very entry
  const invite = (student: ClassStudent) =>
    withToast(
      () =>
        createInvitation.mutateAsync({ kind: 'class_student', classId: data.id, classStudentId: student.id }),
      {
        success: invitationMessages.invitationSent(student.email ?? ''),
        failure: invitationMessages.createFailed,
      },
    );

  const add = async () => {
    setSubmitted(true);
    if (!roster.ready || roster.entries.length === 0) return;
    await withToast(
      () => addStudents.mutateAsync({ classId: data.id, students: roster.entries }),
      {
        success: ({ added }) => classMessages.studentsAdded(added),
        failure: classMessages.addStudentFailed,
        // a refusal names its lines (issue 34 §3); any other failure says the spec's message
        serverMessage: 'validation',
      },
      () => {
        roster.reset();
        setSubmitted(false);
      },
    );
  };

  const remove = (student: ClassStudent) =>
    withToast(() => removeStudent.mutateAsync({ classId: data.id, studentId: student.id }), {
      success: classMessages.studentRemoved,
      failure: classMessages.removeStudentFailed,
    });

  return (
    <div className="flex flex-col gap-4">
      {data.students.length === 0 ? (
        <p className="text-sm text-slate-600">{classMessages.noStudents}</p>
      ) : (
        <ul
          className="flex max-h-64 flex-col divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
          aria-label={classMessages.students}
        >
          {data.students.map((student) => (
            <li key={student.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {student.name || classMessages.noName}
                </p>
                {student.email ? <p className="truncate text-xs text-slate-600">{student.email}</p> : null}
              </div>
              {student.hasAccount ? (
                <Badge tone="success" className="shrink-0 whitespace-nowrap">
                  {classMessages.accountLinked}
                </Badge>
              ) : student.email ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={classMessages.inviteEntry(student.name)}
                  disabled={createInvitation.isPending}
                  onClick={() => void invite(student)}
                >
                  <Mail aria-hidden="true" />
                  <span className="hidden sm:inline">{classMessages.invite}</span>
                </Button>
              ) : null}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`${student.name} ${classMessages.removeStudent.toLowerCase()}`}
                onClick={() => setRemoving(student)}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">{classMessages.removeStudent}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing ? classMessages.removeStudentTitle(removing.name) : ''}
        description={classMessages.removeStudentBody}
        confirmLabel={classMessages.removeStudent}
        tone="danger"
        onConfirm={() => {
          if (removing) void remove(removing);
          setRemoving(null);
        }}
      />
      <RosterField
        roster={roster}
        label={classMessages.addStudents}
        hint={classMessages.addStudentsHint}
        rows={3}
        showMissingChoice={submitted}
      />
      <div className="flex items-center justify-end gap-2">
        <Button
          type="button"
          loading={addStudents.isPending}
          disabled={roster.entries.length === 0 && roster.open.length === 0}
          onClick={() => void add()}
        >
          {classMessages.addStudents}
        </Button>
      </div>
      {data.archived ? null : <SchoolPupilsSection classId={data.id} />}
    </div>
  );
}
