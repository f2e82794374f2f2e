import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { DocumentTitle } from '@/components/page';
import { Button } from '@/components/ui';
import { useAnalysisDetail } from '@/lib/api/analysis-detail';
import { ResultView, type ResultActions } from './result-view';

type AnalysisDetailScreenProps = {
  analysisId: string;
  /** shown beside a finished result (the chat companion; composed by the route, features stay apart) */
  companion?: (analysis: { id: string; title: string; graded: boolean }) => ReactNode;
  /** put among the result's actions (where the companion shows no panel beside it: its button) */
  actions?: ResultActions;
  /**
   * the way back and onward, given the screen's own way back (the walk through a class set's papers; composed
   * by the route, features stay apart)
   */
  navigation?: (back: ReactNode) => ReactNode;
};

/** /analysis/:analysisId: one stored result (spec 000 §3 'Analysis detail') with its chat companion. */
export function AnalysisDetailScreen({
  analysisId,
  companion,
  actions,
  navigation,
}: AnalysisDetailScreenProps) {
  // the same query as the result view's: answered from the cache, no second request
  const detail = useAnalysisDetail(analysisId);
  const done = detail.data?.status === 'done' ? detail.data : null;
  const aside =
    done && companion
      ? companion({
          id: done.id,
          title: done.result?.title || done.title,
          graded: (done.result ?? done.suggestedResult)?.grade != null,
        })
      : null;
  const back = (
    <Button asChild variant="ghost" size="sm" className="self-start print:hidden">
      <Link to="/dashboard/analyse">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.back}
      </Link>
    </Button>
  );
  return (
    <div className="flex flex-col gap-4">
      <DocumentTitle title={t.detailTitle} />
      <h1 className="sr-only">{t.detailTitle}</h1>
      {navigation ? navigation(back) : back}
      {/* a new paper (the next one of a set) starts with fresh state: no draft of the last one stays open */}
      <div
        key={analysisId}
        className={aside ? 'xl:grid xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start xl:gap-6' : undefined}
      >
        <ResultView analysisId={analysisId} actions={actions} />
        {aside}
      </div>
    </div>
  );
}
