import { useState } from 'react';
import { CheckCircle2, LockOpen } from 'lucide-react';
import { analysisScreenMessages as t } from '@korrigo/domain';
import { Button, ConfirmDialog } from '@/components/ui';
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
