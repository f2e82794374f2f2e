import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { learningProfileMessages as m, type AnalysisResult, type GradeRecord } from '@korrigo/domain';
import { Alert, Button, Dialog, DialogClose, DialogContent, DialogFooter, Skeleton } from '@/components/ui';
import { useGradeDetail } from '../api/get-grade-detail';

/**
 * How the graded work is drawn: the route hands in the result view's read-only part (features do not import
 * each other), so this overlay stays one way of showing a result, not a second copy.
 */
export type RenderResult = (detail: { result: AnalysisResult; text: string; textTitle: string }) => ReactNode;

type GradeDetailDialogProps = {
  /** the row whose detail is open; null: closed */
  record: GradeRecord | null;
  onClose: () => void;
  /** puts the focus back where the overlay was opened */
  returnFocus: () => void;
  renderResult: RenderResult;
  downloading: boolean;
  onDownload: (record: GradeRecord) => void;
};

/**
 * The detail overlay of a grade (spec 001 §2): the graded work read-only, loaded when it opens. Closing
 * returns the focus to the button that opened it (Radix would give it to a trigger, and there is none).
 */
export function GradeDetailDialog({
  record,
  onClose,
  returnFocus,
  renderResult,
  downloading,
  onDownload,
}: GradeDetailDialogProps) {
  const detail = useGradeDetail(record?.analysisId ?? null);
  return (
    <Dialog open={record !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      {record ? (
        <DialogContent
          title={m.detailTitle(record.title)}
          className="sm:max-w-4xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex flex-col gap-4" aria-busy={detail.isPending || undefined}>
            {detail.isPending ? (
              <div className="flex flex-col gap-3" data-testid="grade-detail-loading">
                <Skeleton className="h-24 w-full" />
                <Skeleton className="h-40 w-full" />
              </div>
            ) : null}
            {detail.isError || (detail.data && !detail.data.result) ? (
              <Alert tone="error">
                <div className="flex flex-col items-start gap-2">
                  <span>{m.detailLoadFailed}</span>
                  {detail.isError ? (
                    <Button type="button" size="sm" variant="secondary" onClick={() => void detail.refetch()}>
                      {m.retry}
                    </Button>
                  ) : null}
                </div>
              </Alert>
            ) : null}
            {detail.data?.result
              ? renderResult({
                  result: detail.data.result,
                  text: detail.data.text,
                  textTitle: m.detailGradedText,
                })
              : null}
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="secondary"
              aria-label={m.downloadPdf(record.title)}
              loading={downloading}
              onClick={() => onDownload(record)}
            >
              <Download aria-hidden="true" />
              {m.pdf}
            </Button>
            <DialogClose asChild>
              <Button type="button">{m.close}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
