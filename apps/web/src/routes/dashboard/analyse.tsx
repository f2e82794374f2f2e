import { AnalyseScreen } from '@/features/analysis/components/analyse-screen';
import { HistoryButton } from '@/features/history/components/history-button';
import { ResultView } from '@/features/results/components/result-view';

export default function AnalyseRoute() {
  return (
    <AnalyseScreen
      renderResult={(analysisId) => <ResultView analysisId={analysisId} />}
      headerActions={<HistoryButton />}
    />
  );
}
