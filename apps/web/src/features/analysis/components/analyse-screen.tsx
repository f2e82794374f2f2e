import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Eraser, Link2, Save, Sparkles, Users, X } from 'lucide-react';
import {
  analysisMessages,
  analysisOptionsSchema,
  analysisScreenMessages as t,
  gradingScaleIdOf,
  planHasFeature,
  planLink,
  planMessages,
  planOffering,
  type AccountType,
  type PlanId,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormField,
  Input,
  Progress,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from '@/components/ui';
import { errorMessage, pricingLinkOf } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { createAnalysis } from '@/lib/api/create-analysis';
import { useAnalysisStatus } from '@/lib/api/analysis-status';
import { sendTranscription } from '@/lib/api/transcription';
import { useAnalysisSummary } from '../api/analysis-summary';
import { useAnswerKeyTests } from '../api/saved-tests';
import {
  addFiles,
  analyseFormSchema,
  emptyAnalyseForm,
  type AnalyseFormValues,
  type InputMethod,
} from '../utils/analysis-form';
import type { CourseLink } from '../utils/course-selection';
import { clearDraft, loadDraft, saveDraft } from '../utils/draft-storage';
import { CourseStudentSelector } from './course-student-selector';
import { FileDropZone } from './file-drop-zone';
import { OptionsPanel } from './options-panel';
import { ResultPreviewCard } from './result-preview-card';
import { TestPicker } from './test-picker';
import { TranscriptionCheck } from './transcription-check';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'error'; message: string; pricingLink: string | null };

type AnalyseScreenProps = {
  /** the detailed result view; the route passes it in because features do not import each other */
  renderResult: (analysisId: string) => ReactNode;
  /** spec 001 §2: the history button beside the title (the route brings it, like the result view) */
  headerActions?: ReactNode;
  /** spec 001 §2 'Klassensatz bewerten': the 'Kurs bewerten' modal and the sets, brought by the route */
  classSet?: ReactNode;
  /** the reader's plan and account type (from the route's profile): a photo is flagged before it is sent */
  plan?: { id: PlanId; accountType: AccountType };
};

/**
 * Said as soon as a photo is chosen on a plan without text recognition, before the teacher fills in the rest:
 * the server would refuse it (ADR 0018).
 */
function OcrPlanHint({ plan }: { plan: { id: PlanId; accountType: AccountType } }) {
  if (planHasFeature(plan.id, 'ocr')) return null;
  const offering = planOffering('ocr', plan.accountType, plan.id);
  return (
    <Alert tone="info">
      {planMessages.featureNotInPlan('ocr', offering, plan.accountType)}
      {offering ? (
        <>
          {' '}
          <Link to={planLink(offering)} className="font-medium underline">
            {t.toPricing}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}

export function AnalyseScreen({ renderResult, headerActions, classSet, plan }: AnalyseScreenProps) {
  const { user } = useSession();
  const config = useConfig();
  const queryClient = useQueryClient();
  // the analysis a notification or the result view sends the teacher back to (`?analysis=<id>`)
  const [searchParams] = useSearchParams();
  const form = useForm({
    resolver: zodResolver(analyseFormSchema),
    // `?method=class`: the class set screen's way back opens the class-set method again
    defaultValues: emptyAnalyseForm(searchParams.get('method') === 'class' ? 'class' : 'manual'),
    // the spec's one message at a time, shown above the buttons, only when the teacher submits
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, control, setValue, getValues, reset, setError, clearErrors, formState } = form;
  const [method, files, selectedTestId, options] = useWatch({
    control,
    name: ['method', 'files', 'selectedTestId', 'options'],
  });
  const [fileNotice, setFileNotice] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  const [analysisId, setAnalysisId] = useState<string | null>(() => searchParams.get('analysis'));
  const [expanded, setExpanded] = useState(false);
  const [sending, setSending] = useState(false);
  // the Analysis record (spec 001 §3): course and pupil, chosen in the selector; not part of a draft
  const [courseLink, setCourseLink] = useState<CourseLink | null>(null);
  const [selectorOpen, setSelectorOpen] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const tests = useAnswerKeyTests(user?.uid ?? null, method === 'select');
  const selectedTest = tests.data?.find((test) => test.id === selectedTestId);
  const status = useAnalysisStatus(analysisId);
  const current = status.data?.status;
  const summary = useAnalysisSummary(analysisId, current === 'done' || current === 'needs_transcription');
  const waiting = current === 'needs_transcription' && summary.data?.status === 'needs_transcription';
  const busy =
    upload.phase === 'uploading' ||
    (analysisId !== null &&
      current !== 'done' &&
      current !== 'failed' &&
      current !== 'needs_transcription' &&
      !status.isError);

  // the detail read while the analysis waited is stale once it moves on
  useEffect(() => {
    if (analysisId && current) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses.detail(analysisId), exact: true });
    }
  }, [analysisId, current, queryClient]);

  useEffect(() => {
    let active = true;
    void loadDraft().then((stored) => {
      if (!active || !stored) return;
      const { draft } = stored;
      reset({
        method: draft.method,
        title: draft.title,
        studentName: draft.studentName,
        text: draft.text,
        files: stored.files,
        selectedTestId: draft.selectedTestId,
        answerKeyText: draft.answerKeyText ?? '',
        options: analysisOptionsSchema.catch(emptyAnalyseForm().options).parse(draft.options),
      });
      toast.info(t.draftLoaded);
    });
    return () => {
      active = false;
    };
  }, [reset]);

  useEffect(() => {
    if (summary.data?.status === 'done') {
      resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  }, [summary.data?.status]);

  // spec 001 §2, issue 33 §5: the class set and the saved tests (the test creator's) are the teachers' tools;
  // a pupil (a link with ?method=class, an old draft) is on the manual method
  const classSetShown = plan?.accountType !== 'student';
  useEffect(() => {
    if (!classSetShown && method !== 'manual') setValue('method', 'manual');
  }, [classSetShown, method, setValue]);

  const clearResults = () => {
    setAnalysisId(null);
    setExpanded(false);
    setUpload({ phase: 'idle' });
    clearErrors();
    setFileNotice(null);
  };

  const switchMethod = (next: string) => {
    reset({
      ...getValues(),
      method: next as InputMethod,
      text: '',
      files: [],
      selectedTestId: null,
      answerKeyText: '',
    });
    clearResults();
  };

  const onAddFiles = (incoming: File[]) => {
    const result = addFiles(getValues('files'), incoming);
    setValue('files', result.files);
    setFileNotice(result.notices[0] ?? null);
    // the newest message replaces the one before (spec 001 §5: one message at a time)
    clearErrors();
    if (result.error) setError('files', { message: result.error });
  };

  const onClear = () => {
    reset(emptyAnalyseForm());
    setCourseLink(null);
    clearResults();
    void clearDraft();
  };

  const onSaveDraft = async () => {
    const { files: picked, ...fields } = getValues();
    try {
      const { filesKept } = await saveDraft(fields, picked);
      toast.success(picked.length > 0 && filesKept ? t.draftSavedWithFiles : t.draftSaved);
    } catch {
      toast.error(t.draftFailed);
    }
  };

  const onValid = async (values: AnalyseFormValues) => {
    clearResults();
    // the files go up once; the job reads them and asks for the transcription check when it needs one
    setUpload({ phase: 'uploading', percent: 0 });
    try {
      const created = await createAnalysis(
        {
          text: values.text,
          files: values.files,
          title: values.title,
          studentName: values.studentName,
          selectedTestId: values.selectedTestId,
          answerKeyText: values.method === 'manual' ? values.answerKeyText : '',
          options: values.options,
          courseLink,
        },
        (percent) => setUpload({ phase: 'uploading', percent }),
      );
      setUpload({ phase: 'idle' });
      setAnalysisId(created.id);
      // the credits card in the shell shows the charge (the profile query's key, not its module)
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    } catch (error) {
      setUpload({ phase: 'error', message: errorMessage(error), pricingLink: pricingLinkOf(error) });
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) {
      setError('root', { message: analysisMessages.notSignedIn });
      return;
    }
    void form.handleSubmit(onValid)(event);
  };

  const onGradeTranscription = async (corrected: string) => {
    if (!analysisId) return;
    setSending(true);
    try {
      const next = await sendTranscription(analysisId, corrected);
      queryClient.setQueryData(['analyses', analysisId, 'status'], next);
    } catch (error) {
      setUpload({ phase: 'error', message: errorMessage(error), pricingLink: null });
    } finally {
      setSending(false);
    }
  };

  const onLaterTranscription = () => {
    clearResults();
    toast.info(t.transcriptionLater);
  };

  const formError =
    formState.errors.root?.message ??
    formState.errors.selectedTestId?.message ??
    formState.errors.text?.message ??
    formState.errors.files?.message ??
    null;

  const failedMessage =
    status.data?.status === 'failed'
      ? analysisMessages.analysisFailed(status.data.errorMessage ?? analysisMessages.gradingFailed)
      : status.isError
        ? analysisMessages.analysisFailed(errorMessage(status.error))
        : summary.isError
          ? analysisMessages.analysisFailed(errorMessage(summary.error))
          : null;
  const done = summary.data?.status === 'done' ? summary.data : null;

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={t.title} />
      <PageHeader title={t.title} description={t.subtitle} actions={headerActions} />
      <p className="-mt-4 max-w-3xl text-sm text-slate-600 print:hidden">{t.lead}</p>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6 print:hidden">
        <Tabs value={method} onValueChange={switchMethod}>
          <TabsList aria-label={t.title} className="max-sm:grid max-sm:w-full max-sm:grid-cols-1">
            <TabsTrigger value="manual">{t.methods.manual}</TabsTrigger>
            {classSetShown ? <TabsTrigger value="select">{t.methods.select}</TabsTrigger> : null}
            {classSetShown ? <TabsTrigger value="class">{t.methods.class}</TabsTrigger> : null}
          </TabsList>
          {/* the manual method's fields are the shared card below; its panel exists so the tab controls one */}
          <TabsContent value="manual" className="sr-only">
            {t.manualHint}
          </TabsContent>
          <TabsContent value="select" className="mt-4">
            <Card>
              <CardContent className="p-5">
                <TestPicker
                  tests={tests.data}
                  loading={tests.isPending && tests.fetchStatus !== 'idle'}
                  error={tests.isError ? errorMessage(tests.error) : null}
                  refreshing={tests.isRefetching}
                  onRefresh={() => void tests.refetch()}
                  selectedId={selectedTestId}
                  onSelect={(id) => {
                    setValue('selectedTestId', id);
                    // another test: its own Notenschlüssel is the choice again
                    const { gradingScale: _previous, ...rest } = getValues('options');
                    setValue('options', rest);
                    if (id) clearErrors();
                  }}
                />
              </CardContent>
            </Card>
          </TabsContent>
          {classSetShown ? (
            <TabsContent value="class" className="mt-4">
              <Card>
                {classSet ? (
                  <CardContent className="p-5">{classSet}</CardContent>
                ) : (
                  <CardContent className="flex flex-col items-start gap-3 p-5">
                    <Users aria-hidden="true" className="size-6 text-primary-700" />
                    <p className="max-w-2xl text-sm text-slate-700">{t.classSetText}</p>
                    <Button asChild variant="secondary">
                      <Link to="/dashboard/classes">{t.classSetLink}</Link>
                    </Button>
                  </CardContent>
                )}
              </Card>
            </TabsContent>
          ) : null}
        </Tabs>

        {method !== 'class' ? (
          <>
            <Card>
              <CardContent className="flex flex-col gap-4 p-5">
                {method === 'select' ? <p className="text-sm text-slate-600">{t.studentWorkHint}</p> : null}
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField label={t.titleLabel}>
                    <Input maxLength={300} {...register('title')} />
                  </FormField>
                  <FormField label={t.studentLabel}>
                    <Input maxLength={200} {...register('studentName')} />
                  </FormField>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {courseLink ? (
                    <span
                      className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-1 pr-1 pl-3 text-sm text-slate-900"
                      data-testid="course-link"
                    >
                      <span className="sr-only">{t.linkLabel}: </span>
                      <Link2 aria-hidden="true" className="size-4 shrink-0 text-primary-700" />
                      <span className="min-w-0 break-words">
                        {t.linked(courseLink.course.name, courseLink.student.name)}
                      </span>
                      <button
                        type="button"
                        aria-label={t.linkRemove}
                        onClick={() => setCourseLink(null)}
                        disabled={busy}
                        className="cursor-pointer rounded-full p-1 text-slate-600 hover:bg-primary-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-600"
                      >
                        <X aria-hidden="true" className="size-4" />
                      </button>
                    </span>
                  ) : null}
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() => setSelectorOpen(true)}
                    disabled={busy}
                  >
                    <Link2 aria-hidden="true" className="size-4" />
                    {courseLink ? t.linkChange : t.linkOpen}
                  </Button>
                </div>
                <CourseStudentSelector
                  open={selectorOpen}
                  onOpenChange={setSelectorOpen}
                  current={courseLink}
                  onConfirm={(link) => {
                    setCourseLink(link);
                    // the roster name is the student name the analysis is stored with
                    setValue('studentName', link.student.name);
                    setSelectorOpen(false);
                  }}
                />
                <FormField label={t.textLabel}>
                  <Textarea rows={8} placeholder={t.textPlaceholder} {...register('text')} />
                </FormField>
                <FileDropZone
                  files={files}
                  onAdd={onAddFiles}
                  onRemove={(index) => {
                    setValue(
                      'files',
                      getValues('files').filter((_, i) => i !== index),
                    );
                    clearErrors();
                  }}
                  disabled={busy}
                />
                {fileNotice ? <Alert tone="warning">{fileNotice}</Alert> : null}
                {plan && files.some((file) => file.type.startsWith('image/')) ? (
                  <OcrPlanHint plan={plan} />
                ) : null}
                {method === 'manual' ? (
                  <FormField label={t.answerKeyLabel} hint={t.answerKeyHint}>
                    <Textarea
                      rows={6}
                      maxLength={50_000}
                      placeholder={t.answerKeyPlaceholder}
                      {...register('answerKeyText')}
                    />
                  </FormField>
                ) : null}
              </CardContent>
            </Card>

            <Card>
              <CardContent className="p-5">
                <OptionsPanel
                  options={options}
                  onChange={(next) => setValue('options', next)}
                  models={config.data?.aiModels ?? []}
                  defaultModel={config.data?.defaultAiModel ?? null}
                  testGradingScale={
                    method === 'select' && selectedTest
                      ? gradingScaleIdOf(selectedTest.gradingScale)
                      : undefined
                  }
                  disabled={busy}
                />
              </CardContent>
            </Card>

            {formError ? <Alert tone="error">{formError}</Alert> : null}
            {upload.phase === 'error' ? (
              <Alert tone="error">
                {upload.message}
                {upload.pricingLink ? (
                  <>
                    {' '}
                    <Link to={upload.pricingLink} className="font-medium underline">
                      {t.toPricing}
                    </Link>
                  </>
                ) : null}
              </Alert>
            ) : null}

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="ghost" onClick={onClear} disabled={busy}>
                <Eraser aria-hidden="true" className="size-4" />
                {t.clear}
              </Button>
              <Button type="button" variant="secondary" onClick={() => void onSaveDraft()} disabled={busy}>
                <Save aria-hidden="true" className="size-4" />
                {t.saveDraft}
              </Button>
              <Button type="submit" loading={busy}>
                <Sparkles aria-hidden="true" className="size-4" />
                {t.analyse}
              </Button>
            </div>
          </>
        ) : null}
      </form>

      <div ref={resultRef} className="flex scroll-mt-4 flex-col gap-4" aria-live="polite">
        {upload.phase === 'uploading' ? (
          <div className="flex flex-col gap-2 print:hidden">
            <Alert tone="info">{t.uploading(upload.percent)}</Alert>
            <Progress value={upload.percent} label={t.uploadProgress} valueText={`${upload.percent} %`} />
          </div>
        ) : null}
        {waiting && summary.data ? (
          <TranscriptionCheck
            key={summary.data.id}
            analysis={summary.data}
            busy={sending}
            onGrade={(corrected) => void onGradeTranscription(corrected)}
            onCancel={onLaterTranscription}
          />
        ) : null}
        {analysisId && !failedMessage && !done && !waiting ? (
          <div className="flex flex-col gap-2 print:hidden">
            <Alert tone="success">{t.uploaded}</Alert>
            <Progress value={100} tone="success" label={t.uploadProgress} valueText="100 %" />
          </div>
        ) : null}
        {failedMessage ? <Alert tone="error">{failedMessage}</Alert> : null}
        {done ? (
          <div className="print:hidden">
            <ResultPreviewCard
              analysis={done}
              expanded={expanded}
              onToggle={() => setExpanded((open) => !open)}
            />
          </div>
        ) : null}
        {done && expanded && analysisId ? renderResult(analysisId) : null}
      </div>
    </div>
  );
}
