import { lazy, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import {
  accuracyBySubject,
  learningEfficiency,
  modelComparison,
  skillRadar,
  teacherHours,
  type ChartKind,
} from '../content/chart-data';
import { useInView } from '../hooks/use-in-view';
import { formatNumberDe } from '../utils/format-number';

// recharts is large: it loads only when a chart comes near the viewport, never with the first page load.
const Chart = lazy(() => import('./charts'));

const de = (value: number) => formatNumberDe(value, 0, 3);

/** The same figures as a table, for screen readers (the drawn chart is hidden from them). */
function ChartTable({ kind }: { kind: ChartKind }) {
  const rows: { head: string[]; body: (string | number)[][] } = (() => {
    switch (kind) {
      case 'skills':
        return {
          head: ['Fähigkeit', 'Vorher (%)', 'Nach drei Monaten (%)'],
          body: skillRadar.map((r) => [r.skill, r.before, r.after]),
        };
      case 'efficiency':
        return {
          head: ['Monat', 'Mit Korrigo (%)', 'Ohne Korrigo (%)'],
          body: learningEfficiency.map((r) => [r.month, r.withKorrigo, r.withoutKorrigo]),
        };
      case 'accuracy':
        return {
          head: ['Fach', 'Übereinstimmung (%)'],
          body: accuracyBySubject.map((r) => [r.subject, de(r.accuracy)]),
        };
      case 'hours':
        return {
          head: ['Aufgabe', 'Ohne Korrigo (h)', 'Mit Korrigo (h)'],
          body: teacherHours.map((r) => [r.task, de(r.without), de(r.with)]),
        };
      case 'models':
        return {
          head: ['Modell', 'Übereinstimmung (%)'],
          body: modelComparison.map((r) => [r.model, de(r.accuracy)]),
        };
    }
  })();
  return (
    <table className="sr-only">
      <thead>
        <tr>
          {rows.head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.body.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type LazyChartProps = { kind: ChartKind; title: string; description: string; className?: string };

export function LazyChart({ kind, title, description, className }: LazyChartProps) {
  const [ref, inView] = useInView<HTMLDivElement>();
  return (
    <Card className={className}>
      <figure className="flex h-full flex-col gap-3 p-5 sm:p-6">
        <figcaption>
          <h3 className="text-base font-semibold text-slate-900">{title}</h3>
          <p className="text-sm text-slate-600">{description}</p>
        </figcaption>
        <div ref={ref} aria-hidden="true" className="h-64 w-full" data-testid={`chart-${kind}`}>
          {inView ? (
            <Suspense fallback={<div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />}>
              <Chart kind={kind} />
            </Suspense>
          ) : null}
        </div>
        <ChartTable kind={kind} />
      </figure>
    </Card>
  );
}
