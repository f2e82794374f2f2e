import { AnalyseScreen } from '@/features/analysis/components/analyse-screen';
import { ClassSetPanel } from '@/features/class-evaluations/components/class-set-panel';
import { ChatCompanion } from '@/features/chat/components/chat-companion';
import { HistoryButton } from '@/features/history/components/history-button';
import { useProfile } from '@/features/profile/api/get-profile';
import { ResultView } from '@/features/results/components/result-view';

export default function AnalyseRoute() {
  const { data: profile } = useProfile();
  return (
    <AnalyseScreen
      renderResult={(analysisId) => (
        <ResultView
          analysisId={analysisId}
          actions={(analysis) => (
            <ChatCompanion analysisId={analysis.id} title={analysis.title} placement="button" />
          )}
        />
      )}
      headerActions={<HistoryButton />}
      classSet={<ClassSetPanel plan={profile?.plan} />}
      plan={profile ? { id: profile.plan, accountType: profile.accountType } : undefined}
    />
  );
}
