import { useState } from 'react';
import { toast } from 'sonner';
import { CheckCircle2, LockOpen, Send } from 'lucide-react';
import { analysisScreenMessages as t, gradeReleaseMessages, type AnalysisDetail } from '@korrigo/domain';
import { Button, ConfirmDialog } from '@/components/ui';
import { ApiClientError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { LmsDeliveryState } from '@/components/lms-delivery-state';
import { useReleaseAnalysis } from '../api/release';
import type { Review } from '../hooks/use-review';

/**
 * 'Bewertung bestätigen' asks once, then confirms; a confirmed grading offers only 'Bewertung wieder öffnen'
 * (the one way to change it again).
 */
export function ReviewActions({ review }: { review: Review }) {
  const [asking, setAsking] = useState(false);
  if (!review.editable) {
    return (
      <Button
        type="button"
        variant="secondary"
        loading={review.reopening}
        disabled={review.saving}
        onClick={review.reopen}
      >
        <LockOpen aria-hidden="true" className="size-4" />
        {t.reopen}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      trigger={
        <Button type="button" loading={review.confirming} disabled={review.saving}>
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t.confirm}
        </Button>
      }
      title={t.confirmTitle}
      description={t.confirmQuestion}
      confirmLabel={t.confirm}
      onConfirm={review.confirm}
    />
  );
}

/**
 * 'An Schüler:in zurückgeben' (issue 17): shown while the confirmed result can go to its pupil and has not
 * yet; afterwards ReleaseNote says to whom and when.
 */
export function ReleaseAction({ analysis, disabled }: { analysis: AnalysisDetail; disabled?: boolean }) {
  const release = useReleaseAnalysis(analysis.id);
  if (!analysis.release.possible || analysis.release.releasedAt) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      loading={release.isPending}
      disabled={disabled}
      onClick={() =>
        release.mutate(undefined, {
          onSuccess: (released) => toast.success(gradeReleaseMessages.releasedToast(released.studentName)),
          // the server's German reason for a refusal (not confirmed, no pupil); else the general one
          onError: (error) =>
            toast.error(
              error instanceof ApiClientError && error.status < 500
                ? error.message
                : gradeReleaseMessages.failed,
            ),
        })
      }
    >
      <Send aria-hidden="true" className="size-4" />
      {gradeReleaseMessages.release}
    </Button>
  );
}

/** To whom and when the result was released, and that a later change reaches her too. */
export function ReleaseNote({ analysis }: { analysis: AnalysisDetail }) {
  const { releasedAt, studentName } = analysis.release;
  if (!releasedAt) return null;
  return (
    <div className="flex flex-col gap-1 text-sm print:hidden" data-testid="release-note">
      <p className="font-medium text-green-800">
        {gradeReleaseMessages.released(studentName ?? '', formatDate(releasedAt))}
      </p>
      <p className="text-slate-600">{gradeReleaseMessages.updatesStudent}</p>
      <LmsDeliveryState query={{ analysisId: analysis.id }} />
    </div>
  );
}
