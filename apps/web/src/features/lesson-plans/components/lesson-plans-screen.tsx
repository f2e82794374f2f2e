import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import {
  lessonPlanMessages as m,
  lessonPlanStatuses,
  lessonPlanStatusLabels,
  type LessonDraft,
  type LessonPlan,
  type LessonPlanInput,
  type LessonPlanStatus,
  type LessonTemplate,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import {
  Alert,
  Button,
  ConfirmDialog,
  EmptyState,
  FormField,
  Select,
  Skeleton,
  toast,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { downloadLessonPlanPdf } from '../api/download-lesson-plan-pdf';
import { useLessonPlan } from '../api/get-lesson-plan';
import { useLessonPlans } from '../api/get-lesson-plans';
import {
  useCreateLessonPlan,
  useDeleteLessonPlan,
  useDuplicateLessonPlan,
  useUpdateLessonPlan,
} from '../api/lesson-plan-mutations';
import { DraftDialog } from './draft-dialog';
import { PlanEditor } from './plan-editor';
import { PlansTable } from './plans-table';
import { TemplatesSection } from './templates-section';

/** `?plan=<id>` opens a saved plan in the editor (the course details link there), `?plan=neu` a new one. */
export const planParam = 'plan';
const newPlan = 'neu';

const blankPlan = (): LessonPlanInput => ({
  title: '',
  subject: '',
  gradeLevel: '',
  durationMinutes: 45,
  date: null,
  courseId: null,
  status: 'draft',
  topic: '',
  goals: '',
  phases: [{ name: '', minutes: 45, content: '', method: 'Plenum', materials: '' }],
  notes: '',
  templateId: null,
});

const inputOf = ({
  id: _id,
  courseName: _c,
  createdAt: _a,
  updatedAt: _u,
  ...input
}: LessonPlan): LessonPlanInput => input;

/** spec 001 §2 lessonsplan, issue 18 point 3: her plans as a table, the templates, and the editor. */
export function LessonPlansScreen() {
  const [params, setParams] = useSearchParams();
  const open = params.get(planParam);
  const [draft, setDraft] = useState<LessonDraft | null>(null);
  const [template, setTemplate] = useState<LessonTemplate | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const config = useConfig();

  const openPlan = (id: string | null) => setParams(id ? { [planParam]: id } : {});
  const download = async (plan: { id: string; title: string }) => {
    setBusyId(plan.id);
    try {
      await downloadLessonPlanPdf(plan.id, plan.title);
    } catch (error) {
      toast.error(m.pdfFailed, { description: errorMessage(error) });
    } finally {
      setBusyId(null);
    }
  };

  if (open === newPlan) {
    return (
      <NewPlanEditor
        draft={draft}
        onDone={() => {
          setDraft(null);
          openPlan(null);
        }}
      />
    );
  }
  if (open) {
    return (
      <SavedPlanEditor id={open} onDone={() => openPlan(null)} onPdf={download} pdfBusy={busyId === open} />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <DocumentTitle title={m.title} />
      <PageHeader
        title={m.title}
        description={m.intro}
        actions={
          <Button
            onClick={() => {
              setDraft(null);
              openPlan(newPlan);
            }}
          >
            <Plus aria-hidden="true" />
            {m.newPlan}
          </Button>
        }
      />
      <PlansList
        onEdit={(plan) => openPlan(plan.id)}
        onPdf={download}
        busyId={busyId}
        setBusyId={setBusyId}
      />
      <TemplatesSection onUse={setTemplate} />
      <DraftDialog
        template={template}
        fromModel={config.data?.aiProvider === 'openai-compatible'}
        onClose={() => setTemplate(null)}
        onDraft={(made) => {
          setTemplate(null);
          setDraft(made);
          openPlan(newPlan);
        }}
      />
    </div>
  );
}

function PlansList({
  onEdit,
  onPdf,
  busyId,
  setBusyId,
}: {
  onEdit: (plan: LessonPlan) => void;
  onPdf: (plan: LessonPlan) => void;
  busyId: string | null;
  setBusyId: (id: string | null) => void;
}) {
  const plans = useLessonPlans();
  const duplicate = useDuplicateLessonPlan();
  const remove = useDeleteLessonPlan();
  const [status, setStatus] = useState<LessonPlanStatus | 'all'>('all');
  const [deleting, setDeleting] = useState<LessonPlan | null>(null);
  const shown = useMemo(
    () => (plans.data ?? []).filter((plan) => status === 'all' || plan.status === status),
    [plans.data, status],
  );

  if (plans.isPending) {
    return (
      <div role="status" aria-label={m.loading}>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <Alert tone="error" title={m.loadFailed}>
        {errorMessage(plans.error)}
      </Alert>
    );
  }
  if (plans.data.length === 0) return <EmptyState title={m.empty} />;

  return (
    <section aria-label={m.title} className="flex flex-col gap-3">
      <FormField label={m.filterStatus} className="sm:w-64">
        <Select
          value={status}
          onChange={(event) => setStatus(event.target.value as LessonPlanStatus | 'all')}
        >
          <option value="all">{m.allStatuses}</option>
          {lessonPlanStatuses.map((value) => (
            <option key={value} value={value}>
              {lessonPlanStatusLabels[value]}
            </option>
          ))}
        </Select>
      </FormField>
      {shown.length === 0 ? (
        <EmptyState title={m.noMatch} />
      ) : (
        <PlansTable
          plans={shown}
          busyId={busyId}
          onEdit={onEdit}
          onPdf={onPdf}
          onDelete={setDeleting}
          onDuplicate={async (plan) => {
            setBusyId(plan.id);
            try {
              await duplicate.mutateAsync(plan.id);
              toast.success(m.duplicated);
            } catch (error) {
              toast.error(m.duplicateFailed, { description: errorMessage(error) });
            } finally {
              setBusyId(null);
            }
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={deleting ? m.deleteTitle(deleting.title) : ''}
        description={m.deleteBody}
        confirmLabel={m.delete}
        tone="danger"
        onConfirm={async () => {
          const plan = deleting!;
          setDeleting(null);
          try {
            await remove.mutateAsync(plan.id);
            toast.success(m.deleted);
          } catch (error) {
            toast.error(m.deleteFailed, { description: errorMessage(error) });
          }
        }}
      />
    </section>
  );
}

function NewPlanEditor({ draft, onDone }: { draft: LessonDraft | null; onDone: (saved: boolean) => void }) {
  const create = useCreateLessonPlan();
  // the draft's values are the form's first values: kept while the editor is open
  const [initial] = useState(() => draft?.draft ?? blankPlan());
  return (
    <PlanEditor
      planId={null}
      initial={initial}
      draftSource={draft?.source ?? null}
      startsDirty={draft !== null}
      saving={create.isPending}
      onLeave={() => onDone(false)}
      onSave={async (values) => {
        try {
          await create.mutateAsync(values);
          toast.success(m.saved);
          onDone(true);
          return true;
        } catch (error) {
          toast.error(m.saveFailed, { description: errorMessage(error) });
          return false;
        }
      }}
    />
  );
}

function SavedPlanEditor({
  id,
  onDone,
  onPdf,
  pdfBusy,
}: {
  id: string;
  onDone: () => void;
  onPdf: (plan: { id: string; title: string }) => void;
  pdfBusy: boolean;
}) {
  const plan = useLessonPlan(id);
  const update = useUpdateLessonPlan();
  if (plan.isPending) {
    return (
      <div role="status" aria-label={m.loading}>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (plan.isError) {
    return (
      <div className="flex flex-col gap-4">
        <DocumentTitle title={m.editorEdit} />
        <PageHeader title={m.editorEdit} />
        <Alert tone="error">{errorMessage(plan.error)}</Alert>
        <div>
          <Button variant="secondary" onClick={onDone}>
            {m.back}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <PlanEditor
      key={plan.data.id}
      planId={plan.data.id}
      initial={inputOf(plan.data)}
      initialCourseName={plan.data.courseName}
      startsDirty={false}
      saving={update.isPending}
      onLeave={onDone}
      onPdf={() => onPdf(plan.data)}
      pdfBusy={pdfBusy}
      onSave={async (values) => {
        try {
          await update.mutateAsync({ ...values, id });
          toast.success(m.saved);
          onDone();
          return true;
        } catch (error) {
          toast.error(m.saveFailed, { description: errorMessage(error) });
          return false;
        }
      }}
    />
  );
}
