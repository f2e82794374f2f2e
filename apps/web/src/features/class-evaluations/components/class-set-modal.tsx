import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Send, X } from 'lucide-react';
import { classEvaluationScreenMessages as t, type Course } from '@korrigo/domain';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Label,
  Progress,
  Select,
  Textarea,
} from '@/components/ui';
import { ApiClientError, errorMessage, pricingLinkOf } from '@/lib/api-client';
import { useSavedTests } from '@/lib/api/saved-tests';
import { useTeacherCourses } from '@/lib/api/teacher-courses';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { createClassEvaluation } from '../api/class-evaluations';
import {
  classSetFormData,
  emptyClassSetForm,
  fieldOfServerError,
  fieldOrder,
  filledPapers,
  validateClassSet,
  type ClassSetErrors,
  type ClassSetForm,
  type KeySource,
  type StudentPaper,
} from '../utils/class-set-form';

type Submit =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'error'; message: string; pricingLink: string | null };

const keyAccept = '.pdf,.docx,.txt,.jpg,.jpeg,.png';
const stackAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function matches(course: Course, query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [course.name, course.subject, course.schoolName, ...course.classNames].some((value) =>
    value.toLowerCase().includes(needle),
  );
}

/** The inputs of one pupil when papers are handed in one by one: a file, or typed text. */
function StudentPaperRow({
  name,
  paper,
  onChange,
  disabled,
}: {
  name: string;
  paper: StudentPaper;
  onChange: (next: StudentPaper) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <Checkbox
            checked={paper.mode === 'text'}
            disabled={disabled}
            onChange={(event) => onChange({ ...paper, mode: event.target.checked ? 'text' : 'file' })}
          />
          {t.perStudentTextToggle}
        </label>
      </div>
      {paper.mode === 'text' ? (
        <>
          <Label htmlFor={`${id}-text`} className="sr-only">
            {t.perStudentText(name)}
          </Label>
          <Textarea
            id={`${id}-text`}
            rows={3}
            value={paper.text}
            disabled={disabled}
            onChange={(event) => onChange({ ...paper, text: event.target.value })}
          />
        </>
      ) : paper.file ? (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <span className="min-w-0 truncate">{paper.file.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled}
            aria-label={t.removeFile(paper.file.name)}
            onClick={() => onChange({ ...paper, file: null })}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <>
          <Label htmlFor={`${id}-file`} className="sr-only">
            {t.perStudentFile(name)}
          </Label>
          <input
            id={`${id}-file`}
            type="file"
            accept={keyAccept}
            disabled={disabled}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            onChange={(event) => onChange({ ...paper, file: event.target.files?.[0] ?? null })}
          />
        </>
      )}
    </li>
  );
}

type ClassSetModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the teacher's plan counts credits; else the summary names none (issue 34 §8) */
  countsCredits?: boolean;
};

/**
 * spec 001 §2 'Kurs bewerten': course search, the key, the auto-detection toggle with the batch upload or the
 * upload per pupil, a summary and the submit. What the teacher entered stays when the server says no.
 */
export function ClassSetModal({ open, onOpenChange, countsCredits = false }: ClassSetModalProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const courses = useTeacherCourses(open);
  const tests = useSavedTests(user?.uid ?? null, { enabled: open });
  const [form, setForm] = useState<ClassSetForm>(emptyClassSetForm);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<ClassSetErrors>({});
  const [submit, setSubmit] = useState<Submit>({ phase: 'idle' });
  const fieldRefs = useRef<Partial<Record<keyof ClassSetErrors, HTMLElement | null>>>({});
  const busy = submit.phase === 'uploading';

  const activeCourses = useMemo(
    () => (courses.data ?? []).filter((course) => !course.archived),
    [courses.data],
  );
  const visibleCourses = activeCourses.filter((course) => matches(course, search));
  const course = activeCourses.find((entry) => entry.id === form.courseId) ?? null;
  const studentIds = course?.students.map((student) => student.id) ?? [];
  const papers = form.autoDetect ? null : filledPapers(form, studentIds).length;

  // a message goes once the teacher changes its field; the others stay until the next submit
  const clearError = (...fields: (keyof ClassSetErrors)[]) =>
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });

  const update = (patch: Partial<ClassSetForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    if (touched.includes('courseId')) clearError('course');
    if (['keySource', 'selectedTestId', 'keyText', 'keyFile'].some((key) => touched.includes(key))) {
      clearError('key');
    }
    if (['autoDetect', 'stackFiles', 'perStudent'].some((key) => touched.includes(key))) clearError('files');
    if (touched.includes('pagesPerPaper')) clearError('pagesPerPaper');
  };

  const setPaper = (studentId: string, paper: StudentPaper) => {
    setForm((current) => ({ ...current, perStudent: { ...current.perStudent, [studentId]: paper } }));
    clearError('files');
  };

  const onStackFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // the same file picked twice is one page of the stack, not two
    update({
      stackFiles: [
        ...form.stackFiles,
        ...picked.filter(
          (file) => !form.stackFiles.some((known) => known.name === file.name && known.size === file.size),
        ),
      ],
    });
    event.target.value = '';
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateClassSet(form, studentIds);
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      fieldRefs.current[first]?.focus();
      return;
    }
    setSubmit({ phase: 'uploading', percent: 0 });
    try {
      const created = await createClassEvaluation(classSetFormData(form, studentIds), (percent) =>
        setSubmit({ phase: 'uploading', percent }),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.list() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      setSubmit({ phase: 'idle' });
      setForm(emptyClassSetForm());
      onOpenChange(false);
      void navigate(`/dashboard/class-evaluations/${created.evaluationId}`);
    } catch (error) {
      // a field the server names gets its message beside it; the message also shows above the buttons
      if (error instanceof ApiClientError && error.fields) {
        const next: ClassSetErrors = {};
        for (const [path, message] of Object.entries(error.fields)) {
          const field = fieldOfServerError(path);
          if (field) next[field] ??= message;
        }
        setErrors(next);
      }
      setSubmit({ phase: 'error', message: errorMessage(error), pricingLink: pricingLinkOf(error) });
    }
  };

  const keySourceIds = useId();

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent title={t.modalTitle} description={t.modalDescription} className="sm:max-w-3xl">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
          {/* course search (spec 001 §2) */}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t.courseLabel}</legend>
            <FormField label={t.courseSearch}>
              <Input
                type="search"
                value={search}
                placeholder={t.courseSearchPlaceholder}
                onChange={(event) => setSearch(event.target.value)}
              />
            </FormField>
            {courses.isPending ? (
              <p className="text-sm text-slate-600">{t.coursesLoading}</p>
            ) : courses.isError ? (
              <Alert tone="error">{t.coursesFailed}</Alert>
            ) : activeCourses.length === 0 ? (
              <p className="text-sm text-slate-600">
                {t.coursesEmpty}{' '}
                <Link to="/dashboard/classes" className="font-medium text-primary-700 underline">
                  Meine Klassen
                </Link>
              </p>
            ) : visibleCourses.length === 0 ? (
              <p className="text-sm text-slate-600">{t.coursesNoMatch}</p>
            ) : (
              <ul
                className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1"
                aria-describedby={errors.course ? 'class-set-course-error' : undefined}
              >
                {visibleCourses.map((entry, index) => (
                  <li key={entry.id}>
                    <label
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-slate-50',
                        entry.id === form.courseId && 'bg-primary-50',
                      )}
                    >
                      <input
                        type="radio"
                        name="class-set-course"
                        value={entry.id}
                        checked={entry.id === form.courseId}
                        disabled={busy}
                        aria-invalid={errors.course ? true : undefined}
                        ref={index === 0 ? (node) => void (fieldRefs.current.course = node) : undefined}
                        onChange={() => update({ courseId: entry.id, perStudent: {} })}
                        className="size-4 accent-primary-700"
                      />
                      <span className="flex min-w-0 flex-col">
                        <span className="font-medium text-slate-900">{entry.name}</span>
                        <span className="text-xs text-slate-600">
                          {[
                            entry.subject,
                            entry.classNames.join(', '),
                            t.courseStudents(entry.students.length),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {errors.course ? (
              <p id="class-set-course-error" className="text-sm text-red-700">
                {errors.course}
              </p>
            ) : null}
          </fieldset>

          <FormField label={t.testNameLabel}>
            <Input
              value={form.testName}
              maxLength={300}
              placeholder={t.testNamePlaceholder}
              disabled={busy}
              onChange={(event) => update({ testName: event.target.value })}
            />
          </FormField>

          {/* the key: a saved test, typed text or a file, exactly one (the contract's keyTwice) */}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{t.keyLegend}</legend>
            <div role="radiogroup" aria-label={t.keyLegend} className="flex flex-wrap gap-x-4 gap-y-2">
              {(Object.keys(t.keySources) as KeySource[]).map((source) => (
                <label key={source} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${keySourceIds}-key`}
                    checked={form.keySource === source}
                    disabled={busy}
                    onChange={() => update({ keySource: source })}
                    className="size-4 accent-primary-700"
                  />
                  {t.keySources[source]}
                </label>
              ))}
            </div>
            {form.keySource === 'test' ? (
              <FormField label={t.keyTestLabel} error={errors.key}>
                <Select
                  ref={(node) => void (fieldRefs.current.key = node)}
                  value={form.selectedTestId}
                  disabled={busy}
                  onChange={(event) => update({ selectedTestId: event.target.value })}
                >
                  <option value="">
                    {tests.isPending && tests.fetchStatus !== 'idle'
                      ? t.keyTestsLoading
                      : (tests.data?.length ?? 0) === 0
                        ? t.keyTestsEmpty
                        : t.keyTestNone}
                  </option>
                  {(tests.data ?? []).map((test) => (
                    <option key={test.id} value={test.id}>
                      {test.title || test.id}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : form.keySource === 'text' ? (
              <FormField label={t.keyTextLabel} error={errors.key}>
                <Textarea
                  ref={(node) => void (fieldRefs.current.key = node)}
                  rows={5}
                  maxLength={50_000}
                  value={form.keyText}
                  disabled={busy}
                  onChange={(event) => update({ keyText: event.target.value })}
                />
              </FormField>
            ) : (
              <FormField label={t.keyFileLabel} error={errors.key} hint={form.keyFile?.name}>
                <input
                  ref={(node) => void (fieldRefs.current.key = node)}
                  type="file"
                  accept={keyAccept}
                  disabled={busy}
                  className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
                  onChange={(event) => update({ keyFile: event.target.files?.[0] ?? null })}
                />
              </FormField>
            )}
          </fieldset>

          {/* spec 001 §2: the auto-detection toggle; batch upload when on, upload per pupil when off */}
          <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
            <label className="flex items-start gap-3 text-sm">
              <Checkbox
                role="switch"
                aria-checked={form.autoDetect}
                checked={form.autoDetect}
                disabled={busy}
                onChange={(event) => update({ autoDetect: event.target.checked })}
                aria-describedby="class-set-auto-hint"
                className="mt-0.5"
              />
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-slate-900">{t.autoDetect}</span>
                <span id="class-set-auto-hint" className="text-slate-600">
                  {t.autoDetectHint}
                </span>
              </span>
            </label>
          </div>

          {form.autoDetect ? (
            <div className="flex flex-col gap-3">
              <FormField label={t.batchLabel} hint={t.batchHint} error={errors.files}>
                <input
                  ref={(node) => void (fieldRefs.current.files = node)}
                  type="file"
                  multiple
                  accept={stackAccept}
                  disabled={busy}
                  className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
                  onChange={onStackFiles}
                />
              </FormField>
              {form.stackFiles.length > 0 ? (
                <ol
                  className="flex flex-col gap-1 text-sm"
                  aria-label={t.summaryStack(form.stackFiles.length)}
                >
                  {form.stackFiles.map((file, index) => (
                    <li
                      key={`${file.name}-${file.size}-${index}`}
                      className="flex min-w-0 items-center gap-2 rounded-md border border-slate-200 px-2 py-1"
                    >
                      <span className="w-6 shrink-0 text-right text-slate-500">{index + 1}.</span>
                      <span className="min-w-0 flex-1 truncate">{file.name}</span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={busy}
                        aria-label={t.removeFile(file.name)}
                        onClick={() => update({ stackFiles: form.stackFiles.filter((_, i) => i !== index) })}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ol>
              ) : null}
              <FormField label={t.pagesPerPaperLabel} hint={t.pagesPerPaperHint} error={errors.pagesPerPaper}>
                <Input
                  ref={(node) => void (fieldRefs.current.pagesPerPaper = node)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={20}
                  value={form.pagesPerPaper}
                  disabled={busy}
                  onChange={(event) => update({ pagesPerPaper: event.target.value })}
                  className="max-w-32"
                />
              </FormField>
            </div>
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-900">{t.perStudentLegend}</legend>
              {!course ? (
                <p className="text-sm text-slate-600">{t.chooseCourseFirst}</p>
              ) : course.students.length === 0 ? (
                <p className="text-sm text-slate-600">{t.perStudentEmpty}</p>
              ) : (
                <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
                  {course.students.map((student) => (
                    <StudentPaperRow
                      key={student.id}
                      name={student.name}
                      paper={form.perStudent[student.id] ?? { mode: 'file', file: null, text: '' }}
                      onChange={(paper) => setPaper(student.id, paper)}
                      disabled={busy}
                    />
                  ))}
                </ul>
              )}
              {errors.files ? (
                <p className="text-sm text-red-700" role="alert">
                  <span
                    tabIndex={-1}
                    ref={(node) => void (fieldRefs.current.files = node)}
                    className="outline-none"
                  >
                    {errors.files}
                  </span>
                </p>
              ) : null}
            </fieldset>
          )}

          {/* spec 001 §2: the summary */}
          <section
            aria-labelledby="class-set-summary"
            className="rounded-lg border border-primary-200 bg-primary-50 p-3"
          >
            <h3 id="class-set-summary" className="text-sm font-semibold text-slate-900">
              {t.summaryTitle}
            </h3>
            <ul className="mt-1 flex flex-col gap-0.5 text-sm text-slate-800" data-testid="class-set-summary">
              <li>{course ? t.summaryCourse(course.name) : t.summaryNoCourse}</li>
              {papers === null ? (
                <>
                  <li>{t.summaryStack(form.stackFiles.length)}</li>
                  {countsCredits ? <li>{t.summaryCreditsStack}</li> : null}
                </>
              ) : (
                <>
                  <li>{t.summaryPapers(papers)}</li>
                  {countsCredits ? <li>{t.summaryCreditsPerStudent(papers)}</li> : null}
                </>
              )}
            </ul>
          </section>

          <div aria-live="polite" className="flex flex-col gap-2">
            {submit.phase === 'uploading' ? (
              <>
                <p className="text-sm text-slate-700">{t.uploading(submit.percent)}</p>
                <Progress value={submit.percent} label={t.uploadProgress} valueText={`${submit.percent} %`} />
              </>
            ) : null}
          </div>
          {submit.phase === 'error' ? (
            <Alert tone="error">
              {submit.message}
              {submit.pricingLink ? (
                <>
                  {' '}
                  <Link to={submit.pricingLink} className="font-medium underline">
                    {t.toPricing}
                  </Link>
                </>
              ) : null}
            </Alert>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              <Send aria-hidden="true" />
              {t.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
