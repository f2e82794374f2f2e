import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  classEvaluationMessages,
  classEvaluationScreenMessages as t,
  type ClassEvaluationOverview,
} from '@korrigo/domain';
import { Alert, Badge, Button, Card, CardContent, FormField, Input, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveThreshold, useClassEvaluationOverview } from '../api/class-evaluations';

const percent = (share: number) => `${Math.round(share * 100)} %`;
const decimal = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/**
 * The Notenspiegel as bars: each bar is drawn with a width set through the CSSOM (the strict CSP allows no
 * style attribute in markup); the numbers are in the bar's text and in the table below for screen readers.
 */
function GradeBars({ distribution }: { distribution: ClassEvaluationOverview['gradeDistribution'] }) {
  const max = Math.max(1, ...distribution.map((entry) => entry.count));
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="font-semibold text-slate-900">{t.gradeDistribution}</figcaption>
      <ul className="flex flex-col gap-1.5" aria-hidden="true">
        {distribution.map((entry) => (
          <li key={entry.grade} className="grid grid-cols-[2rem_1fr_2rem] items-center gap-2 text-sm">
            <span className="text-right font-medium">{entry.grade}</span>
            <span className="h-5 rounded bg-slate-100">
              <span
                className="block h-5 rounded bg-primary-600"
                ref={(node) => {
                  if (node) node.style.width = `${(entry.count / max) * 100}%`;
                }}
              />
            </span>
            <span className="tabular-nums">{entry.count}</span>
          </li>
        ))}
      </ul>
      <table className="w-full max-w-xs text-left text-sm">
        <caption className="sr-only">{t.gradeDistributionTable}</caption>
        <thead>
          <tr className="text-xs text-slate-600">
            {[t.gradeColumn, ...distribution.map((entry) => String(entry.grade))].map((label, index) => (
              <th key={index} scope="col" className="px-1 py-1 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className="px-1 py-1 text-xs font-medium text-slate-600">
              {t.countColumn}
            </th>
            {distribution.map((entry) => (
              <td key={entry.grade} className="px-1 py-1 tabular-nums">
                {entry.count}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </figure>
  );
}

function ThresholdForm({ evaluationId, threshold }: { evaluationId: string; threshold: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(Math.round(threshold * 1000) / 10).replace('.', ','));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = Number(value.trim().replace(',', '.'));
    if (!value.trim() || !Number.isFinite(parsed) || parsed < 0 || parsed > 100) {
      setProblem(t.thresholdInvalid);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await saveThreshold(evaluationId, parsed / 100);
      await queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.detail(evaluationId) });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-wrap items-end gap-2">
      <FormField label={t.thresholdLabel} error={problem} className="w-64">
        <Input inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
      </FormField>
      <Button type="submit" variant="secondary" loading={busy}>
        {t.thresholdSave}
      </Button>
    </form>
  );
}

/** 'Übersicht' (issue 16 §5): Notenspiegel, averages, tasks with the weakest marked, frequent errors, threshold. */
export function OverviewView({ evaluationId }: { evaluationId: string }) {
  const overview = useClassEvaluationOverview(evaluationId, true);
  if (overview.isPending) return <Skeleton className="h-40 w-full" />;
  if (overview.isError) return <Alert tone="error">{errorMessage(overview.error)}</Alert>;
  const data = overview.data;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t.counted(data.counted, data.papers)}</p>
      {data.counted === 0 ? <Alert tone="info">{t.overviewEmpty}</Alert> : null}
      {data.exceedsThreshold && data.failingShare !== null ? (
        <Alert tone="warning">
          {classEvaluationMessages.failingShareNotice(
            percent(data.failingShare),
            percent(data.failingShareThreshold),
          )}
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardContent className="p-4">
            <GradeBars distribution={data.gradeDistribution} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-3 p-4">
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-slate-600">{t.averageGrade}</dt>
                <dd className="text-xl font-semibold text-slate-900">
                  {data.averageGrade === null ? '–' : decimal(data.averageGrade)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t.averagePoints}</dt>
                <dd className="text-xl font-semibold text-slate-900">
                  {data.averagePoints === null ? '–' : decimal(data.averagePoints)}
                  {data.totalPoints === null ? '' : ` / ${decimal(data.totalPoints)}`}
                </dd>
              </div>
              {data.failingShare !== null ? (
                <div className="col-span-2">
                  <dd className="text-slate-800">{t.failingShare(percent(data.failingShare))}</dd>
                </div>
              ) : null}
            </dl>
            <ThresholdForm evaluationId={evaluationId} threshold={data.failingShareThreshold} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-2 p-4">
            <h3 className="font-semibold text-slate-900">{t.tasksTitle}</h3>
            {data.tasks.length === 0 ? <p className="text-sm text-slate-600">{t.tasksEmpty}</p> : null}
            <ul className="flex flex-col gap-1 text-sm">
              {data.tasks.map((task) => (
                <li key={task.taskIndex} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-slate-800">
                    {task.title}
                    {task.weakest ? (
                      <Badge tone="warning" className="ml-2">
                        {t.weakest}
                      </Badge>
                    ) : null}
                  </span>
                  <span className="tabular-nums">
                    {task.averageShare === null ? '–' : percent(task.averageShare)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-2 p-4">
            <h3 className="font-semibold text-slate-900">{t.frequentErrors}</h3>
            {data.frequentErrors.length === 0 ? (
              <p className="text-sm text-slate-600">{t.frequentErrorsEmpty}</p>
            ) : (
              <ol className="flex flex-col gap-1 text-sm">
                {data.frequentErrors.map((error) => (
                  <li key={error.title} className="flex justify-between gap-2">
                    <span className="text-slate-800">{error.title}</span>
                    <span className="tabular-nums">{error.count}×</span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
