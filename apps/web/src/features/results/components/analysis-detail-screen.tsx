import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Button } from '@/components/ui';
import { ResultView } from './result-view';

/** /analysis/:analysisId: one stored result (spec 000 §3 'Analysis detail'). */
export function AnalysisDetailScreen({ analysisId }: { analysisId: string }) {
  return (
    <div className="flex flex-col gap-4">
      <DocumentTitle title={t.detailTitle} />
      <h1 className="sr-only">{t.detailTitle}</h1>
      <Button asChild variant="ghost" size="sm" className="self-start print:hidden">
        <Link to="/dashboard/analyse">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t.back}
        </Link>
      </Button>
      <ResultView analysisId={analysisId} />
    </div>
  );
}
