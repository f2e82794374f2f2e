import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Clock,
  FileCheck2,
  Minus,
  Percent,
  ScanText,
  TrendingDown,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import {
  dashboardLimits,
  dashboardMessages as t,
  overviewGradeClass,
  parseGrade,
  type DashboardStat,
  type HistoryItem,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  EmptyState,
  Skeleton,
  type BadgeTone,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAllAnalyses, useDashboard } from '../api/history';
import { loadErrorMessage, pointsSuffix, readCachedAnalyses, writeCachedAnalyses } from '../utils/history';
import { HistoryButton } from './history-button';

type Props = {
  /** the result view of one analysis, shown in the overlay (the route brings it: features stay apart) */
  renderResult: (analysisId: string) => ReactNode;
};

const number = (value: number | null) => (value === null ? '–' : value.toLocaleString('de-DE'));
const formats = {
  analysedTests: number,
  students: number,
  averagePercent: (value: number | null) => (value === null ? '–' : `${Math.round(value)} %`),
  savedHours: (value: number | null) =>
    value === null ? '–' : `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} h`,
};
const icons: Record<keyof typeof formats, LucideIcon> = {
  analysedTests: FileCheck2,
  students: Users,
  averagePercent: Percent,
  savedHours: Clock,
};

function Change({ stat }: { stat: DashboardStat }) {
  if (stat.changePercent === null) {
    return <p className="text-xs text-slate-500">{t.noComparison}</p>;
  }
  const up = stat.changePercent > 0;
  const down = stat.changePercent < 0;
  const Icon = up ? TrendingUp : down ? TrendingDown : Minus;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1 text-sm font-medium',
        up ? 'text-green-700' : down ? 'text-red-700' : 'text-slate-600',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {t.change(stat.changePercent)} {t.vsPreviousMonth}
    </p>
  );
}

function StatCard({ name, stat }: { name: keyof typeof formats; stat: DashboardStat }) {
  const Icon = icons[name];
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5" data-testid={`stat-${name}`}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-600">{t.stats[name]}</h2>
        <span className="flex size-8 items-center justify-center rounded-full bg-primary-50 text-primary-700">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </div>
      <p className="text-3xl font-semibold tracking-tight text-slate-900" data-testid="stat-value">
        {formats[name](stat.value)}
      </p>
      <p className="-mt-1 text-xs text-slate-500">{t.statHints[name]}</p>
      <Change stat={stat} />
    </Card>
  );
}

const gradeTones: Record<ReturnType<typeof overviewGradeClass>, BadgeTone> = {
  excellent: 'success',
  good: 'success',
  satisfactory: 'info',
  sufficient: 'warning',
  poor: 'danger',
  failing: 'danger',
};

function GradeBadge({ item }: { item: HistoryItem }) {
  if (item.status === 'processing') return <Badge tone="info">{t.processing}</Badge>;
  if (item.status === 'needs_transcription') return <Badge tone="warning">{t.needsTranscription}</Badge>;
  if (item.status === 'failed') return <Badge tone="danger">{t.failed}</Badge>;
  if (!item.grade) return null;
  const value = parseGrade(item.grade);
  return (
    <Badge tone={value === null ? 'neutral' : gradeTones[overviewGradeClass(value)]}>
      {t.grade} {item.grade}
    </Badge>
  );
}

function AnalysisList({ items, onOpen }: { items: HistoryItem[]; onOpen: (item: HistoryItem) => void }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid="recent-analyses">
      {items.map((item) => {
        const details = [
          item.student_name || t.noStudent,
          item.courseLink ? t.linkedCourse(item.courseLink.courseName) : null,
          item.subject,
          item.grade_level,
        ].filter(Boolean);
        const points = pointsSuffix(item);
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onOpen(item)}
              className="flex w-full cursor-pointer flex-col gap-1 rounded-lg px-3 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-slate-900">{item.title || t.untitled}</span>
                <span className="truncate text-sm text-slate-600">{details.join(' · ')}</span>
              </span>
              <span className="flex shrink-0 items-center gap-3 text-sm text-slate-600">
                {points ? <span>{points}</span> : null}
                <GradeBadge item={item} />
                <span className="tabular-nums">{formatDate(item.createdAt)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function StatsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="flex flex-col gap-3 p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-3 w-40" />
        </Card>
      ))}
    </div>
  );
}

/**
 * The dashboard (spec 000 §2 'Dashboard', §4, §8, §9): four stat cards with the change of the last month
 * against the month before (computed on the server), the newest analyses (6, or all on request) opening the
 * result view as an overlay, and the way into the grading history. When loading fails: the cause, then the
 * first 3 cached analyses.
 */
export function DashboardScreen({ renderResult }: Props) {
  const { user } = useSession();
  const dashboard = useDashboard();
  const [opened, setOpened] = useState<HistoryItem | null>(null);
  const [showAll, setShowAll] = useState(false);
  const all = useAllAnalyses(showAll);

  // spec 000 §4: the newest analyses are the cached list the fallbacks show
  useEffect(() => {
    if (user && dashboard.data) writeCachedAnalyses(user.uid, dashboard.data.recent);
  }, [user, dashboard.data]);

  const data = dashboard.data;
  const cached = dashboard.isError && user ? readCachedAnalyses(user.uid) : [];
  const allItems = all.data?.pages.flatMap((page) => page.analyses) ?? [];
  const listed = showAll && allItems.length > 0 ? allItems : (data?.recent ?? []);
  const hasMore = (data?.totalAnalyses ?? 0) > dashboardLimits.recentCount;

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={t.title} />
      <PageHeader
        title={t.title}
        description={t.lead}
        actions={
          <>
            <HistoryButton />
            <Button asChild>
              <Link to="/dashboard/analyse">
                <ScanText aria-hidden="true" />
                {t.newAnalysis}
              </Link>
            </Button>
          </>
        }
      />

      {dashboard.isError ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{loadErrorMessage(dashboard.error, t)}</Alert>
          {cached.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{t.cachedTitle}</CardTitle>
                <p className="text-sm text-slate-600">{t.cachedText}</p>
              </CardHeader>
              <CardContent className="pt-3 sm:pt-3">
                <AnalysisList
                  items={cached.slice(0, dashboardLimits.cachedFallbackCount)}
                  onOpen={setOpened}
                />
              </CardContent>
            </Card>
          ) : null}
        </div>
      ) : !data ? (
        <StatsSkeleton />
      ) : (
        <>
          <section className="flex flex-col gap-2" aria-label={t.title}>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {(Object.keys(formats) as (keyof typeof formats)[]).map((name) => (
                <StatCard key={name} name={name} stat={data.stats[name]} />
              ))}
            </div>
            <p className="text-xs text-slate-500">{t.comparisonNote}</p>
          </section>

          <Card>
            <CardHeader className="flex-row items-center justify-between gap-3">
              <CardTitle>{t.recentTitle}</CardTitle>
              {hasMore ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={showAll}
                  onClick={() => setShowAll((value) => !value)}
                >
                  {showAll ? t.showLess : `${t.showAll} (${data.totalAnalyses.toLocaleString('de-DE')})`}
                </Button>
              ) : null}
            </CardHeader>
            <CardContent className="pt-3 sm:pt-3">
              {listed.length === 0 ? (
                <EmptyState
                  icon={ScanText}
                  title={t.noAnalyses}
                  description={t.noAnalysesText}
                  action={
                    <Button asChild>
                      <Link to="/dashboard/analyse">{t.newAnalysis}</Link>
                    </Button>
                  }
                />
              ) : (
                <AnalysisList items={listed} onOpen={setOpened} />
              )}
              {showAll && all.hasNextPage ? (
                <div className="mt-3 flex justify-center">
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={all.isFetchingNextPage}
                    onClick={() => void all.fetchNextPage()}
                  >
                    {t.loadMore}
                  </Button>
                </div>
              ) : null}
              {showAll && all.isError ? (
                <Alert tone="error" className="mt-3">
                  {loadErrorMessage(all.error, t)}
                </Alert>
              ) : null}
            </CardContent>
          </Card>
        </>
      )}

      <Dialog open={opened !== null} onOpenChange={(open) => (open ? undefined : setOpened(null))}>
        {opened ? (
          <DialogContent title={t.detailTitle} className="sm:max-w-5xl" data-testid="analysis-overlay">
            {renderResult(opened.id)}
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
