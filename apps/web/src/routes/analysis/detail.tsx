import { useParams } from 'react-router';
import { AnalysisDetailScreen } from '@/features/results/components/analysis-detail-screen';

export default function AnalysisDetailRoute() {
  const { analysisId = '' } = useParams();
  return <AnalysisDetailScreen analysisId={analysisId} />;
}
