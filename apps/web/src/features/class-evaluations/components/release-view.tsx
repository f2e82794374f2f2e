import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Send } from 'lucide-react';
import { classEvaluationScreenMessages as t, type ClassEvaluationDetail } from '@korrigo/domain';
import { Alert, Button, Card, CardContent, ConfirmDialog } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { LmsDeliveryState } from '@/components/lms-delivery-state';
import { classEvaluationPath, releaseResults } from '../api/class-evaluations';

/** 'Zurückgeben' (issue 16 §6): confirmed results go back; the exports for everyone else. */
export function ReleaseView({ detail }: { detail: ClassEvaluationDetail }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const base = classEvaluationPath(detail.id);
  const names = new Map(detail.students.map((student) => [student.paperId, student.name]));
  const graded = detail.papers.filter((paper) => paper.status === 'done');

  const onRelease = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await releaseResults(detail.id);
      setNotice({
        tone: 'success',
        text: t.releaseResult(result.released, result.withoutAccount, result.notConfirmed),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.detail(detail.id) });
      // the release sends the scores of LMS-linked pupils (issue 35 §2): their state is new
      await queryClient.invalidateQueries({ queryKey: queryKeys.lti.deliveries(detail.id) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardContent className="flex flex-col items-start gap-3 p-4">
          <h3 className="font-semibold text-slate-900">{t.releaseTitle}</h3>
          <p className="text-sm text-slate-600">{t.releaseLead}</p>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            trigger={
              <Button type="button" loading={busy}>
                <Send aria-hidden="true" />
                {t.releaseButton}
              </Button>
            }
            title={t.releaseConfirmTitle}
            description={t.releaseConfirmText(detail.progress.confirmed, detail.progress.papers)}
            confirmLabel={t.releaseConfirm}
            onConfirm={() => void onRelease()}
          />
          <div aria-live="polite" className="w-full">
            {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
          </div>
          <LmsDeliveryState query={{ classEvaluationId: detail.id }} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4">
          <h3 className="font-semibold text-slate-900">{t.downloadsTitle}</h3>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" size="sm">
              <a href={`${base}/export.csv`} download>
                <Download aria-hidden="true" />
                {t.downloadCsv}
              </a>
            </Button>
            <Button asChild variant="secondary" size="sm">
              <a href={`${base}/notenliste.pdf`} download>
                <Download aria-hidden="true" />
                {t.downloadNotenliste}
              </a>
            </Button>
            {graded.length > 0 ? (
              <>
                <Button asChild variant="secondary" size="sm">
                  <a href={`${base}/paper-pdfs.zip`} download>
                    <Download aria-hidden="true" />
                    {t.downloadAllZip}
                  </a>
                </Button>
                <Button asChild variant="secondary" size="sm">
                  <a href={`${base}/paper-pdfs.pdf`} download>
                    <Download aria-hidden="true" />
                    {t.downloadAllPrint}
                  </a>
                </Button>
              </>
            ) : null}
          </div>
          {graded.length > 0 ? (
            <ul className="flex flex-col gap-1 text-sm">
              {graded.map((paper) => (
                <li key={paper.id}>
                  <a
                    href={`${base}/papers/${paper.id}/pdf`}
                    download
                    className="inline-flex items-center gap-1 text-primary-700 underline hover:text-primary-800"
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {t.downloadPaper(names.get(paper.id) ?? paper.studentName)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
