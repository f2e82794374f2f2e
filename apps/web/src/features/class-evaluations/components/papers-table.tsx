import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ExternalLink, ScanText } from 'lucide-react';
import {
  analysisScreenMessages,
  classEvaluationMessages,
  classEvaluationScreenMessages as t,
  textCheckParam,
  type ClassEvaluationDetail,
} from '@korrigo/domain';
import { Alert, Badge, Button, ConfirmDialog } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { confirmResults } from '../api/class-evaluations';
import { isOpenable, resultInSetPath, tableRows } from '../utils/paper-order';

const points = (achieved: number | null, total: number | null) =>
  achieved === null
    ? '–'
    : `${achieved.toLocaleString('de-DE')}${total === null ? '' : ` / ${total.toLocaleString('de-DE')}`}`;

/**
 * 'Nach Arbeiten': one row per pupil of the course with the paper's state, points, grade and review state; a
 * failed paper says why. Confirming marks a result as seen by the teacher (only confirmed ones count).
 */
export function PapersTable({ detail, canConfirm }: { detail: ClassEvaluationDetail; canConfirm: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(null);
  // a confirmation locks results: it is asked first, as for one result on its own screen (issue 33 §4)
  const [asking, setAsking] = useState<{ analysisIds: string[]; key: string; name?: string } | null>(null);
  const papers = new Map(detail.papers.map((paper) => [paper.id, paper]));
  // the order 'Nächste Arbeit' follows on a result's screen (utils/paper-order.ts)
  const rows = tableRows(detail);
  const confirmable = detail.papers.filter(
    (paper) => paper.analysisId && paper.status === 'done' && paper.reviewState !== 'confirmed',
  );

  const confirm = async (analysisIds: string[], key: string) => {
    setBusy(key);
    setNotice(null);
    try {
      const result = await confirmResults(detail.id, analysisIds);
      setNotice(
        result.placementUnsure > 0
          ? {
              tone: 'warning',
              text: `${t.confirmed(result.confirmed)} ${t.placementLeftOpen(result.placementUnsure)}`,
            }
          : { tone: 'success', text: t.confirmed(result.confirmed) },
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.detail(detail.id) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {canConfirm ? (
        <div className="flex justify-end">
          <Button
            type="button"
            variant="secondary"
            disabled={confirmable.length === 0}
            loading={busy === 'all'}
            onClick={() =>
              setAsking({ analysisIds: confirmable.map((paper) => paper.analysisId!), key: 'all' })
            }
          >
            <CheckCheck aria-hidden="true" />
            {t.confirmAll}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={
          asking?.name ? t.confirmOneTitle(asking.name) : t.confirmManyTitle(asking?.analysisIds.length ?? 0)
        }
        description={
          asking?.name
            ? analysisScreenMessages.confirmQuestion
            : t.confirmManyQuestion(asking?.analysisIds.length ?? 0)
        }
        confirmLabel={t.confirm}
        onConfirm={() => {
          if (asking) void confirm(asking.analysisIds, asking.key);
          setAsking(null);
        }}
      />
      <div aria-live="polite">{notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}</div>
      <div className="relative overflow-x-auto rounded-card border border-slate-200 bg-white">
        <table className="table-stack w-full text-left text-sm sm:min-w-[40rem]">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t.columns.student}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.columns.status}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.columns.points}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.columns.grade}
              </th>
              <th scope="col" className="px-3 py-2">
                {t.columns.review}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((student) => {
              const paper = student.paperId ? papers.get(student.paperId) : undefined;
              return (
                <tr key={student.id} className="border-t border-slate-100 align-top">
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {student.name}
                  </th>
                  <td className="px-3 py-2" data-label={t.columns.status}>
                    {student.absent ? (
                      <Badge>{t.absent}</Badge>
                    ) : paper ? (
                      <div className="flex flex-col items-start gap-1">
                        <Badge
                          tone={
                            paper.status === 'failed'
                              ? 'danger'
                              : paper.status === 'done'
                                ? 'success'
                                : 'info'
                          }
                        >
                          {t.paperStatuses[paper.status ?? 'none'] ?? paper.status}
                        </Badge>
                        {paper.status === 'failed' ? (
                          <span className="text-xs text-red-700">
                            {paper.errorMessage ?? classEvaluationMessages.paperFailed}
                          </span>
                        ) : null}
                      </div>
                    ) : (
                      <span className="text-slate-500">{t.withoutPaper}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums" data-label={t.columns.points}>
                    {paper ? points(paper.achievedPoints, paper.totalPoints) : '–'}
                  </td>
                  <td className="px-3 py-2" data-label={t.columns.grade}>
                    {paper?.grade ??
                      (paper?.status === 'done' && paper.achievedPoints !== null ? (
                        <span className="text-slate-600" title={t.gradeOpenHint}>
                          {t.gradeOpen}
                          <span className="sr-only">: {t.gradeOpenHint}</span>
                        </span>
                      ) : (
                        '–'
                      ))}
                  </td>
                  <td className="px-3 py-2" data-label={t.columns.review}>
                    {paper?.reviewState ? (
                      <Badge tone={paper.reviewState === 'confirmed' ? 'success' : 'neutral'}>
                        {t.reviewStates[paper.reviewState] ?? paper.reviewState}
                      </Badge>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      {paper?.analysisId && paper.status === 'needs_transcription' ? (
                        // the text check opens inside the set, at this paper (issue 34 §1)
                        <Button asChild size="sm" variant="secondary">
                          <Link
                            to={`?${textCheckParam}=${paper.analysisId}`}
                            aria-label={t.textCheck.openOf(student.name)}
                          >
                            <ScanText aria-hidden="true" />
                            {t.paperStatuses.needs_transcription}
                          </Link>
                        </Button>
                      ) : null}
                      {isOpenable(paper) && paper.status === 'done' ? (
                        <Button asChild size="sm" variant="ghost">
                          <Link
                            to={resultInSetPath(paper.analysisId, detail.id)}
                            aria-label={t.openResultOf(student.name)}
                          >
                            <ExternalLink aria-hidden="true" />
                            {t.openResult}
                          </Link>
                        </Button>
                      ) : null}
                      {canConfirm &&
                      paper?.analysisId &&
                      paper.status === 'done' &&
                      paper.reviewState !== 'confirmed' ? (
                        <Button
                          type="button"
                          size="sm"
                          variant="secondary"
                          aria-label={t.confirmOf(student.name)}
                          loading={busy === paper.id}
                          onClick={() =>
                            setAsking({ analysisIds: [paper.analysisId!], key: paper.id, name: student.name })
                          }
                        >
                          {t.confirm}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
