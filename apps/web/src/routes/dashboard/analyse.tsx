import { AnalyseScreen } from '@/features/analysis/components/analyse-screen';
import { ResultView } from '@/features/results/components/result-view';

export default function AnalyseRoute() {
  return <AnalyseScreen renderResult={(analysisId) => <ResultView analysisId={analysisId} />} />;
}
