import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, BookOpenCheck, CalendarDays, ChevronDown, FilePen } from 'lucide-react';
import { formatGradeValue } from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Button, Card, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useConfig } from '@/lib/config';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { analyticsTexts } from '../content/analytics-texts';
import { insightsTexts as t } from '../content/insights-content';
import { formatStat } from '../utils/analytics-format';
import { ScenarioCarousel } from './scenario-carousel';

// The insights page lives in the analytics feature: its figures are the analytics overview's (one endpoint,
// one cache entry, one query hook), and features do not import each other.

const toolIcons = { testgen: FilePen, lessons: CalendarDays, support: BookOpenCheck } as const;

/** spec 001 §2 'Teacher insights', issue 18 §2: stats, how grading works, tools, examples, resources. */
export function InsightsScreen() {
  return (
    <div className="flex min-w-0 flex-col gap-10">
      <DocumentTitle title={t.title} />
      <PageHeader title={t.title} description={t.subtitle} />
      <MonthStats />
      <GradingExplanation />
      <ToolTabs />
      <ScenarioCarousel />
      <Resources />
    </div>
  );
}

function MonthStats() {
  const overview = useAnalyticsOverview({ timeframe: 'month' });
  const stats = overview.data?.stats;
  const items = stats
    ? [
        { label: t.statPapers, value: formatStat('papers', stats.papers.current ?? 0) },
        {
          label: t.statAverageGrade,
          value:
            stats.averageGrade.current === null
              ? analyticsTexts.noValue
              : formatGradeValue(stats.averageGrade.current),
        },
        { label: t.statHoursSaved, value: formatStat('hoursSaved', stats.hoursSaved.current ?? 0) },
        { label: t.statStudents, value: String(overview.data!.students.length) },
      ]
    : [];
  return (
    <section aria-labelledby="insights-stats" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="insights-stats" className="text-xl font-semibold text-slate-900">
          {t.statsHeading}
        </h2>
        <Link
          to="/dashboard/analytics?timeframe=month"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 underline-offset-2 hover:underline"
        >
          {t.statsLink}
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </div>
      {overview.isPending ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : null}
      {overview.isError ? (
        <Alert tone="error">
          <div className="flex flex-col items-start gap-2">
            <span>{t.loadFailed}</span>
            <Button type="button" size="sm" variant="secondary" onClick={() => void overview.refetch()}>
              {t.retry}
            </Button>
          </div>
        </Alert>
      ) : null}
      {stats ? (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="insights-stats">
          {items.map((item) => (
            <Card key={item.label} className="flex flex-col-reverse justify-end gap-1 p-4">
              <dt className="text-sm text-slate-600">{item.label}</dt>
              <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{item.value}</dd>
            </Card>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/** The expandable explanation: a button that says whether its panel is open (disclosure pattern). */
function GradingExplanation() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const config = useConfig();
  return (
    <section aria-label={t.explainButton} className="rounded-card border border-slate-200 bg-white">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full cursor-pointer items-center justify-between gap-3 rounded-card p-4 text-left text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 sm:p-5"
        >
          {t.explainButton}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-5 shrink-0 transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4 sm:px-5 sm:pb-5">
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
          {t.explain.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
          {config.data ? <li>{t.explainProvider[config.data.aiProvider]}</li> : null}
        </ul>
        <h3 className="mt-4 text-base font-semibold text-slate-900">{t.measured.heading}</h3>
        <ul className="mt-2 flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
          {t.measured.sentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ToolTabs() {
  return (
    <section aria-labelledby="insights-tools" className="flex flex-col gap-3">
      <h2 id="insights-tools" className="text-xl font-semibold text-slate-900">
        {t.toolsHeading}
      </h2>
      <Tabs defaultValue={t.tools[0].value}>
        <TabsList aria-label={t.toolsHeading} className="flex-wrap">
          {t.tools.map((tool) => {
            const Icon = toolIcons[tool.value];
            return (
              <TabsTrigger key={tool.value} value={tool.value}>
                <Icon aria-hidden="true" />
                {tool.label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {t.tools.map((tool) => (
          <TabsContent key={tool.value} value={tool.value}>
            <Card className="flex flex-col items-start gap-3 p-5">
              <h3 className="text-lg font-semibold text-slate-900">{tool.title}</h3>
              <p className="text-slate-700">{tool.text}</p>
              <Button asChild variant="secondary">
                <Link to={tool.href}>
                  {tool.link}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function Resources() {
  return (
    <section aria-labelledby="insights-resources" className="flex flex-col gap-3">
      <h2 id="insights-resources" className="text-xl font-semibold text-slate-900">
        {t.resourcesHeading}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {t.resources.map((resource) => (
          <li key={resource.href}>
            <Link
              to={resource.href}
              className="flex h-full flex-col gap-1 rounded-card border border-slate-200 bg-white p-4 hover:border-primary-300 hover:bg-primary-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            >
              <span className="font-semibold text-primary-800">{resource.title}</span>
              <span className="text-sm text-slate-600">{resource.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A student's view: the page is the teachers'; hers is the Lern-Assistent. */
export function InsightsStudentNotice() {
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={t.title} />
      <PageHeader title={t.title} />
      <Alert tone="info">
        <div className="flex flex-col items-start gap-2">
          <span>{t.studentNotice}</span>
          <Link
            to="/dashboard/essayfeed"
            className="font-medium text-primary-800 underline underline-offset-2"
          >
            {t.studentLink}
          </Link>
        </div>
      </Alert>
    </div>
  );
}
