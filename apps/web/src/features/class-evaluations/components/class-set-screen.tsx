import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, ScanText } from 'lucide-react';
import {
  classEvaluationScreenMessages as t,
  textCheckFirst,
  textCheckParam,
  type ClassEvaluationDetail,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  Progress,
  Skeleton,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useClassEvaluation } from '../api/class-evaluations';
import { OverviewView } from './overview-view';
import { PapersTable } from './papers-table';
import { QuestionsView } from './questions-view';
import { ReleaseView } from './release-view';
import { SplitCheck } from './split-check';
import { TextCheck } from './text-check';

const statusTone = {
  preparing: 'info',
  needs_review: 'warning',
  grading: 'info',
  done: 'success',
  failed: 'danger',
} as const;

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to="/dashboard/analyse?method=class">
        <ArrowLeft aria-hidden="true" />
        {t.back}
      </Link>
    </Button>
  );
}

/** The set's progress (x of n graded, failed) announced politely as it changes. */
function SetProgress({ detail }: { detail: ClassEvaluationDetail }) {
  const { papers, done, failed, needsTranscription } = detail.progress;
  const settled = done + failed;
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 p-4">
        <h2 className="font-semibold text-slate-900">{t.progressTitle}</h2>
        <p aria-live="polite" className="text-sm text-slate-700">
          {t.progressText(done, papers)}
          {failed > 0 ? ` · ${t.progressFailed(failed)}` : ''}
        </p>
        <Progress
          value={settled}
          max={Math.max(papers, 1)}
          tone={failed > 0 ? 'warning' : settled === papers ? 'success' : 'primary'}
          label={t.progressLabel}
          valueText={t.progressText(done, papers)}
        />
        {needsTranscription > 0 ? (
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-amber-800">{t.progressTranscription(needsTranscription)}</p>
            <Button asChild size="sm">
              <Link to={`?${textCheckParam}=${textCheckFirst}`}>
                <ScanText aria-hidden="true" />
                {t.textCheck.open}
              </Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Body({ detail, countsCredits }: { detail: ClassEvaluationDetail; countsCredits: boolean }) {
  const [search, setSearch] = useSearchParams();
  // the text check (issue 34 §1) opens inside the set: from the start of grading, the papers table, the
  // notification; the address says which paper, so a reload or the back button keeps the place
  const checking = search.get(textCheckParam);
  if (checking !== null && (detail.status === 'grading' || detail.status === 'done')) {
    return (
      <TextCheck
        detail={detail}
        startAt={checking}
        onMove={(analysisId) => setSearch({ [textCheckParam]: analysisId }, { replace: true })}
        onClose={() => setSearch({})}
      />
    );
  }
  switch (detail.status) {
    case 'preparing':
      return (
        <Card>
          <CardContent
            className="flex flex-col items-center gap-3 p-8 text-center"
            role="status"
            aria-live="polite"
          >
            <Spinner className="size-8 text-primary-700" />
            <p className="text-lg font-semibold text-slate-900">
              {detail.files.some((file) => file.role === 'stack') ? t.preparing : t.preparingKey}
            </p>
            {detail.files.some((file) => file.role === 'stack') ? (
              <p className="max-w-md text-sm text-slate-600">{t.preparingHint}</p>
            ) : null}
          </CardContent>
        </Card>
      );
    case 'failed':
      return (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error" title={t.failedTitle}>
            {detail.errorMessage}
          </Alert>
          <p className="text-sm text-slate-600">{t.failedHint}</p>
          <Button asChild variant="secondary">
            <Link to="/dashboard/analyse?method=class">{t.back}</Link>
          </Button>
        </div>
      );
    case 'needs_review':
      // a new key when the server's split changes (another tab saved it): the draft starts from it again
      return (
        <SplitCheck
          key={detail.papers.map((paper) => paper.id).join()}
          detail={detail}
          countsCredits={countsCredits}
        />
      );
    case 'grading':
      return (
        <div className="flex flex-col gap-4">
          <SetProgress detail={detail} />
          <PapersTable detail={detail} canConfirm={false} />
        </div>
      );
    case 'done':
      return (
        <div className="flex flex-col gap-4">
          <SetProgress detail={detail} />
          <Tabs defaultValue="papers">
            <TabsList
              aria-label={detail.testName || detail.courseName}
              className="max-sm:grid max-sm:w-full max-sm:grid-cols-2"
            >
              <TabsTrigger value="papers">{t.tabs.papers}</TabsTrigger>
              <TabsTrigger value="questions">{t.tabs.questions}</TabsTrigger>
              <TabsTrigger value="overview">{t.tabs.overview}</TabsTrigger>
              <TabsTrigger value="release">{t.tabs.release}</TabsTrigger>
            </TabsList>
            <TabsContent value="papers" className="mt-4">
              <PapersTable detail={detail} canConfirm />
            </TabsContent>
            <TabsContent value="questions" className="mt-4">
              <QuestionsView evaluationId={detail.id} />
            </TabsContent>
            <TabsContent value="overview" className="mt-4">
              <OverviewView evaluationId={detail.id} />
            </TabsContent>
            <TabsContent value="release" className="mt-4">
              <ReleaseView detail={detail} />
            </TabsContent>
          </Tabs>
        </div>
      );
  }
}

/**
 * `/dashboard/class-evaluations/:id`: one class set, live through its event stream (issue 16, ADR 0012).
 * `countsCredits`: the teacher's plan counts credits (the route knows the plan); else no text names them.
 */
export function ClassSetScreen({
  evaluationId,
  countsCredits = false,
}: {
  evaluationId: string;
  countsCredits?: boolean;
}) {
  const detail = useClassEvaluation(evaluationId);

  if (detail.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-4">
        <DocumentTitle title={t.loadFailed} />
        <BackLink />
        <Alert tone="error">{errorMessage(detail.error)}</Alert>
      </div>
    );
  }

  const data = detail.data;
  const title = data.testName || data.courseName;
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={title} />
      <BackLink />
      <PageHeader
        title={title}
        description={data.testName ? data.courseName : undefined}
        actions={<Badge tone={statusTone[data.status]}>{t.statuses[data.status]}</Badge>}
      />
      <Body detail={data} countsCredits={countsCredits} />
    </div>
  );
}
