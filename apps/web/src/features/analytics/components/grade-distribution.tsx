import { lazy, Suspense, useState } from 'react';
import { formatGradeValue, type GradeDistributionRow } from '@korrigo/domain';
import { Card } from '@/components/ui';
import { analyticsTexts as t } from '../content/analytics-texts';
import { ViewToggle, type ChartView } from './view-toggle';

const DistributionChart = lazy(() => import('./distribution-chart'));

type GradeDistributionProps = {
  id: string;
  /** the card's anchor for links to it */
  anchor: string;
  title: string;
  /** the title standing alone: caption, region and chart summary */
  longTitle: string;
  /** the first column's heading: 'Gruppe' or 'Fach' */
  labelColumn: string;
  rows: GradeDistributionRow[];
};

/** Issue 18: papers per grade 1–6 for each class (or subject), as a stacked bar chart or as a table. */
export function GradeDistribution({
  id,
  anchor,
  title,
  longTitle,
  labelColumn,
  rows,
}: GradeDistributionProps) {
  const [view, setView] = useState<ChartView>('chart');
  const shown = rows.map((row) => ({ ...row, shown: row.label || t.withoutGroup }));
  const average = (row: GradeDistributionRow) =>
    row.averageGrade === null ? t.noValue : formatGradeValue(row.averageGrade);
  const summary = t.distributionSummary(
    longTitle,
    shown.map((row) => t.distributionRow(row.shown, row.papers, row.counts, average(row))),
  );
  return (
    <Card id={anchor} className="flex min-w-0 scroll-mt-20 flex-col gap-3 p-4 sm:p-5" data-testid={id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {rows.length > 0 ? <ViewToggle title={title} view={view} onChange={setView} /> : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t.distributionEmpty}</p>
      ) : view === 'chart' ? (
        <div
          role="img"
          aria-label={summary}
          className="w-full"
          style={{ height: 72 + shown.length * 40 }}
          data-testid="distribution-chart"
        >
          <Suspense fallback={<div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />}>
            <DistributionChart rows={shown} />
          </Suspense>
        </div>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={longTitle}>
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="pb-2 text-left text-xs text-slate-600">{longTitle}</caption>
            <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">
                  {labelColumn}
                </th>
                {[1, 2, 3, 4, 5, 6].map((grade) => (
                  <th key={grade} scope="col" className="px-2 py-2 text-right whitespace-nowrap">
                    {t.grade(grade)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right">
                  {t.papersColumn}
                </th>
                <th scope="col" className="px-2 py-2 text-right whitespace-nowrap">
                  {t.averageColumn}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {shown.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="px-2 py-1.5 font-medium text-slate-900">
                    {row.shown}
                  </th>
                  {row.counts.map((count, i) => (
                    <td key={i} className="px-2 py-1.5 text-right">
                      {count}
                    </td>
                  ))}
                  <td className="px-2 py-1.5 text-right">{row.papers}</td>
                  <td className="px-2 py-1.5 text-right">{average(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
