import { useParams, useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui';
import { ChatCompanion } from '@/features/chat/components/chat-companion';
import { SetNavigation } from '@/features/class-evaluations/components/set-navigation';
import { useProfile } from '@/features/profile/api/get-profile';
import { AnalysisDetailScreen } from '@/features/results/components/analysis-detail-screen';
import { PupilResultScreen } from '@/features/results/components/pupil-result';

/**
 * A teacher reviews the result with the companion beside it; a pupil reads her own (issue 33 §5). Opened from
 * a class set (`?set=`), the teacher walks on to the set's next paper (issue 34 §7).
 */
export default function AnalysisDetailRoute() {
  const { analysisId = '' } = useParams();
  const [search] = useSearchParams();
  const setId = search.get('set');
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-40 w-full" />;
  if (profile.data?.accountType === 'student') {
    return <PupilResultScreen analysisId={analysisId} name={profile.data.displayName} />;
  }
  return (
    <AnalysisDetailScreen
      analysisId={analysisId}
      navigation={
        setId
          ? (back) => <SetNavigation evaluationId={setId} analysisId={analysisId} fallback={back} />
          : undefined
      }
      companion={(analysis) => (
        <ChatCompanion
          analysisId={analysis.id}
          title={analysis.title}
          graded={analysis.graded}
          placement="beside"
        />
      )}
      actions={(analysis) => (
        <ChatCompanion
          analysisId={analysis.id}
          title={analysis.title}
          graded={analysis.graded}
          placement="button"
          onlyWhereNarrow
        />
      )}
    />
  );
}
