import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Printer } from 'lucide-react';
import {
  alignmentFlag,
  analysisMessages,
  analysisScreenMessages as t,
  gradedTextOf,
  retentionMessages,
  suggestionLabel,
  type AnalysisDetail,
} from '@korrigo/domain';
import { Alert, Badge, Button, Skeleton } from '@/components/ui';
import { useAnalysisDetail } from '@/lib/api/analysis-detail';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useReview } from '../hooks/use-review';
import { AuditSection } from './audit-section';
import { Criteria } from './criteria';
import { EditableText } from './editable-text';
import { GradeCard } from './grade-card';
import { HighlightedText } from './highlighted-text';
import { FeedbackLists, Section } from './result-parts';
import { ReleaseAction, ReleaseNote, ReviewActions } from './review-actions';
import { TaskCard } from './task-card';
import './result-print.css';

/** what a route may put beside the result's own actions, e.g. the button that opens the chat companion */
export type ResultActions = (analysis: { id: string; title: string; graded: boolean }) => ReactNode;

export function ResultDetail({ analysis, actions }: { analysis: AnalysisDetail; actions?: ResultActions }) {
  const review = useReview(analysis);
  const [raw, setRaw] = useState(false);
  const result = analysis.result ?? analysis.suggestedResult;
  if (!result) return <Alert tone="error">{analysisMessages.parseFailed}</Alert>;
  const text = gradedTextOf(analysis);
  const title = result.title || analysis.title;

  return (
    <article className="result-view flex flex-col gap-6" data-testid="result-view">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
            {review.editable ? (
              <Badge tone="warning" data-testid="review-label">
                {analysis.reviewLabel ?? suggestionLabel}
              </Badge>
            ) : (
              <Badge tone="success" data-testid="review-label">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                {t.confirmed}
              </Badge>
            )}
          </div>
          <p className="text-sm text-slate-600">
            {[result.metadata.subject, result.metadata.student_name, result.metadata.grade_level]
              .filter(Boolean)
              .join(' · ')}
            {analysis.confirmedAt && !review.editable
              ? ` · ${t.confirmedAt(formatDate(analysis.confirmedAt))}`
              : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {actions ? actions({ id: analysis.id, title, graded: result.grade !== null }) : null}
          <Button type="button" variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t.print}
          </Button>
          <ReviewActions review={review} />
          <ReleaseAction analysis={analysis} disabled={review.saving} />
        </div>
      </div>
      <ReleaseNote analysis={analysis} />

      <GradeCard result={result} />

      {result.review_flags.length > 0 ? (
        <Alert tone="warning" title={t.reviewFlags} className="print:hidden">
          <ul className="list-disc pl-4">
            {result.review_flags.map((flag) => (
              <li key={flag.code}>{flag.message}</li>
            ))}
          </ul>
          {review.editable && result.review_flags.some((flag) => flag.code === alignmentFlag) ? (
            <div className="mt-3 flex flex-col gap-2">
              <p className="text-sm">{t.confirmAlignmentHint}</p>
              <div>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={review.saving}
                  onClick={() => void review.apply({ type: 'confirm_alignment' }).catch(() => {})}
                >
                  {t.confirmAlignment}
                </Button>
              </div>
            </div>
          ) : null}
        </Alert>
      ) : null}
      <p className="text-sm text-slate-600 print:hidden">
        {review.editable ? t.reviewHint : t.confirmedHint}
      </p>

      {result.tasks.length > 0 ? (
        <Section title={t.tasks} className="result-tasks">
          {result.tasks.map((task, taskIndex) => (
            <TaskCard
              key={taskIndex}
              task={task}
              taskIndex={taskIndex}
              review={review}
              studentText={text}
              passagesOpen={
                review.editable && result.review_flags.some((flag) => flag.code === alignmentFlag)
              }
              placeable={result.engine === 'builtin' && text.trim() !== ''}
              toPupil
            />
          ))}
        </Section>
      ) : null}

      <Section title={t.overallFeedback}>
        <EditableText
          text={result.overall_feedback}
          label={t.overallFeedback}
          editable={review.editable}
          saving={review.saving}
          onSave={(next) => review.apply({ type: 'set_feedback', target: 'overall', text: next })}
        />
        {/* strengths, weaknesses and recommendations speak to the pupil (du): the teacher reads so (issue 34 §8) */}
        <div role="group" aria-label={t.pupilFeedback} className="flex flex-col gap-2">
          <p className="text-xs font-medium text-slate-600">{t.pupilFeedback}</p>
          <FeedbackLists result={result} />
        </div>
      </Section>

      <Criteria result={result} />
      <HighlightedText text={text} result={result} />

      <Section title={t.originalInput}>
        <pre className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800">
          {analysis.test || '–'}
        </pre>
        {analysis.filesDeletedAt ? (
          // the files went after the retention period (ADR 0016): nothing to show or download, and no link
          <p className="text-sm text-slate-600" data-testid="files-deleted">
            {retentionMessages.filesDeleted(formatDate(analysis.filesDeletedAt))}
          </p>
        ) : null}
      </Section>

      {analysis.changes.length > 0 ? (
        <p className="text-xs text-slate-500">{t.changes(analysis.changes.length)}</p>
      ) : null}

      <AuditSection analysis={analysis} title={title} />

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

/** Loads an analysis by id and shows its result (the analyse screen, the dashboard and /analysis/:id). */
export function ResultView({ analysisId, actions }: { analysisId: string; actions?: ResultActions }) {
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
  return <ResultDetail analysis={analysis} actions={actions} />;
}
