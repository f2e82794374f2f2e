import { AnalyseScreen } from '@/features/analysis/components/analyse-screen';
import { ClassSetPanel } from '@/features/class-evaluations/components/class-set-panel';
import { ChatCompanion } from '@/features/chat/components/chat-companion';
import { HistoryButton } from '@/features/history/components/history-button';
import { useProfile } from '@/features/profile/api/get-profile';
import { PupilResult } from '@/features/results/components/pupil-result';
import { ResultView } from '@/features/results/components/result-view';

/** The teacher's analyse screen; a pupil's own result shows as she reads it, with no class set (issue 33 §5). */
export default function AnalyseRoute() {
  const { data: profile } = useProfile();
  const pupil = profile?.accountType === 'student';
  return (
    <AnalyseScreen
      renderResult={(analysisId) =>
        pupil ? (
          <PupilResult analysisId={analysisId} name={profile.displayName} />
        ) : (
          <ResultView
            analysisId={analysisId}
            actions={(analysis) => (
              <ChatCompanion
                analysisId={analysis.id}
                title={analysis.title}
                graded={analysis.graded}
                placement="button"
              />
            )}
          />
        )
      }
      headerActions={<HistoryButton />}
      classSet={pupil ? undefined : <ClassSetPanel plan={profile?.plan} />}
      plan={profile ? { id: profile.plan, accountType: profile.accountType } : undefined}
    />
  );
}
