import { useParams } from 'react-router';
import { ChatCompanion } from '@/features/chat/components/chat-companion';
import { AnalysisDetailScreen } from '@/features/results/components/analysis-detail-screen';

export default function AnalysisDetailRoute() {
  const { analysisId = '' } = useParams();
  return (
    <AnalysisDetailScreen
      analysisId={analysisId}
      companion={(analysis) => (
        <ChatCompanion analysisId={analysis.id} title={analysis.title} placement="beside" />
      )}
      actions={(analysis) => (
        <ChatCompanion analysisId={analysis.id} title={analysis.title} placement="button" onlyWhereNarrow />
      )}
    />
  );
}
