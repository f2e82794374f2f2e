import { AnalyseScreen } from '@/features/analysis/components/analyse-screen';
import { ClassSetPanel } from '@/features/class-evaluations/components/class-set-panel';
import { ChatCompanion } from '@/features/chat/components/chat-companion';
import { HistoryButton } from '@/features/history/components/history-button';
import { ResultView } from '@/features/results/components/result-view';

export default function AnalyseRoute() {
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
      classSet={<ClassSetPanel />}
    />
  );
}
