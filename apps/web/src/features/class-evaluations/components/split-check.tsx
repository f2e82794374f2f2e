import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Combine, Play, Scissors, Trash2, Undo2 } from 'lucide-react';
import {
  classEvaluationScreenMessages as t,
  textCheckFirst,
  textCheckParam,
  type ClassEvaluationDetail,
  type PageRef,
} from '@korrigo/domain';
import { Alert, Badge, Button, Card, CardContent, Checkbox, FormField, Select } from '@/components/ui';
import { errorMessage, pricingLinkOf } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveSplit, startGrading } from '../api/class-evaluations';
import {
  discardPage,
  draftFromDetail,
  mergeWithNext,
  movePage,
  pageKey,
  removePaper,
  restorePage,
  setStudent,
  splitAfter,
  splitRequest,
  toggleAbsent,
  type SplitDraft,
} from '../utils/split-draft';
import { PageButton } from './page-thumbnail';

/** the pages of a paper: two small cards a row on a phone, side by side as they fit from `sm` on */
const pageListClasses = 'grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-3';

/** 'sicher' from 0.9, 'bitte prüfen' below, 'nicht erkannt' without a match (issue 16 §3). */
export function confidenceLabel(confidence: number | null) {
  if (confidence === null) return { text: t.confidence.none, tone: 'danger' as const };
  if (confidence >= 0.9) return { text: t.confidence.sure, tone: 'success' as const };
  return { text: t.confidence.check, tone: 'warning' as const };
}

type PageCardProps = {
  detail: ClassEvaluationDetail;
  draft: SplitDraft;
  page: PageRef;
  /** the paper holding the page, or null for an unassigned one */
  paperKey: string | null;
  children?: React.ReactNode;
  onMove: (target: string) => void;
};

/** A page of the stack with its picture, its number in the stack and the move control. */
function PageCard({ detail, draft, page, paperKey, children, onMove }: PageCardProps) {
  const [target, setTarget] = useState('');
  const number = draft.order.indexOf(pageKey(page)) + 1;
  const file = detail.files.find((entry) => entry.id === page.fileId);
  const read = detail.pages.find((entry) => pageKey(entry) === pageKey(page));
  const label = t.pageLabel(number);
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:w-44"
      data-page={number}
    >
      {file ? (
        // small on a phone (issue 34 §7: eight pages are not a long scroll); a click shows the page large
        <PageButton
          evaluationId={detail.id}
          file={file}
          pageIndex={page.pageIndex}
          label={label}
          className="mx-auto w-full max-sm:w-20"
        />
      ) : null}
      <span className="text-xs font-medium text-slate-800">{label}</span>
      {read?.detectedName ? (
        <span className="text-xs break-words text-slate-600">{t.detectedName(read.detectedName)}</span>
      ) : null}
      {paperKey === null && read?.text ? (
        <span className="line-clamp-3 text-xs break-words text-slate-500 italic">{read.text}</span>
      ) : null}
      <div className="flex flex-col gap-1">
        <Select
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className="h-8 text-xs"
          aria-label={`${label}: ${t.movePage}`}
        >
          <option value="">{t.moveTarget}</option>
          {draft.papers
            .filter((paper) => paper.key !== paperKey)
            .map((paper) => (
              <option key={paper.key} value={paper.key}>
                {t.moveTo(draft.papers.indexOf(paper) + 1)}
              </option>
            ))}
          <option value="new">{t.moveNewPaper}</option>
        </Select>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={!target}
          onClick={() => {
            onMove(target);
            setTarget('');
          }}
        >
          <span className="sr-only">{label}: </span>
          {t.moveButton}
        </Button>
        {children}
      </div>
    </li>
  );
}

/**
 * The teacher's check of the split (ADR 0012 §3): each detected paper with its pages and student, pages nobody
 * holds listed visibly, absent pupils marked; 'Bewertung starten' saves the split and starts the grading.
 */
/** `countsCredits`: the teacher's plan counts credits; else the start hint names none (issue 34 §8) */
export function SplitCheck({
  detail,
  countsCredits = false,
}: {
  detail: ClassEvaluationDetail;
  countsCredits?: boolean;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SplitDraft>(() => draftFromDetail(detail));
  const [message, setMessage] = useState<string | null>(null);
  // a 402 at 'Bewertung starten' offers the way to more credits, as the modal does
  const [pricingLink, setPricingLink] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const nameOf = (id: string) => detail.students.find((student) => student.id === id)?.name ?? id;
  const withPaper = new Set(draft.papers.map((paper) => paper.studentId).filter(Boolean));
  const withoutPaper = detail.students.filter((student) => !withPaper.has(student.id));

  const change = (next: SplitDraft) => {
    setDraft(next);
    setMessage(null);
  };

  const [, setSearch] = useSearchParams();
  const onStart = async () => {
    const request = splitRequest(draft, nameOf);
    if (!request.ok) {
      setMessage(request.message);
      return;
    }
    setSending(true);
    setMessage(null);
    setPricingLink(null);
    try {
      await saveSplit(detail.id, request.body);
      const started = await startGrading(detail.id);
      queryClient.setQueryData(queryKeys.classEvaluations.detail(detail.id), started);
      // scanned papers wait for their text: the check opens at once, inside the set (issue 34 §1)
      if (started.progress.needsTranscription > 0) setSearch({ [textCheckParam]: textCheckFirst });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.list() });
    } catch (error) {
      setMessage(errorMessage(error));
      setPricingLink(pricingLinkOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="split-title" className="flex flex-col gap-4">
      <div>
        <h2 id="split-title" className="text-lg font-semibold text-slate-900">
          {t.splitTitle}
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">{t.splitLead}</p>
      </div>

      <ol className="flex flex-col gap-4" aria-label={t.splitTitle}>
        {draft.papers.map((paper, index) => {
          const confidence = confidenceLabel(paper.studentId ? paper.confidence : null);
          return (
            <li key={paper.key}>
              <Card>
                <CardContent className="flex flex-col gap-3 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-base font-semibold text-slate-900">{t.paperTitle(index + 1)}</h3>
                    <Badge tone={confidence.tone}>{confidence.text}</Badge>
                    <span className="text-sm text-slate-600">
                      {paper.detectedName ? t.detectedName(paper.detectedName) : t.noDetectedName}
                    </span>
                  </div>
                  <FormField
                    label={
                      <>
                        {t.paperStudent}
                        <span className="sr-only"> ({t.paperTitle(index + 1)})</span>
                      </>
                    }
                    className="max-w-sm"
                  >
                    <Select
                      value={paper.studentId ?? ''}
                      onChange={(event) => change(setStudent(draft, paper.key, event.target.value || null))}
                    >
                      <option value="">{t.paperNoStudent}</option>
                      {detail.students.map((student) => (
                        <option key={student.id} value={student.id}>
                          {student.name}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <ul className={pageListClasses}>
                    {paper.pages.map((page, pageIndex) => (
                      <PageCard
                        key={pageKey(page)}
                        detail={detail}
                        draft={draft}
                        page={page}
                        paperKey={paper.key}
                        onMove={(target) => change(movePage(draft, page, target))}
                      >
                        {pageIndex < paper.pages.length - 1 ? (
                          <Button
                            type="button"
                            size="sm"
                            variant="ghost"
                            className="h-auto min-h-8 w-full justify-start py-1 text-left"
                            onClick={() => change(splitAfter(draft, index, pageIndex))}
                          >
                            <Scissors aria-hidden="true" />
                            <span className="whitespace-normal">
                              {t.splitAfter(draft.order.indexOf(pageKey(page)) + 1)}
                            </span>
                          </Button>
                        ) : null}
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          className="h-auto min-h-8 w-full justify-start py-1 text-left"
                          onClick={() => change(discardPage(draft, page))}
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only">
                            {t.pageLabel(draft.order.indexOf(pageKey(page)) + 1)}:{' '}
                          </span>
                          <span className="whitespace-normal">{t.discardPage}</span>
                        </Button>
                      </PageCard>
                    ))}
                  </ul>
                  <div className="flex flex-wrap gap-2">
                    {index < draft.papers.length - 1 ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        onClick={() => change(mergeWithNext(draft, index))}
                      >
                        <Combine aria-hidden="true" />
                        {t.mergeNext}
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => change(removePaper(draft, paper.key))}
                    >
                      {t.removePaper}
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ol>

      {/* never hidden: the pages no paper holds, until the teacher places or discards them */}
      <section
        aria-labelledby="unassigned-title"
        className="flex flex-col gap-2 rounded-card border border-amber-300 bg-amber-50 p-4"
      >
        <h3 id="unassigned-title" className="font-semibold text-slate-900">
          {t.unassignedTitle} ({draft.unassigned.length})
        </h3>
        {draft.unassigned.length === 0 ? (
          <p className="text-sm text-slate-700">{t.unassignedEmpty}</p>
        ) : (
          <ul className={pageListClasses}>
            {draft.unassigned.map((page) => (
              <PageCard
                key={pageKey(page)}
                detail={detail}
                draft={draft}
                page={page}
                paperKey={null}
                onMove={(target) => change(movePage(draft, page, target))}
              >
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="h-auto min-h-8 w-full justify-start py-1 text-left"
                  onClick={() => change(discardPage(draft, page))}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">{t.pageLabel(draft.order.indexOf(pageKey(page)) + 1)}: </span>
                  <span className="whitespace-normal">{t.discardPage}</span>
                </Button>
              </PageCard>
            ))}
          </ul>
        )}
      </section>

      {draft.discarded.length > 0 ? (
        <section aria-labelledby="discarded-title" className="flex flex-col gap-2">
          <h3 id="discarded-title" className="font-semibold text-slate-900">
            {t.discardedTitle} ({draft.discarded.length})
          </h3>
          <ul className="flex flex-wrap gap-2">
            {draft.discarded.map((page) => (
              <li
                key={pageKey(page)}
                className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 text-sm"
              >
                {t.pageLabel(draft.order.indexOf(pageKey(page)) + 1)}
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => change(restorePage(draft, page))}
                >
                  <Undo2 aria-hidden="true" />
                  {t.restorePage}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {withoutPaper.length > 0 ? (
        <fieldset className="flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-4">
          <legend className="px-1 font-semibold text-slate-900">{t.absentTitle}</legend>
          <p className="text-sm text-slate-600">{t.absentHint}</p>
          <ul className="flex flex-col gap-1">
            {withoutPaper.map((student) => (
              <li key={student.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <Checkbox
                    checked={draft.absent.includes(student.id)}
                    onChange={() => change(toggleAbsent(draft, student.id))}
                    aria-label={t.absentLabel(student.name)}
                  />
                  <span>
                    {student.name} <span className="text-slate-500">({t.withoutPaper})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {message ? (
        <Alert tone="error">
          {message}
          {pricingLink ? (
            <>
              {' '}
              <Link to={pricingLink} className="font-medium underline">
                {t.toPricing}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-600">{t.startHint(draft.papers.length, !countsCredits)}</p>
        <Button type="button" loading={sending} onClick={() => void onStart()}>
          <Play aria-hidden="true" />
          {t.startGrading}
        </Button>
      </div>
    </section>
  );
}
