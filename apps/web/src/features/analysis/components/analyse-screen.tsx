import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Eraser, Save, Sparkles, Users } from 'lucide-react';
import {
  analysisMessages,
  analysisOptionsSchema,
  analysisScreenMessages as t,
  gradingScaleIdOf,
  type AnalysisOptions,
  type ExtractedPageView,
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
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { createAnalysis } from '../api/create-analysis';
import { extractText } from '../api/extract-text';
import { useAnalysisStatus } from '../api/analysis-status';
import { useAnalysisSummary } from '../api/analysis-summary';
import { useAnswerKeyTests } from '../api/saved-tests';
import { addFiles, validateSubmit, type InputMethod } from '../utils/analysis-form';
import { clearDraft, loadDraft, saveDraft } from '../utils/draft-storage';
import { mayNeedOcr, needsTranscriptionCheck } from '../utils/transcription';
import { FileDropZone } from './file-drop-zone';
import { OptionsPanel } from './options-panel';
import { ResultPreviewCard } from './result-preview-card';
import { TestPicker } from './test-picker';
import { TranscriptionCheck } from './transcription-check';

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; extracting: boolean }
  | { phase: 'error'; message: string; noCredits: boolean };

const defaultOptions = (): AnalysisOptions => analysisOptionsSchema.parse({});

type AnalyseScreenProps = {
  /** the detailed result view; the route passes it in because features do not import each other */
  renderResult: (analysisId: string) => ReactNode;
  /** spec 001 §2: the history button beside the title (the route brings it, like the result view) */
  headerActions?: ReactNode;
};

export function AnalyseScreen({ renderResult, headerActions }: AnalyseScreenProps) {
  const { user } = useSession();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<InputMethod>('manual');
  const [title, setTitle] = useState('');
  const [studentName, setStudentName] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [selectedTestId, setSelectedTestId] = useState<string | null>(null);
  const [answerKeyText, setAnswerKeyText] = useState('');
  const [options, setOptions] = useState<AnalysisOptions>(defaultOptions);
  const [formError, setFormError] = useState<string | null>(null);
  const [fileNotice, setFileNotice] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  const [analysisId, setAnalysisId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [transcription, setTranscription] = useState<ExtractedPageView[] | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const tests = useAnswerKeyTests(user?.uid ?? null, method === 'select');
  const selectedTest = tests.data?.find((test) => test.id === selectedTestId);
  const status = useAnalysisStatus(analysisId);
  const done = status.data?.status === 'done';
  const summary = useAnalysisSummary(analysisId, done);
  const busy =
    upload.phase === 'uploading' ||
    (analysisId !== null &&
      status.data?.status !== 'done' &&
      status.data?.status !== 'failed' &&
      !status.isError);

  useEffect(() => {
    let active = true;
    void loadDraft().then((stored) => {
      if (!active || !stored) return;
      const { draft } = stored;
      setMethod(draft.method);
      setTitle(draft.title);
      setStudentName(draft.studentName);
      setText(draft.text);
      setSelectedTestId(draft.selectedTestId);
      setAnswerKeyText(draft.answerKeyText ?? '');
      setOptions(analysisOptionsSchema.catch(defaultOptions()).parse(draft.options));
      setFiles(stored.files);
      toast.info(t.draftLoaded);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (summary.data) resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [summary.data]);

  const clearResults = () => {
    setAnalysisId(null);
    setExpanded(false);
    setTranscription(null);
    setUpload({ phase: 'idle' });
    setFormError(null);
    setFileNotice(null);
  };

  const switchMethod = (next: string) => {
    setMethod(next as InputMethod);
    setText('');
    setFiles([]);
    setSelectedTestId(null);
    setAnswerKeyText('');
    clearResults();
  };

  const onAddFiles = (incoming: File[]) => {
    const result = addFiles(files, incoming);
    setFiles(result.files);
    setFileNotice(result.notices[0] ?? null);
    setFormError(result.error);
  };

  const onClear = () => {
    setTitle('');
    setStudentName('');
    setText('');
    setFiles([]);
    setSelectedTestId(null);
    setAnswerKeyText('');
    setOptions(defaultOptions());
    clearResults();
    void clearDraft();
  };

  const onSaveDraft = async () => {
    try {
      const { filesKept } = await saveDraft(
        { method, title, studentName, text, selectedTestId, answerKeyText, options },
        files,
      );
      toast.success(files.length > 0 && filesKept ? t.draftSavedWithFiles : t.draftSaved);
    } catch {
      toast.error(t.draftFailed);
    }
  };

  const startAnalysis = async (input: { text: string; files: File[] }) => {
    setUpload({ phase: 'uploading', percent: 0, extracting: false });
    try {
      const created = await createAnalysis(
        {
          ...input,
          title,
          studentName,
          selectedTestId,
          answerKeyText: method === 'manual' ? answerKeyText : '',
          options,
        },
        (percent) => setUpload({ phase: 'uploading', percent, extracting: false }),
      );
      setUpload({ phase: 'idle' });
      setTranscription(null);
      setAnalysisId(created.id);
      // the credits card in the shell shows the charge (the profile query's key, not its module)
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    } catch (error) {
      const noCredits = error instanceof ApiClientError && error.status === 402;
      setUpload({ phase: 'error', message: errorMessage(error), noCredits });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      setFormError(analysisMessages.notSignedIn);
      return;
    }
    const invalid = validateSubmit({ method, text, files, selectedTestId });
    setFormError(invalid);
    if (invalid) return;
    clearResults();
    if (mayNeedOcr(files)) {
      // issue 5 §3: text read from pixels is shown to the teacher before anything is graded
      setUpload({ phase: 'uploading', percent: 0, extracting: true });
      try {
        const extraction = await extractText(files, (percent) =>
          setUpload({ phase: 'uploading', percent, extracting: true }),
        );
        if (needsTranscriptionCheck(extraction)) {
          setUpload({ phase: 'idle' });
          setTranscription(extraction.pages);
          return;
        }
      } catch (error) {
        setUpload({ phase: 'error', message: errorMessage(error), noCredits: false });
        return;
      }
    }
    await startAnalysis({ text, files });
  };

  const onGradeTranscription = (corrected: string) =>
    void startAnalysis({ text: [text.trim(), corrected].filter(Boolean).join('\n\n'), files: [] });

  const failedMessage =
    status.data?.status === 'failed'
      ? analysisMessages.analysisFailed(status.data.errorMessage ?? analysisMessages.gradingFailed)
      : status.isError
        ? analysisMessages.analysisFailed(errorMessage(status.error))
        : summary.isError
          ? analysisMessages.analysisFailed(errorMessage(summary.error))
          : null;

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={t.title} />
      <PageHeader title={t.title} description={t.subtitle} actions={headerActions} />
      <p className="-mt-4 max-w-3xl text-sm text-slate-600 print:hidden">{t.lead}</p>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6 print:hidden">
        <Tabs value={method} onValueChange={switchMethod}>
          <TabsList aria-label={t.title} className="max-sm:grid max-sm:w-full max-sm:grid-cols-1">
            <TabsTrigger value="manual">{t.methods.manual}</TabsTrigger>
            <TabsTrigger value="select">{t.methods.select}</TabsTrigger>
            <TabsTrigger value="class">{t.methods.class}</TabsTrigger>
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
                    setSelectedTestId(id);
                    // another test: its own Notenschlüssel is the choice again
                    setOptions(({ gradingScale: _previous, ...rest }) => rest);
                    if (id) setFormError(null);
                  }}
                />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="class" className="mt-4">
            <Card>
              <CardContent className="flex flex-col items-start gap-3 p-5">
                <Users aria-hidden="true" className="size-6 text-primary-700" />
                <p className="max-w-2xl text-sm text-slate-700">{t.classSetText}</p>
                <Button asChild variant="secondary">
                  <Link to="/dashboard/classes">{t.classSetLink}</Link>
                </Button>
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>

        {method !== 'class' ? (
          <>
            <Card>
              <CardContent className="flex flex-col gap-4 p-5">
                {method === 'select' ? <p className="text-sm text-slate-600">{t.studentWorkHint}</p> : null}
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField label={t.titleLabel}>
                    <Input value={title} maxLength={300} onChange={(event) => setTitle(event.target.value)} />
                  </FormField>
                  <FormField label={t.studentLabel}>
                    <Input
                      value={studentName}
                      maxLength={200}
                      onChange={(event) => setStudentName(event.target.value)}
                    />
                  </FormField>
                </div>
                <FormField label={t.textLabel}>
                  <Textarea
                    rows={8}
                    value={text}
                    placeholder={t.textPlaceholder}
                    onChange={(event) => setText(event.target.value)}
                  />
                </FormField>
                <FileDropZone
                  files={files}
                  onAdd={onAddFiles}
                  onRemove={(index) => {
                    setFiles((current) => current.filter((_, i) => i !== index));
                    setFormError(null);
                  }}
                  disabled={busy}
                />
                {fileNotice ? <Alert tone="warning">{fileNotice}</Alert> : null}
                {method === 'manual' ? (
                  <FormField label={t.answerKeyLabel} hint={t.answerKeyHint}>
                    <Textarea
                      rows={6}
                      value={answerKeyText}
                      maxLength={50_000}
                      placeholder={t.answerKeyPlaceholder}
                      onChange={(event) => setAnswerKeyText(event.target.value)}
                    />
                  </FormField>
                ) : null}
              </CardContent>
            </Card>

            <Card>
              <CardContent className="p-5">
                <OptionsPanel
                  options={options}
                  onChange={setOptions}
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
                {upload.noCredits ? (
                  <>
                    {' '}
                    <Link to="/pricing" className="font-medium underline">
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
            <Alert tone="info">
              {upload.extracting ? t.extracting(upload.percent) : t.uploading(upload.percent)}
            </Alert>
            <Progress value={upload.percent} label={t.uploadProgress} valueText={`${upload.percent} %`} />
          </div>
        ) : null}
        {transcription ? (
          <TranscriptionCheck
            pages={transcription}
            files={files}
            busy={upload.phase === 'uploading'}
            onGrade={onGradeTranscription}
            onCancel={() => setTranscription(null)}
          />
        ) : null}
        {analysisId && !failedMessage && !summary.data ? (
          <div className="flex flex-col gap-2 print:hidden">
            <Alert tone="success">{t.uploaded}</Alert>
            <Progress value={100} tone="success" label={t.uploadProgress} valueText="100 %" />
          </div>
        ) : null}
        {failedMessage ? <Alert tone="error">{failedMessage}</Alert> : null}
        {summary.data ? (
          <div className="print:hidden">
            <ResultPreviewCard
              analysis={summary.data}
              expanded={expanded}
              onToggle={() => setExpanded((open) => !open)}
            />
          </div>
        ) : null}
        {summary.data && expanded && analysisId ? renderResult(analysisId) : null}
      </div>
    </div>
  );
}
