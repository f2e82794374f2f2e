import { ChatCompanion } from '@/features/chat/components/chat-companion';
import { DashboardScreen } from '@/features/history/components/dashboard-screen';
import { ResultView } from '@/features/results/components/result-view';

export default function DashboardRoute() {
  return (
    <DashboardScreen
      renderResult={(analysisId) => (
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
      )}
    />
  );
}
