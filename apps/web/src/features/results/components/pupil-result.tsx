import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  analysisMessages,
  builtinGradingMessages,
  gradedTextOf,
  learningAssistantMessages as t,
  type AnalysisDetail,
} from '@korrigo/domain';
import { DocumentTitle, PageHeader } from '@/components/page';
import { Alert, Button, Skeleton } from '@/components/ui';
import { useAnalysisDetail } from '@/lib/api/analysis-detail';
import { errorMessage } from '@/lib/api-client';
import { ResultReadOnly } from './result-read-only';

const learningAssistantPath = '/dashboard/essayfeed';

/**
 * A pupil's own analysis as she reads it (issue 33 §5): in du, with her name, the grade, points, errors and
 * feedback, and none of the teacher's controls (no confirmation, no points to set, no error to dismiss, no
 * Erwartungshorizont): the server refuses her those too. Follows the analysis while it is graded.
 */
export function PupilResult({ analysisId, name }: { analysisId: string; name?: string }) {
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
  if (analysis.status === 'processing') {
    return <Alert tone="info">{t.resultChecking}</Alert>;
  }
  if (analysis.status === 'needs_transcription') {
    return (
      <Alert tone="warning">
        {t.resultAwaitingTranscription}{' '}
        <Link to={`/dashboard/analyse?analysis=${analysis.id}`} className="font-medium underline">
          {t.resultToTranscription}
        </Link>
      </Alert>
    );
  }
  if (analysis.status === 'failed') {
    return (
      <Alert tone="error">{t.resultFailed(analysis.errorMessage ?? analysisMessages.gradingFailed)}</Alert>
    );
  }
  return <PupilResultDetail analysis={analysis} name={name} />;
}

function PupilResultDetail({ analysis, name }: { analysis: AnalysisDetail; name?: string }) {
  const result = analysis.result ?? analysis.suggestedResult;
  if (!result) return <Alert tone="error">{analysisMessages.parseFailed}</Alert>;
  const title = result.title || analysis.title;
  // what the engine could not tell ('Nicht angegeben') says nothing to her
  const about = [result.metadata.subject, result.metadata.grade_level].filter(
    (value) => value && value !== builtinGradingMessages.unknownValue,
  );
  return (
    <div className="flex flex-col gap-4" data-testid="pupil-result">
      <div className="flex flex-col gap-1">
        {/* a self-check's title is her text's first words: two lines of it are enough */}
        {title ? (
          <h2 className="line-clamp-2 text-xl font-semibold break-words text-slate-900">{title}</h2>
        ) : null}
        <p className="text-slate-800">{name ? t.resultGreeting(name) : t.resultGreetingNoName}</p>
        {about.length > 0 ? <p className="text-sm text-slate-600">{about.join(' · ')}</p> : null}
      </div>
      <Alert tone="info">{t.resultSelfCheck}</Alert>
      <ResultReadOnly result={result} text={gradedTextOf(analysis)} textTitle={t.resultYourText} />
    </div>
  );
}

/**
 * /analysis/:id for a pupil (issue 33 §5): her checked text, reached from the Lern-Assistent's 'Text prüfen'
 * and leading back to it.
 */
export function PupilResultScreen({ analysisId, name }: { analysisId: string; name?: string }) {
  const back = (
    <Button asChild variant="ghost" size="sm" className="self-start print:hidden">
      <Link to={learningAssistantPath}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.resultBack}
      </Link>
    </Button>
  );
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={t.resultTitle} />
      {back}
      <PageHeader title={t.resultTitle} />
      <PupilResult analysisId={analysisId} name={name} />
    </div>
  );
}
