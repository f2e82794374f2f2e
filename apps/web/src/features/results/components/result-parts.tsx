import type { ReactNode } from 'react';
import { analysisScreenMessages as t, pointsClass, type AnalysisResult } from '@korrigo/domain';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPoints, pointsClassStyles } from '../utils/result-view';

/** A titled part of the result view. */
export function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('flex flex-col gap-3', className)}>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Achieved over maximum points, coloured by how well; points still open say so. */
export function PointsBadge({ achieved, max }: { achieved: number | null; max: number | null }) {
  if (max === null) return null;
  if (achieved === null) {
    return (
      <span
        data-points-class="open"
        className="inline-flex shrink-0 items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset"
      >
        {t.openPoints} / {formatPoints(max)}
      </span>
    );
  }
  const cls = pointsClass(achieved, max);
  return (
    <span
      data-points-class={cls}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        pointsClassStyles[cls],
      )}
    >
      {formatPoints(achieved)} / {formatPoints(max)}
    </span>
  );
}

export function List({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">–</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Strengths, weaknesses and recommendations side by side: the same in the teacher's and the pupil's view. */
export function FeedbackLists({ result }: { result: AnalysisResult }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card className="flex flex-col gap-2 p-4">
        <h4 className="font-medium text-green-800">{t.strengths}</h4>
        <List items={result.strengths} />
      </Card>
      <Card className="flex flex-col gap-2 p-4">
        <h4 className="font-medium text-red-800">{t.weaknesses}</h4>
        <List items={result.weaknesses} />
      </Card>
      <Card className="flex flex-col gap-2 p-4">
        <h4 className="font-medium text-primary-800">{t.recommendations}</h4>
        <List items={result.general_improvement_suggestions} />
      </Card>
    </div>
  );
}
