import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Download, FileCheck2, Plus, Save } from 'lucide-react';
import {
  duplicateTitleSuffix,
  testCreatorMessages,
  testDefaults,
  type Question,
  type QuestionType,
  type Resource,
  type SavedTest,
} from '@korrigo/domain';
import {
  Alert,
  Button,
  ConfirmDialog,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@/components/ui';
import { PricingLink } from '@/components/account/pricing-link';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDeleteTest } from '../api/delete-test';
import { useGenerateQuestions } from '../api/generate-questions';
import { fetchTest } from '../api/get-test';
import { useSavedTests } from '@/lib/api/saved-tests';
import { saveTest, useSaveTest } from '../api/save-test';
import { useStatusMessage } from '../hooks/use-status-message';
import { readDraft, useDraftAutosave, type TestDraft } from '../hooks/use-test-draft';
import { downloadTestPdf } from '../utils/export-pdf';
import {
  blankQuestion,
  blankResource,
  blankTest,
  contentKey,
  hasContent,
  withMatchingOrders,
  newId,
  normalised,
  questionTypeForTestType,
} from '../utils/test-model';
import { BasicSettingsTab } from './basic-settings-tab';
import { HelpDialog } from './help-dialog';
import { QuestionsTab } from './questions-tab';
import { ResourcesTab } from './resources-tab';
import { SavedTestsTab } from './saved-tests-tab';
import { TestPreview } from './test-preview';

type Tab = 'settings' | 'questions' | 'resources' | 'preview' | 'saved' | 'team';

function initialDraft(userId: string): { draft: TestDraft; restored: boolean } {
  const draft = readDraft(userId);
  if (draft) return { draft, restored: true };
  // spec 001 §4: without a draft the editor starts with a first blank question.
  return { draft: { test: blankTest(userId), savedKey: null }, restored: false };
}

/** /dashboard/testgen (spec 001 §2, §4): the test editor with its five tabs, dialogs and local draft. */
export function TestCreatorScreen({
  userId,
  teamLibrary,
  openTestId,
}: {
  userId: string;
  /** the Pro Team's shared tests (features/team, composed by the route): a sixth tab when given */
  teamLibrary?: ReactNode;
  /** a saved test to open on arrival (`?testId=`: a test placed in her LMS course, ADR 0031) */
  openTestId?: string;
}) {
  const [initial] = useState(() => initialDraft(userId));
  const [test, setDrawnTest] = useState<SavedTest>(() => withMatchingOrders(initial.draft.test));
  // every change keeps a shuffle for each matching question, so what is saved is what the preview showed
  const setTest = (next: SavedTest | ((current: SavedTest) => SavedTest)) =>
    setDrawnTest((current) => withMatchingOrders(typeof next === 'function' ? next(current) : next));
  /** the content as last saved or loaded; null for a test never saved */
  const [savedKey, setSavedKey] = useState<string | null>(initial.draft.savedKey);
  const [tab, setTab] = useState<Tab>('settings');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [pendingLoad, setPendingLoad] = useState<SavedTest | null>(null);
  const [overwriteOpen, setOverwriteOpen] = useState(false);
  const [newTestOpen, setNewTestOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [pdfBusy, setPdfBusy] = useState<'test' | 'solution' | null>(null);
  const [generateNotice, setGenerateNotice] = useState<ReactNode>(null);
  const previewRef = useRef<HTMLElement>(null);

  const { status, show } = useStatusMessage();
  const savedTests = useSavedTests(userId);
  const saveMutation = useSaveTest(userId);
  const deleteMutation = useDeleteTest(userId);
  const generateMutation = useGenerateQuestions();

  const draft = useMemo<TestDraft>(() => ({ test, savedKey }), [test, savedKey]);
  useDraftAutosave(userId, draft);

  useEffect(() => {
    if (initial.restored) show(testCreatorMessages.draftLoaded, 'info');
  }, [initial.restored, show]);

  useEffect(() => {
    if (savedTests.isError) toast.error(testCreatorMessages.listFailed);
  }, [savedTests.isError, savedTests.errorUpdatedAt]);

  const dirty = hasContent(test) && contentKey(test) !== savedKey;
  const existsOnServer = savedTests.data
    ? savedTests.data.some((saved) => saved.id === test.id)
    : savedKey !== null;

  const update = (patch: Partial<SavedTest>) => setTest((current) => ({ ...current, ...patch }));
  const updateQuestion = (question: Question) =>
    setTest((current) => ({
      ...current,
      questions: current.questions.map((q) => (q.id === question.id ? question : q)),
    }));
  const updateResource = (resource: Resource) =>
    setTest((current) => ({
      ...current,
      resources: current.resources.map((r) => (r.id === resource.id ? resource : r)),
    }));

  const changeTab = (next: string) => {
    setTab(next as Tab);
  };

  const addQuestion = () => {
    const question = blankQuestion(questionTypeForTestType(test.testType), test.questions.length);
    setTest((current) => ({ ...current, questions: [...current.questions, question] }));
    setTab('questions');
    setTimeout(() => {
      const card = document.querySelector(`[data-question-id="${question.id}"]`);
      card?.scrollIntoView({ block: 'center' });
      card?.querySelector('textarea')?.focus();
    }, 50);
  };

  const requireTitle = (): boolean => {
    if (test.title.trim()) return true;
    setTitleError(testCreatorMessages.titleRequired);
    show(testCreatorMessages.titleRequired, 'error');
    setTab('settings');
    setTimeout(() => document.getElementById('test-title')?.focus(), 50);
    return false;
  };

  const doSave = () => {
    const sent = normalised({ ...test, userId });
    saveMutation.mutate(sent, {
      onSuccess: ({ lastSaved }) => {
        setTest((current) => ({ ...current, lastSaved }));
        setSavedKey(contentKey(sent));
        show(testCreatorMessages.saved);
      },
      onError: () => show(testCreatorMessages.saveFailed, 'error'),
    });
  };

  const handleSave = () => {
    if (!requireTitle()) return;
    // spec 001 §4: saving over an existing saved test asks first.
    if (existsOnServer) setOverwriteOpen(true);
    else doSave();
  };

  const handleSaveTemplate = async () => {
    if (!requireTitle()) return;
    setSavingTemplate(true);
    try {
      await saveTest(
        normalised({
          ...test,
          id: newId(),
          userId,
          title: test.title.trim() + testCreatorMessages.templateSuffix,
        }),
      );
      show(testCreatorMessages.templateSaved);
      void savedTests.refetch();
    } catch {
      show(testCreatorMessages.saveFailed, 'error');
    } finally {
      setSavingTemplate(false);
    }
  };

  const doLoad = async (summary: SavedTest) => {
    setBusyId(summary.id);
    try {
      const loaded = normalised(await fetchTest(userId, summary.id));
      setTest(loaded);
      setSavedKey(contentKey(loaded));
      setTitleError(null);
      setTab('settings');
      show(testCreatorMessages.loaded);
    } catch (error) {
      toast.error(
        error instanceof ApiClientError && error.status === 404
          ? testCreatorMessages.notFound
          : testCreatorMessages.loadFailed,
      );
    } finally {
      setBusyId(null);
    }
  };

  const handleEdit = (summary: SavedTest) => {
    // spec 001 §4: loading over unsaved edits asks first.
    if (dirty) setPendingLoad(summary);
    else void doLoad(summary);
  };

  // the LMS link of a placed test opens it once, as „Bearbeiten“ in the saved tests would (asking over edits)
  const openedOnArrival = useRef(false);
  useEffect(() => {
    if (!openTestId || openedOnArrival.current) return;
    openedOnArrival.current = true;
    if (openTestId === test.id) return;
    // fetched first, then loaded as „Bearbeiten“ loads it (the dialog asks over unsaved edits)
    fetchTest(userId, openTestId).then(
      (found) => handleEdit(found),
      () => toast.error(testCreatorMessages.notFound),
    );
  });

  const handleDuplicate = async (summary: SavedTest) => {
    setBusyId(summary.id);
    try {
      const full = await fetchTest(userId, summary.id);
      await saveTest({ ...full, id: newId(), title: full.title + duplicateTitleSuffix });
      show(testCreatorMessages.duplicated);
    } catch {
      toast.error(testCreatorMessages.duplicateFailed);
    } finally {
      setBusyId(null);
      void savedTests.refetch();
    }
  };

  const handleDelete = (summary: SavedTest) => {
    setBusyId(summary.id);
    deleteMutation.mutate(summary.id, {
      onSuccess: () => {
        if (summary.id === test.id) setSavedKey(null);
        show(testCreatorMessages.deleted);
      },
      onError: () => toast.error(testCreatorMessages.deleteFailed),
      onSettled: () => setBusyId(null),
    });
  };

  const doNewTest = () => {
    const fresh = blankTest(userId);
    setTest(fresh);
    setSavedKey(null);
    setTitleError(null);
    setTab('settings');
  };

  const handleNewTest = () => {
    if (hasContent(test)) setNewTestOpen(true);
    else doNewTest();
  };

  const handleGenerate = (questionType: QuestionType, count: number) => {
    setGenerateNotice(null);
    generateMutation.mutate(
      {
        subject: test.subject,
        grade: test.grade,
        questionType,
        topic: test.topic,
        learningObjectives: test.learningObjectives,
        count,
        points: testDefaults.points,
      },
      {
        onSuccess: ({ questions }) => {
          setTest((current) => {
            // A lone blank question is replaced rather than kept in front of the generated ones.
            const keep = current.questions.filter((q) => q.text.trim() || current.questions.length > 1);
            return { ...current, questions: [...keep, ...questions] };
          });
          setTab('questions');
          show(testCreatorMessages.generated(questions.length));
        },
        // a month's generations used up (402) names the plan with more, and links to it
        onError: (error) =>
          setGenerateNotice(
            <>
              {errorMessage(error)}
              <PricingLink error={error} />
            </>,
          ),
      },
    );
  };

  const handlePdf = async (solution: boolean) => {
    // The PDF repeats what the preview shows, in the preview's shuffled order.
    if (!previewRef.current) {
      toast.error(testCreatorMessages.previewMissing);
      return;
    }
    setPdfBusy(solution ? 'solution' : 'test');
    try {
      await downloadTestPdf(normalised(test), solution);
      show(testCreatorMessages.pdfCreated);
    } catch {
      show(testCreatorMessages.pdfFailed, 'error');
    } finally {
      setPdfBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-6 pb-24">
      <div className="sticky top-16 z-30 -mx-4 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex min-w-0 flex-1 flex-col">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {testCreatorMessages.title}
          </h1>
          <p className="truncate text-sm text-slate-600">
            {test.title.trim() || testCreatorMessages.untitled}
            {dirty ? ' · nicht gespeichert' : savedKey ? ' · gespeichert' : ''}
          </p>
        </div>
        <div
          role="status"
          aria-live="polite"
          data-testid="status-message"
          className={cn(
            'text-sm font-medium',
            status?.tone === 'error'
              ? 'text-red-700'
              : status?.tone === 'info'
                ? 'text-sky-800'
                : 'text-green-800',
          )}
        >
          {status?.text}
        </div>
        <Button onClick={handleSave} loading={saveMutation.isPending}>
          {saveMutation.isPending ? null : <Save aria-hidden="true" />}
          Speichern
        </Button>
      </div>

      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList aria-label="Bereiche des Testkreators" className="w-full sm:w-auto">
          <TabsTrigger value="settings">Grundeinstellungen</TabsTrigger>
          <TabsTrigger value="questions">Fragen ({test.questions.length})</TabsTrigger>
          <TabsTrigger value="resources">Ressourcen ({test.resources.length})</TabsTrigger>
          <TabsTrigger value="preview">Vorschau</TabsTrigger>
          <TabsTrigger value="saved">Gespeicherte Tests</TabsTrigger>
          {teamLibrary ? <TabsTrigger value="team">Team-Bibliothek</TabsTrigger> : null}
        </TabsList>

        <TabsContent value="settings">
          <BasicSettingsTab
            test={test}
            titleError={titleError}
            onChange={(patch) => {
              if (patch.title?.trim()) setTitleError(null);
              update(patch);
            }}
            onSaveTemplate={() => void handleSaveTemplate()}
            savingTemplate={savingTemplate}
            onGenerate={handleGenerate}
            generating={generateMutation.isPending}
            generateNotice={generateNotice}
            onHelp={() => setHelpOpen(true)}
          />
        </TabsContent>
        <TabsContent value="questions">
          <QuestionsTab
            test={test}
            onChangeQuestion={updateQuestion}
            onRemoveQuestion={(id) =>
              setTest((current) => ({ ...current, questions: current.questions.filter((q) => q.id !== id) }))
            }
            onAddQuestion={addQuestion}
          />
        </TabsContent>
        <TabsContent value="resources">
          <ResourcesTab
            resources={test.resources}
            onAdd={() =>
              setTest((current) => ({
                ...current,
                resources: [...current.resources, blankResource(current.resources.length)],
              }))
            }
            onChange={updateResource}
            onRemove={(id) =>
              setTest((current) => ({
                ...current,
                resources: current.resources.filter((r) => r.id !== id),
                // A removed resource is detached from every question, so the test stays valid.
                questions: current.questions.map((q) => ({
                  ...q,
                  resources: q.resources.filter((rid) => rid !== id),
                })),
              }))
            }
          />
        </TabsContent>
        <TabsContent value="preview" className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={handleSave} variant="secondary" loading={saveMutation.isPending}>
              {saveMutation.isPending ? null : <Save aria-hidden="true" />}
              Test speichern
            </Button>
            <Button onClick={() => void handlePdf(false)} loading={pdfBusy === 'test'}>
              {pdfBusy === 'test' ? null : <Download aria-hidden="true" />}
              PDF herunterladen
            </Button>
            <Button variant="secondary" onClick={() => void handlePdf(true)} loading={pdfBusy === 'solution'}>
              {pdfBusy === 'solution' ? null : <FileCheck2 aria-hidden="true" />}
              Lösungsblatt (PDF)
            </Button>
          </div>
          <TestPreview test={test} ref={previewRef} />
        </TabsContent>
        <TabsContent value="saved">
          {savedTests.isError ? (
            <Alert tone="error" className="mb-4">
              {testCreatorMessages.listFailed}
            </Alert>
          ) : null}
          <SavedTestsTab
            tests={savedTests.data}
            loading={savedTests.isPending}
            refreshing={savedTests.isRefetching}
            busyId={busyId}
            onRefresh={() => void savedTests.refetch()}
            onNew={handleNewTest}
            onEdit={handleEdit}
            onDuplicate={(summary) => void handleDuplicate(summary)}
            onDelete={handleDelete}
          />
        </TabsContent>
        {teamLibrary ? <TabsContent value="team">{teamLibrary}</TabsContent> : null}
      </Tabs>

      <button
        type="button"
        onClick={addQuestion}
        aria-label="Neue Frage hinzufügen"
        title="Neue Frage hinzufügen"
        className="fixed right-5 bottom-5 z-40 flex size-14 cursor-pointer items-center justify-center rounded-full bg-primary-700 text-white shadow-popover transition-colors hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 sm:right-8 sm:bottom-8"
      >
        <Plus aria-hidden="true" className="size-7" />
      </button>

      <ConfirmDialog
        open={pendingLoad !== null}
        onOpenChange={(open) => !open && setPendingLoad(null)}
        title={testCreatorMessages.unsavedChangesTitle}
        description={testCreatorMessages.unsavedChangesText}
        confirmLabel={testCreatorMessages.loadTest}
        onConfirm={() => {
          if (pendingLoad) void doLoad(pendingLoad);
          setPendingLoad(null);
        }}
      />
      <ConfirmDialog
        open={overwriteOpen}
        onOpenChange={setOverwriteOpen}
        title={testCreatorMessages.overwriteTitle}
        description={testCreatorMessages.overwriteText(test.title.trim())}
        confirmLabel={testCreatorMessages.overwriteConfirm}
        onConfirm={doSave}
      />
      <ConfirmDialog
        open={newTestOpen}
        onOpenChange={setNewTestOpen}
        title={testCreatorMessages.newTestTitle}
        description={testCreatorMessages.newTestText}
        confirmLabel={testCreatorMessages.newTestConfirm}
        onConfirm={doNewTest}
      />
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
