import { toast } from 'sonner';
import { analysisScreenMessages as t, type AnalysisDetail, type ReviewChange } from '@korrigo/domain';
import { errorMessage } from '@/lib/api-client';
import { useConfirmAnalysis, useReopenAnalysis, useReviewAnalysis } from '../api/review';

export type Review = {
  /** a suggestion is edited; a confirmed grading only after reopening it */
  editable: boolean;
  /** a review call is under way: every review control waits */
  saving: boolean;
  /** several changes go as one request: they are applied together or not at all */
  apply: (changes: ReviewChange | ReviewChange[]) => Promise<unknown>;
  confirm: () => void;
  confirming: boolean;
  reopen: () => void;
  reopening: boolean;
};

/**
 * The teacher's review of one analysis: changes, confirming and reopening. The server answers each with
 * the recomputed analysis, which the view then shows; a refusal is shown as its German message.
 */
export function useReview(analysis: AnalysisDetail): Review {
  const review = useReviewAnalysis(analysis.id);
  const confirm = useConfirmAnalysis(analysis.id);
  const reopen = useReopenAnalysis(analysis.id);
  const onError = (error: unknown) => toast.error(errorMessage(error));

  return {
    editable: analysis.reviewState === 'suggested',
    saving: review.isPending || confirm.isPending || reopen.isPending,
    apply: async (changes) => {
      try {
        await review.mutateAsync(Array.isArray(changes) ? changes : [changes]);
        toast.success(t.changeSaved);
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    confirm: () => confirm.mutate(undefined, { onSuccess: () => toast.success(t.confirmSuccess), onError }),
    confirming: confirm.isPending,
    reopen: () => reopen.mutate(undefined, { onSuccess: () => toast.success(t.reopenSuccess), onError }),
    reopening: reopen.isPending,
  };
}
