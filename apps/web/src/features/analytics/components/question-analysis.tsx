import { useState } from 'react';
import {
  analyticsMessages as m,
  formatGradeValue,
  formatPointsValue,
  itemAnalysisThresholds,
  type AnalyticsQuery,
  type AnalyticsTest,
  type QuestionFigure,
} from '@korrigo/domain';
import { Alert, Badge, Button, Card, FormField, Select, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useQuestionAnalysis } from '../api/get-question-analysis';
import { analyticsTexts as t, warningTone } from '../content/analytics-texts';
import { formatIndex, formatNumber } from '../utils/analytics-format';
import { ViewToggle, type ChartView } from './view-toggle';

type QuestionAnalysisProps = {
  query: AnalyticsQuery;
  tests: AnalyticsTest[];
  /** the chosen test's id, or null when there is none to choose */
  testId: string | null;
  onSelect: (testId: string) => void;
};

const value = (figure: number | null, format: (n: number) => string) =>
  figure === null ? t.noValue : format(figure);

/** Issue 18: per-task figures of one test (a class set or the analyses graded against one saved test). */
export function QuestionAnalysis({ query, tests, testId, onSelect }: QuestionAnalysisProps) {
  const analysis = useQuestionAnalysis(query, testId);
  const listed = tests.some((test) => test.id === testId);
  if (testId === null) return <p className="text-sm text-slate-600">{t.noTests}</p>;
  return (
    <div className="flex flex-col gap-4">
      <FormField label={t.testSelect} className="sm:max-w-md">
        <Select value={testId} onChange={(event) => onSelect(event.target.value)}>
          {tests.map((test) => (
            <option key={test.id} value={test.id}>
              {test.title} ({test.papers})
            </option>
          ))}
          {/* a test from a link whose papers lie outside the chosen window */}
          {listed ? null : <option value={testId}>{analysis.data?.test.title ?? testId}</option>}
        </Select>
      </FormField>
      <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-900">{t.explainSummary}</summary>
        <p className="mt-2">{t.explainDifficulty}</p>
        <p className="mt-2">{t.explainDiscrimination}</p>
      </details>
      {analysis.isPending ? <Skeleton className="h-48" /> : null}
      {analysis.isError ? (
        <Alert tone="error">
          <div className="flex flex-col items-start gap-2">
            <span>
              {t.questionsLoadFailed} {errorMessage(analysis.error)}
            </span>
            <Button type="button" size="sm" variant="secondary" onClick={() => void analysis.refetch()}>
              {t.retry}
            </Button>
          </div>
        </Alert>
      ) : null}
      {analysis.data ? (
        <div className="flex flex-col gap-4" data-testid="question-analysis">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{analysis.data.test.title}</span> ·{' '}
            {t.testSummary(
              analysis.data.test.papers,
              analysis.data.averageGrade === null ? null : formatGradeValue(analysis.data.averageGrade),
            )}
          </p>
          {analysis.data.test.papers < itemAnalysisThresholds.minPapersForItemFigures ? (
            <Alert tone="info">{m.fewPapers(analysis.data.test.papers)}</Alert>
          ) : null}
          {analysis.data.questions.length === 0 ? (
            <p className="text-sm text-slate-600">{t.noQuestions}</p>
          ) : (
            <>
              <QuestionTable questions={analysis.data.questions} />
              <h3 className="text-base font-semibold text-slate-900">{t.taskDetails}</h3>
              <ul className="grid gap-3 lg:grid-cols-2">
                {analysis.data.questions.map((question) => (
                  <li key={question.index}>
                    <QuestionCard question={question} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function QuestionTable({ questions }: { questions: QuestionFigure[] }) {
  return (
    <div
      className="overflow-x-auto rounded-card border border-slate-200 bg-white"
      tabIndex={0}
      role="region"
      aria-label={t.questionsTableRegion}
    >
      <table className="table-stack w-full text-left text-sm sm:min-w-[640px]" data-testid="questions-table">
        <caption className="sr-only">{t.questions}</caption>
        <thead className="bg-slate-50 text-xs font-semibold whitespace-nowrap text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t.columnTask}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.columnMax}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.columnMean}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.columnDifficulty}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t.columnDiscrimination}
            </th>
            <th scope="col" className="px-3 py-2">
              {t.columnWarnings}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {questions.map((question) => (
            <tr key={question.index} data-testid="question-row">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {question.title}
              </th>
              <td className="px-3 py-2 text-right tabular-nums" data-label={t.columnMax}>
                {value(question.maxPoints, formatPointsValue)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-label={t.columnMean}>
                {value(question.meanPoints, (n) => formatNumber(n))}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-label={t.columnDifficulty}>
                {value(question.difficulty, formatIndex)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-label={t.columnDiscrimination}>
                {value(question.discrimination, formatIndex)}
              </td>
              <td className="px-3 py-2" data-label={t.columnWarnings}>
                {question.warnings.length === 0 ? (
                  <span className="text-slate-500">{t.noWarnings}</span>
                ) : (
                  <span className="flex flex-wrap gap-1">
                    {question.warnings.map((warning) => (
                      <Badge key={warning} tone={warningTone[warning]}>
                        {m.warnings[warning]}
                      </Badge>
                    ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function QuestionCard({ question }: { question: QuestionFigure }) {
  const [view, setView] = useState<ChartView>('chart');
  const title = `${t.pointsDistribution} ${question.title}`;
  const rows = question.distribution.map((entry) => ({
    points: formatPointsValue(entry.points),
    count: entry.count,
  }));
  const highest = Math.max(1, ...question.distribution.map((entry) => entry.count));
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid="question-card">
      <h4 className="font-semibold text-slate-900">{question.title}</h4>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-medium text-slate-700">{t.pointsDistribution}</span>
          {rows.length > 0 ? <ViewToggle title={title} view={view} onChange={setView} /> : null}
        </div>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noValue}</p>
        ) : view === 'chart' ? (
          <div
            role="img"
            aria-label={t.pointsSummary(question.title, rows)}
            className="flex h-28 items-end gap-1"
            data-testid="points-chart"
          >
            {question.distribution.map((entry) => (
              <div key={entry.points} className="flex min-w-0 flex-1 flex-col items-center gap-1">
                <span className="text-[11px] text-slate-700 tabular-nums">{t.errorCount(entry.count)}</span>
                <div
                  className="w-full max-w-8 rounded-t bg-primary-600"
                  style={{ height: `${Math.max(2, (entry.count / highest) * 64)}px` }}
                />
                <span className="text-[11px] text-slate-600 tabular-nums">
                  {formatPointsValue(entry.points)}
                </span>
              </div>
            ))}
          </div>
        ) : (
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="pb-1 text-left text-xs text-slate-600">{title}</caption>
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1">
                  {t.pointsColumn}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t.countColumn}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.points}>
                  <td className="py-1">{row.points}</td>
                  <td className="py-1 text-right">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-700">{t.topErrors}</span>
        {question.topErrors.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noErrors}</p>
        ) : (
          <ol className="flex flex-col gap-0.5 text-sm text-slate-700">
            {question.topErrors.map((error) => (
              <li key={error.title} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">{error.title}</span>
                <span className="shrink-0 tabular-nums text-slate-600">{t.errorCount(error.count)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
