import { useState } from 'react';
import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { learningAssistantMessages as t, type LearningOverview, type PlanId } from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Button, Card, CardContent, EmptyState, Skeleton } from '@/components/ui';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useLearningOverview } from '../api/learning-assistant';
import { AnalyzeTool } from './analyze-tool';
import { ProgressStats } from './progress-stats';
import { SubjectAreas } from './subject-areas';
import { SubjectGrid } from './subject-grid';
import { ToolTabs } from './tool-tabs';

/** The first subject she has results in: what the screen opens with. */
const firstWithResults = (overview: LearningOverview) =>
  overview.subjects.find((subject) => subject.results > 0)?.subject ?? overview.subjects[0]?.subject ?? null;

const isForbidden = (error: unknown) => error instanceof ApiClientError && error.status === 403;

/**
 * /dashboard/essayfeed: the Lern-Assistent on her own results (spec 001 §2, issue 17 §3). `plan`: hers, from
 * the route's profile: explanations and the chat are Premium Student's (ADR 0018).
 */
export function LearningAssistantScreen({ plan }: { plan?: PlanId } = {}) {
  const overview = useLearningOverview();
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={t.title} />
      <PageHeader title={t.title} description={t.intro} />
      {overview.isPending ? (
        <LoadingSkeleton />
      ) : overview.isError && isForbidden(overview.error) ? (
        // a teacher who typed the address: nothing to retry (the server says it is for students)
        <Alert tone="info">{errorMessage(overview.error)}</Alert>
      ) : overview.isError ? (
        <Alert tone="error" title={t.loadFailed}>
          <p>{errorMessage(overview.error)}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={overview.isFetching}
            onClick={() => void overview.refetch()}
          >
            {t.retry}
          </Button>
        </Alert>
      ) : overview.data.hasResults ? (
        <LearningAssistantContent overview={overview.data} plan={plan} />
      ) : (
        <>
          <EmptyState
            icon={GraduationCap}
            title={t.emptyTitle}
            description={t.emptyText}
            action={
              <Button asChild>
                <Link to="/dashboard/analyse">{t.emptyAction}</Link>
              </Button>
            }
          />
          {/* her own text needs no earlier result: the one tool that works from the start */}
          <Card>
            <CardContent className="flex flex-col gap-4">
              <h2 className="text-lg font-semibold text-slate-900">{t.toolAnalyze}</h2>
              <AnalyzeTool subject={null} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function LearningAssistantContent({ overview, plan }: { overview: LearningOverview; plan?: PlanId }) {
  const [picked, setPicked] = useState<string | null>(null);
  const selectedName = picked ?? firstWithResults(overview);
  const selected = overview.subjects.find((subject) => subject.subject === selectedName) ?? null;

  return (
    <>
      <SubjectGrid subjects={overview.subjects} selected={selectedName} onSelect={setPicked} />
      {selected ? <SubjectAreas subject={selected} /> : null}
      <ToolTabs overview={overview} subject={selected} plan={plan} />
      <ProgressStats stats={overview.stats} />
    </>
  );
}

function LoadingSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="learning-assistant-loading">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
