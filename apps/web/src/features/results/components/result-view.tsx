import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CheckCircle2, Printer, X } from 'lucide-react';
import {
  analysisMessages,
  analysisScreenMessages as t,
  gradedTextOf,
  gradingScaleMessages,
  partialPointsOf,
  pointsClass,
  rubricBand,
  suggestionLabel,
  type AnalysisDetail,
  type AnalysisResult,
  type ReviewChange,
} from '@korrigo/domain';
import { Alert, Badge, Button, Card, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useAnalysisDetail, useConfirmAnalysis, useReviewAnalysis } from '../api/analysis-detail';
import {
  formatPoints,
  gradeClass,
  gradeClassStyles,
  highlightSegments,
  legendFor,
  pointsClassStyles,
  rubricBandStyles,
  severityLegend,
} from '../utils/result-view';
import { AddErrorForm } from './add-error-form';
import { EditableText } from './editable-text';
import { PointsInput } from './points-input';
import './result-print.css';

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('flex flex-col gap-3', className)}>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function PointsBadge({ achieved, max }: { achieved: number | null; max: number | null }) {
  if (achieved === null || max === null) return null;
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

function List({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">–</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

type ReviewApi = {
  editable: boolean;
  saving: boolean;
  /** several changes go as one request: they are applied together or not at all */
  apply: (changes: ReviewChange | ReviewChange[]) => Promise<unknown>;
};

function Tasks({ result, review, text }: { result: AnalysisResult; review: ReviewApi; text: string }) {
  if (result.tasks.length === 0) return null;
  return (
    <Section title={t.tasks}>
      {result.tasks.map((task, taskIndex) => (
        <Card key={taskIndex} className="flex flex-col gap-3 p-4" data-testid="task">
          <div className="flex items-start justify-between gap-3">
            <h4 className="font-semibold text-slate-900">{task.title}</h4>
            <PointsBadge achieved={task.achieved_points} max={task.max_points} />
          </div>
          {task.overall_feedback ? <p className="text-sm text-slate-700">{task.overall_feedback}</p> : null}
          <ol className="flex flex-col gap-3">
            {task.subtasks.map((subtask, subtaskIndex) => {
              const label = subtask.subtask_label || `${task.title} ${subtaskIndex + 1}`;
              return (
                <li
                  key={subtaskIndex}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
                  data-testid="subtask"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">{label}</p>
                      {subtask.description ? (
                        <p className="text-sm text-slate-600">{subtask.description}</p>
                      ) : null}
                    </div>
                    {review.editable && subtask.max_points !== null ? (
                      <PointsInput
                        label={label}
                        value={subtask.achieved_points}
                        max={subtask.max_points}
                        disabled={review.saving}
                        onCommit={(points) =>
                          void review.apply({ type: 'set_points', taskIndex, subtaskIndex, points })
                        }
                      />
                    ) : (
                      <PointsBadge achieved={subtask.achieved_points} max={subtask.max_points} />
                    )}
                  </div>
                  <EditableText
                    text={subtask.feedback}
                    label={`${t.feedback} ${label}`}
                    editable={review.editable}
                    saving={review.saving}
                    onSave={(text) =>
                      review.apply({ type: 'set_feedback', target: 'subtask', taskIndex, subtaskIndex, text })
                    }
                  />
                  {subtask.improvement_suggestion ? (
                    <p className="text-sm text-slate-700">
                      <span className="font-medium">{t.suggestion}: </span>
                      {subtask.improvement_suggestion}
                    </p>
                  ) : null}
                  {subtask.errors.length > 0 ? (
                    <ul className="flex flex-col gap-2" aria-label={`${t.errors}: ${label}`}>
                      {subtask.errors.map((error, errorIndex) => {
                        const legend = legendFor(error.severity);
                        return (
                          <li
                            key={errorIndex}
                            className="flex items-start gap-2 rounded-md bg-slate-50 p-2 text-sm"
                          >
                            <span
                              className={cn('mt-0.5 rounded px-1.5 text-xs font-medium', legend.className)}
                            >
                              {legend.label}
                            </span>
                            <div className="min-w-0 flex-1">
                              <p className="font-medium text-slate-900">
                                {error.title}
                                {error.point_deduction > 0 ? (
                                  <span className="ml-2 text-red-700">
                                    {t.deduction(formatPoints(error.point_deduction))}
                                  </span>
                                ) : null}
                              </p>
                              {error.message || error.details ? (
                                <p className="text-slate-700">{error.message || error.details}</p>
                              ) : null}
                              {error.suggestion ? (
                                <p className="text-slate-600">
                                  {t.suggestion}: {error.suggestion}
                                </p>
                              ) : null}
                            </div>
                            {review.editable ? (
                              <Button
                                type="button"
                                variant="ghost"
                                size="icon"
                                className="print:hidden"
                                disabled={review.saving}
                                aria-label={`${t.dismissError}: ${error.title}`}
                                onClick={() =>
                                  void review.apply({
                                    type: 'dismiss_error',
                                    taskIndex,
                                    subtaskIndex,
                                    errorIndex,
                                  })
                                }
                              >
                                <X aria-hidden="true" className="size-4" />
                              </Button>
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                  {review.editable ? (
                    <AddErrorForm
                      label={label}
                      taskIndex={taskIndex}
                      subtaskIndex={subtaskIndex}
                      achievedPoints={subtask.achieved_points}
                      studentText={text}
                      saving={review.saving}
                      apply={review.apply}
                    />
                  ) : null}
                </li>
              );
            })}
          </ol>
        </Card>
      ))}
    </Section>
  );
}

function HighlightedText({ text, result }: { text: string; result: AnalysisResult }) {
  const errors = result.tasks.flatMap((task) => task.subtasks.flatMap((subtask) => subtask.errors));
  const segments = highlightSegments(text, errors);
  return (
    <Section title={t.textAnalysis}>
      <div className="flex flex-wrap items-center gap-2 text-xs" aria-label={t.legend} role="group">
        <span className="font-medium text-slate-700">{t.legend}:</span>
        {severityLegend.map((entry) => (
          <span key={entry.highlight} className={cn('rounded px-2 py-0.5 underline', entry.className)}>
            {entry.label}
          </span>
        ))}
      </div>
      {text.trim() ? (
        <p
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm leading-7 whitespace-pre-wrap text-slate-900"
          data-testid="highlighted-text"
        >
          {segments.map((segment, index) =>
            segment.error ? (
              <mark
                key={index}
                title={`${legendFor(segment.error.severity).label}: ${segment.error.title}`}
                data-highlight={legendFor(segment.error.severity).highlight}
                className={cn(
                  'rounded-sm px-0.5 underline decoration-2 underline-offset-4',
                  legendFor(segment.error.severity).className,
                )}
              >
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </p>
      ) : (
        <p className="text-sm text-slate-500">{t.noStudentText}</p>
      )}
    </Section>
  );
}

function Criteria({ result }: { result: AnalysisResult }) {
  const { rubrics, competencies } = result.evaluation_criteria;
  if (rubrics.length === 0 && competencies.length === 0) return null;
  return (
    <Section title={t.criteria}>
      <div className="grid gap-4 md:grid-cols-2">
        {rubrics.length > 0 ? (
          <Card className="flex flex-col gap-3 p-4">
            <h4 className="font-medium text-slate-900">{t.rubrics}</h4>
            <ul className="flex flex-col gap-3">
              {rubrics.map((rubric, index) => {
                const band = rubricBand(rubric.score);
                const percent = Math.round(rubric.score * 100);
                return (
                  <li key={index} className="flex flex-col gap-1 text-sm" data-rubric-band={band}>
                    <div className="flex justify-between gap-2">
                      <span className="font-medium text-slate-900">{rubric.criterion_name}</span>
                      <span className="tabular-nums text-slate-700">{percent} %</span>
                    </div>
                    <div className="h-2 overflow-hidden rounded-full bg-slate-200">
                      <div
                        className={cn('h-full rounded-full', rubricBandStyles[band])}
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                    <p className="text-xs text-slate-600">
                      {rubric.description} · {t.weight(Math.round(rubric.weight * 100))}
                    </p>
                  </li>
                );
              })}
            </ul>
          </Card>
        ) : null}
        {competencies.length > 0 ? (
          <Card className="flex flex-col gap-3 p-4">
            <h4 className="font-medium text-slate-900">{t.competencies}</h4>
            <ul className="flex flex-col gap-2 text-sm">
              {competencies.map((competency, index) => (
                <li key={index} className="flex flex-col">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{competency.competency}</span>
                    <Badge tone="primary">{competency.level}</Badge>
                  </span>
                  <span className="text-slate-600">{competency.description}</span>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
    </Section>
  );
}

export function ResultDetail({ analysis }: { analysis: AnalysisDetail }) {
  const review = useReviewAnalysis(analysis.id);
  const confirm = useConfirmAnalysis(analysis.id);
  const [raw, setRaw] = useState(false);
  const result = analysis.result ?? analysis.suggestedResult;
  if (!result) return <Alert tone="error">{analysisMessages.parseFailed}</Alert>;

  const editable = analysis.reviewState === 'suggested';
  const reviewApi: ReviewApi = {
    editable,
    saving: review.isPending || confirm.isPending,
    apply: async (changes) => {
      try {
        await review.mutateAsync(Array.isArray(changes) ? changes : [changes]);
        toast.success(t.changeSaved);
      } catch (error) {
        toast.error(errorMessage(error));
        throw error;
      }
    },
  };
  const gradeCls = gradeClass(result.grade);
  // some tasks scored, the rest open for the teacher: the points so far, and how much is still open
  const partial = partialPointsOf(result);
  const percent =
    result.achieved_points !== null && result.total_points
      ? Math.round((result.achieved_points / result.total_points) * 100)
      : null;

  return (
    <article className="result-view flex flex-col gap-6" data-testid="result-view">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-semibold text-slate-900">{result.title || analysis.title}</h2>
            {editable ? (
              <Badge tone="warning" data-testid="review-label">
                {analysis.reviewLabel ?? suggestionLabel}
              </Badge>
            ) : (
              <Badge tone="success">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                {t.confirmed}
              </Badge>
            )}
          </div>
          <p className="text-sm text-slate-600">
            {[result.metadata.subject, result.metadata.student_name, result.metadata.grade_level]
              .filter(Boolean)
              .join(' · ')}
            {analysis.confirmedAt ? ` · ${t.confirmedAt(formatDate(analysis.confirmedAt))}` : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button type="button" variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t.print}
          </Button>
          {editable ? (
            <Button
              type="button"
              loading={confirm.isPending}
              disabled={review.isPending}
              onClick={() =>
                confirm.mutate(undefined, {
                  onSuccess: () => toast.success(t.confirmSuccess),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t.confirm}
            </Button>
          ) : null}
        </div>
      </div>

      {result.review_flags.length > 0 ? (
        <Alert tone="warning" title={t.reviewFlags}>
          <ul className="list-disc pl-4">
            {result.review_flags.map((flag) => (
              <li key={flag.code}>{flag.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {editable ? <p className="text-sm text-slate-600 print:hidden">{t.reviewHint}</p> : null}

      <section
        className={cn(
          'flex flex-wrap items-center gap-6 rounded-card border-2 p-5',
          gradeCls ? gradeClassStyles[gradeCls] : 'border-slate-200 bg-white text-slate-900',
        )}
        data-grade-class={gradeCls ?? 'none'}
        data-testid="grade-card"
      >
        <div className="flex flex-col">
          <span className="text-sm">{t.grade}</span>
          <span className="text-4xl font-bold" data-testid="result-grade">
            {result.grade ?? t.noGrade}
          </span>
          {result.grade !== null && result.grading_scale ? (
            <span className="text-xs" data-testid="result-grading-scale">
              {gradingScaleMessages.used(result.grading_scale.name)}
            </span>
          ) : null}
        </div>
        <div className="flex flex-col">
          {partial ? (
            <>
              <span className="text-lg font-semibold" data-testid="result-points">
                {t.scoredPart(formatPoints(partial.scored), formatPoints(partial.scoredMax))}
              </span>
              <span className="text-sm" data-testid="result-open-points">
                {t.openPart(
                  formatPoints(partial.scoredMax),
                  formatPoints(partial.total),
                  formatPoints(partial.open),
                )}
              </span>
            </>
          ) : (
            <span className="text-lg font-semibold" data-testid="result-points">
              {t.pointsOf(formatPoints(result.achieved_points), formatPoints(result.total_points))}
            </span>
          )}
          {percent !== null ? <span className="text-sm">{percent} %</span> : null}
        </div>
      </section>

      <Tasks result={result} review={reviewApi} text={gradedTextOf(analysis)} />

      <Section title={t.overallFeedback}>
        <EditableText
          text={result.overall_feedback}
          label={t.overallFeedback}
          editable={editable}
          saving={reviewApi.saving}
          onSave={(text) => reviewApi.apply({ type: 'set_feedback', target: 'overall', text })}
        />
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
      </Section>

      <Criteria result={result} />
      <HighlightedText text={gradedTextOf(analysis)} result={result} />

      <Section title={t.originalInput}>
        <pre className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800">
          {analysis.test || '–'}
        </pre>
      </Section>

      {analysis.changes.length > 0 ? (
        <p className="text-xs text-slate-500">{t.changes(analysis.changes.length)}</p>
      ) : null}

      <div className="flex flex-col gap-2 print:hidden">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-start"
          aria-expanded={raw}
          onClick={() => setRaw((open) => !open)}
        >
          {raw ? t.hideRawData : t.rawData}
        </Button>
        {raw ? (
          <pre className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">
            {JSON.stringify(result, null, 2)}
          </pre>
        ) : null}
      </div>
    </article>
  );
}

/** Loads an analysis by id and shows its result (the analyse screen and /analysis/:id). */
export function ResultView({ analysisId }: { analysisId: string }) {
  const detail = useAnalysisDetail(analysisId);
  if (detail.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (detail.isError) return <Alert tone="error">{errorMessage(detail.error)}</Alert>;
  const analysis = detail.data;
  if (analysis.status === 'processing') return <Alert tone="info">{analysisMessages.stillProcessing}</Alert>;
  if (analysis.status === 'needs_transcription') {
    return (
      <Alert tone="warning">
        {analysisMessages.awaitingTranscription}{' '}
        <Link to={`/dashboard/analyse?analysis=${analysis.id}`} className="font-medium underline">
          {analysisMessages.toTranscription}
        </Link>
      </Alert>
    );
  }
  if (analysis.status === 'failed') {
    return (
      <Alert tone="error">
        {analysisMessages.analysisFailed(analysis.errorMessage ?? analysisMessages.gradingFailed)}
      </Alert>
    );
  }
  return <ResultDetail analysis={analysis} />;
}
