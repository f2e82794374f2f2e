import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ChartColumn } from 'lucide-react';
import {
  analyticsMessages as m,
  analyticsSections,
  berlinDay,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type AnalyticsTimeframe,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Button, EmptyState, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { useQuestionAnalysis } from '../api/get-question-analysis';
import { analyticsTexts as t } from '../content/analytics-texts';
import { isEmptyOverview, readFilters } from '../utils/analytics-format';
import { AnalyticsFilters } from './analytics-filters';
import { AnalyticsInsights } from './analytics-insights';
import { GradeDistribution } from './grade-distribution';
import { ImprovementAreas } from './improvement-areas';
import { QuestionAnalysis } from './question-analysis';
import { StatCards } from './stat-cards';
import { StudentProgressTable } from './student-progress';

const day = (iso: string) => {
  const [year, month, dayOfMonth] = berlinDay(iso).split('-');
  return `${dayOfMonth}.${month}.${year}`;
};

/**
 * The teacher's analytics (spec 001 §2, issue 18 §1). The filters live in the address (?timeframe=,
 * ?classId= or ?courseId=, ?test=), so a reload keeps them and an insight can link to a test's question
 * analysis (`?test=set:…#fragen`).
 */
export function AnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = { timeframe: filters.timeframe, classId: filters.classId, courseId: filters.courseId };
  const overview = useAnalyticsOverview(query);
  const location = useLocation();
  const empty = overview.data ? isEmptyOverview(overview.data) : true;
  const testId = empty ? null : (filters.test ?? overview.data?.tests[0]?.id ?? null);
  // the same query the question analysis shows (one request): the page's height settles once it is there
  const questions = useQuestionAnalysis(query, testId);
  const settled = overview.data !== undefined && (testId === null || !questions.isPending);

  // the router does not scroll to a hash; the sections exist, at their final place, once both are there
  useEffect(() => {
    if (!settled || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [settled, location.hash, location.search]);

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const setTimeframe = (timeframe: AnalyticsTimeframe) => update((next) => next.set('timeframe', timeframe));
  const setGroup = (value: string) =>
    update((next) => {
      next.delete('classId');
      next.delete('courseId');
      const [kind, id] = value.split(':');
      if (kind === 'class' && id) next.set('classId', id);
      if (kind === 'course' && id) next.set('courseId', id);
    });
  const setTest = (test: string) => update((next) => next.set('test', test));

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <DocumentTitle title={m.title} />
      <PageHeader title={m.title} description={m.subtitle} />
      <AnalyticsFilters
        query={query}
        filters={overview.data?.filters}
        onTimeframe={setTimeframe}
        onGroup={setGroup}
      />
      {overview.isPending ? <LoadingState /> : null}
      {overview.isError && !overview.data ? (
        <Alert tone="error">
          <div className="flex flex-col items-start gap-2">
            <span>
              {t.loadFailed} {errorMessage(overview.error)}
            </span>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              loading={overview.isFetching}
              onClick={() => void overview.refetch()}
            >
              {t.retry}
            </Button>
          </div>
        </Alert>
      ) : null}
      {overview.data ? (
        <div
          className="flex flex-col gap-10 transition-opacity aria-busy:opacity-60"
          aria-busy={overview.isPlaceholderData || undefined}
        >
          <p className="-mt-4 text-sm text-slate-600" data-testid="analytics-period">
            {t.period(day(overview.data.from), day(overview.data.to))}
            {overview.isPlaceholderData ? <span className="sr-only"> {t.updating}</span> : null}
          </p>
          {empty ? (
            <EmptyState icon={ChartColumn} title={m.empty} />
          ) : (
            <Figures overview={overview.data} query={query} testId={testId} onTest={setTest} />
          )}
        </div>
      ) : null}
    </div>
  );
}

function Figures({
  overview,
  query,
  testId,
  onTest,
}: {
  overview: AnalyticsOverview;
  query: AnalyticsQuery;
  testId: string | null;
  onTest: (test: string) => void;
}) {
  return (
    <>
      {/* the ids are the anchors the server's insights link to (analyticsSections) */}
      <StatCards id={analyticsSections.stats} stats={overview.stats} />
      <Section id="verteilung" title={t.distribution}>
        <div className="grid gap-4 lg:grid-cols-2">
          <GradeDistribution
            id="by-class"
            anchor={analyticsSections.classes}
            title={t.byClass}
            longTitle={t.byClassLong}
            labelColumn={t.groupColumn}
            rows={overview.byClass}
          />
          <GradeDistribution
            id="by-subject"
            anchor={analyticsSections.subjects}
            title={t.bySubject}
            longTitle={t.bySubjectLong}
            labelColumn={t.subjectColumn}
            rows={overview.bySubject}
          />
        </div>
      </Section>
      <Section
        id={analyticsSections.students}
        headingId="analytics-students"
        title={t.students}
        intro={t.studentsIntro}
      >
        <StudentProgressTable students={overview.students} />
      </Section>
      <Section id={analyticsSections.questions} title={t.questions} intro={t.questionsIntro}>
        <QuestionAnalysis query={query} tests={overview.tests} testId={testId} onSelect={onTest} />
      </Section>
      <Section id={analyticsSections.improvement} title={t.improvement} intro={t.improvementIntro}>
        <ImprovementAreas areas={overview.improvementAreas} />
      </Section>
      <Section id="hinweise" title={t.insights}>
        <AnalyticsInsights insights={overview.insights} />
      </Section>
    </>
  );
}

function Section({
  id,
  headingId = `${id}-heading`,
  title,
  intro,
  children,
}: {
  id: string;
  headingId?: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

function LoadingState() {
  return (
    <div className="flex flex-col gap-8" data-testid="analytics-loading">
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}

/** A student's view of the page: the figures are the teachers'; hers are in 'Mein Lernprofil'. */
export function AnalyticsStudentNotice() {
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={m.title} />
      <PageHeader title={m.title} />
      <Alert tone="info">
        <div className="flex flex-col items-start gap-2">
          <span>{m.studentNotice}</span>
          <Link to="/dashboard/mytests" className="font-medium text-primary-800 underline underline-offset-2">
            {t.studentLink}
          </Link>
        </div>
      </Alert>
    </div>
  );
}
