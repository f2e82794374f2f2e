import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { ArrowDown, ArrowLeft, ArrowUp, FileDown, Plus, Trash2 } from 'lucide-react';
import {
  courseSubjects,
  lessonPlanInputSchema,
  lessonPlanLimits,
  lessonPlanMessages as m,
  lessonPlanStatuses,
  lessonPlanStatusLabels,
  phaseMinutesTotal,
  socialForms,
  type LessonPlanInput,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Button, Card, ConfirmDialog, FormField, Input, Select, Textarea } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useTaughtCourses } from '../api/get-courses';

type FormValues = z.input<typeof lessonPlanInputSchema>;

type PlanEditorProps = {
  /** the saved plan's id; null for a new plan */
  planId: string | null;
  initial: LessonPlanInput;
  /** the linked course's name as saved: its option is there before her courses have loaded (and if she no
   * longer teaches it), so the select never shows 'Kein Kurs' for a linked plan */
  initialCourseName?: string | null;
  /** where the draft came from, said above the form */
  draftSource?: 'llm' | 'template' | null;
  /** a new plan made from a template or the model is unsaved work from the start */
  startsDirty: boolean;
  saving: boolean;
  onSave: (values: LessonPlanInput) => Promise<boolean>;
  onLeave: () => void;
  onPdf?: () => void;
  pdfBusy?: boolean;
};

const emptyPhase = { name: '', minutes: 10, content: '', method: 'Plenum', materials: '' };
const nullIfEmpty = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The lesson plan form (issue 18 point 3): meta, topic, goals and the phases (add, remove, move). Leaving
 * with unsaved changes asks first, like the test creator, also for the navigation and a reload.
 */
export function PlanEditor({
  planId,
  initial,
  initialCourseName,
  draftSource,
  startsDirty,
  saving,
  onSave,
  onLeave,
  onPdf,
  pdfBusy,
}: PlanEditorProps) {
  const courses = useTaughtCourses();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, LessonPlanInput>({
    resolver: zodResolver(lessonPlanInputSchema),
    defaultValues: initial,
  });
  const phases = useFieldArray({ control, name: 'phases' });
  const released = useRef(false);
  const dirty = startsDirty || isDirty;
  const blocker = useBlocker(() => dirty && !released.current);
  const [confirmLeave, setConfirmLeave] = useState(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leave = () => {
    released.current = true;
    onLeave();
  };
  const cancel = () => (dirty ? setConfirmLeave(true) : leave());
  // handleSubmit is called in the event, not during render: the ref is read only then
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      released.current = true;
      if (!(await onSave(values))) released.current = false;
    })(event);

  const taught = (courses.data ?? []).filter((course) => !course.archived || course.id === initial.courseId);
  const courseOptions =
    initial.courseId && !taught.some((course) => course.id === initial.courseId)
      ? [{ id: initial.courseId, name: initialCourseName ?? initial.courseId }, ...taught]
      : taught;
  const heading = planId ? m.editorEdit : m.editorNew;
  const last = phases.fields.length - 1;

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={heading} />
      <div>
        <Button variant="ghost" size="sm" onClick={cancel}>
          <ArrowLeft aria-hidden="true" />
          {m.back}
        </Button>
      </div>
      <PageHeader title={heading} />
      {draftSource ? (
        <Alert tone="info">{draftSource === 'llm' ? m.draftSourceLlm : m.draftSourceTemplate}</Alert>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-label={heading}>
        <Card className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField
            label={m.fieldTitle}
            error={errors.title?.message}
            required
            className="sm:col-span-2 lg:col-span-3"
          >
            <Input maxLength={lessonPlanLimits.titleMax} {...register('title')} />
          </FormField>
          <FormField label={m.fieldSubject} error={errors.subject?.message}>
            <Input
              list="lesson-plan-subjects"
              maxLength={lessonPlanLimits.subjectMax}
              {...register('subject')}
            />
          </FormField>
          <FormField label={m.fieldGradeLevel} error={errors.gradeLevel?.message}>
            <Input maxLength={lessonPlanLimits.gradeLevelMax} {...register('gradeLevel')} />
          </FormField>
          <FormField label={m.fieldDuration} error={errors.durationMinutes?.message} required>
            <Input
              type="number"
              inputMode="numeric"
              min={lessonPlanLimits.durationMin}
              max={lessonPlanLimits.durationMax}
              step={5}
              {...register('durationMinutes', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label={m.fieldDate} error={errors.date?.message}>
            <Input type="date" {...register('date', { setValueAs: nullIfEmpty })} />
          </FormField>
          <FormField label={m.fieldCourse} error={errors.courseId?.message}>
            <Select {...register('courseId', { setValueAs: nullIfEmpty })}>
              <option value="">{m.noCourse}</option>
              {courseOptions.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={m.fieldStatus} error={errors.status?.message}>
            <Select {...register('status')}>
              {lessonPlanStatuses.map((status) => (
                <option key={status} value={status}>
                  {lessonPlanStatusLabels[status]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label={m.fieldTopic}
            error={errors.topic?.message}
            className="sm:col-span-2 lg:col-span-3"
          >
            <Input maxLength={lessonPlanLimits.topicMax} {...register('topic')} />
          </FormField>
          <FormField
            label={m.fieldGoals}
            error={errors.goals?.message}
            className="sm:col-span-2 lg:col-span-3"
          >
            <Textarea rows={3} maxLength={lessonPlanLimits.textMax} {...register('goals')} />
          </FormField>
        </Card>
        <datalist id="lesson-plan-subjects">
          {courseSubjects.map((subject) => (
            <option key={subject} value={subject} />
          ))}
        </datalist>
        <datalist id="lesson-plan-methods">
          {socialForms.map((form) => (
            <option key={form} value={form} />
          ))}
        </datalist>

        <section aria-labelledby="lesson-phases-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="lesson-phases-heading" className="text-lg font-semibold text-slate-900">
              {m.phases}
            </h2>
            <MinutesTotal control={control} />
          </div>
          {errors.phases?.message || errors.phases?.root?.message ? (
            <Alert tone="error">{errors.phases.message ?? errors.phases.root?.message}</Alert>
          ) : null}
          <ol className="flex flex-col gap-3">
            {phases.fields.map((field, index) => {
              const n = index + 1;
              const error = errors.phases?.[index];
              return (
                <li key={field.id}>
                  <Card className="flex flex-col gap-3 p-4" data-testid="lesson-phase">
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="font-medium text-slate-900">{m.phase(n)}</h3>
                      <div className="flex gap-1">
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={m.moveUp(n)}
                          title={m.moveUp(n)}
                          disabled={index === 0}
                          onClick={() => phases.move(index, index - 1)}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={m.moveDown(n)}
                          title={m.moveDown(n)}
                          disabled={index === last}
                          onClick={() => phases.move(index, index + 1)}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          className="text-red-700 hover:bg-red-50"
                          aria-label={m.removePhase(n)}
                          title={m.removePhase(n)}
                          disabled={phases.fields.length <= lessonPlanLimits.phasesMin}
                          onClick={() => phases.remove(index)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </div>
                    <div className="grid gap-3 sm:grid-cols-[1fr_7rem_15rem]">
                      <FormField label={m.phaseName} error={error?.name?.message} required>
                        <Input
                          maxLength={lessonPlanLimits.phaseNameMax}
                          {...register(`phases.${index}.name`)}
                        />
                      </FormField>
                      <FormField label={m.phaseMinutesLabel} error={error?.minutes?.message}>
                        <Input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={lessonPlanLimits.durationMax}
                          {...register(`phases.${index}.minutes`, { valueAsNumber: true })}
                        />
                      </FormField>
                      <FormField label={m.phaseMethod} error={error?.method?.message}>
                        <Input
                          list="lesson-plan-methods"
                          maxLength={lessonPlanLimits.methodMax}
                          {...register(`phases.${index}.method`)}
                        />
                      </FormField>
                    </div>
                    <FormField label={m.phaseContent} error={error?.content?.message}>
                      <Textarea
                        rows={3}
                        maxLength={lessonPlanLimits.textMax}
                        {...register(`phases.${index}.content`)}
                      />
                    </FormField>
                    <FormField label={m.phaseMaterials} error={error?.materials?.message}>
                      <Input
                        maxLength={lessonPlanLimits.materialsMax}
                        {...register(`phases.${index}.materials`)}
                      />
                    </FormField>
                  </Card>
                </li>
              );
            })}
          </ol>
          <div>
            <Button
              variant="secondary"
              onClick={() => phases.append({ ...emptyPhase })}
              disabled={phases.fields.length >= lessonPlanLimits.phasesMax}
            >
              <Plus aria-hidden="true" />
              {m.addPhase}
            </Button>
          </div>
        </section>

        <Card className="p-4">
          <FormField label={m.fieldNotes} error={errors.notes?.message}>
            <Textarea rows={3} maxLength={lessonPlanLimits.textMax} {...register('notes')} />
          </FormField>
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel}>
            {m.cancel}
          </Button>
          {onPdf ? (
            <Button variant="secondary" onClick={onPdf} loading={pdfBusy}>
              <FileDown aria-hidden="true" />
              {m.pdf}
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {saving ? m.saving : m.save}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmLeave || blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (open) return;
          setConfirmLeave(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        title={m.unsavedTitle}
        description={m.unsavedBody}
        cancelLabel={m.keepEditing}
        confirmLabel={m.discard}
        tone="danger"
        onConfirm={() => {
          if (blocker.state === 'blocked') {
            released.current = true;
            blocker.proceed();
          } else {
            leave();
          }
          setConfirmLeave(false);
        }}
      />
    </div>
  );
}

/** The phases' minutes against the duration: a warning when they differ, never a block (issue 18 point 3). */
function MinutesTotal({ control }: { control: Control<FormValues> }) {
  const phases = useWatch({ control, name: 'phases' });
  const duration = useWatch({ control, name: 'durationMinutes' });
  const sum = phaseMinutesTotal(phases.map((p) => ({ minutes: Number(p.minutes) || 0 })));
  const lesson = Number(duration) || 0;
  const diff = sum - lesson;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="minutes-total"
      className={cn(
        'rounded-full px-3 py-1 text-sm tabular-nums',
        diff === 0 ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900',
      )}
    >
      {m.minutesTotal(sum, lesson)}
      {diff > 0 ? ` – ${m.minutesOver(diff)}` : diff < 0 ? ` – ${m.minutesUnder(-diff)}` : ''}
    </p>
  );
}
