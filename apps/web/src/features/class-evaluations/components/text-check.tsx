import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import {
  classEvaluationScreenMessages as screen,
  type AnalysisDetail,
  type ClassEvaluationDetail,
  type ClassEvaluationPaper,
} from '@korrigo/domain';
import { RecognisedPage, StoredPagePreview } from '@/components/recognised-page';
import { Alert, Button, Card, CardContent, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { analysisDetailQuery } from '@/lib/api/analysis-detail';
import { sendTranscription } from '@/lib/api/transcription';
import { queryKeys } from '@/lib/query-keys';
import { PageThumbnail } from './page-thumbnail';

const t = screen.textCheck;

/**
 * The papers the check goes through, in the order of the stack: those waiting for their text to be checked,
 * and those this view sent already (they stay in the list, so 'Arbeit 3 von 28' keeps its numbers).
 */
export function checkQueue(detail: ClassEvaluationDetail, sent: ReadonlySet<string>): ClassEvaluationPaper[] {
  return detail.papers
    .filter(
      (paper) =>
        paper.analysisId !== null && (paper.status === 'needs_transcription' || sent.has(paper.analysisId)),
    )
    .sort((a, b) => a.position - b.position);
}

/** The next paper after `from` (wrapping round) still to check, or null when none is left. */
function nextOpen(queue: ClassEvaluationPaper[], sent: ReadonlySet<string>, from: string | null, step = 1) {
  const open = (paper: ClassEvaluationPaper) => !sent.has(paper.analysisId!);
  const at = queue.findIndex((paper) => paper.analysisId === from);
  for (let i = 1; i <= queue.length; i++) {
    const paper = queue[((((at < 0 ? -1 : at) + i * step) % queue.length) + queue.length) % queue.length]!;
    if (open(paper) && (paper.analysisId !== from || queue.length === 1)) return paper.analysisId!;
  }
  return null;
}

/** Ctrl+Enter (⌘+Enter on a Mac) confirms; Alt+→ and Alt+← move on and back without confirming. */
function shortcutOf(event: KeyboardEvent): 'confirm' | 'next' | 'previous' | null {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'confirm';
  if (event.altKey && event.key === 'ArrowRight') return 'next';
  if (event.altKey && event.key === 'ArrowLeft') return 'previous';
  return null;
}

type PaperProps = {
  detail: ClassEvaluationDetail;
  paper: ClassEvaluationPaper;
  analysis: AnalysisDetail;
  position: number;
  count: number;
  busy: boolean;
  last: boolean;
  onConfirm: (text: string) => void;
  onSkip: (() => void) | null;
  onPrevious: (() => void) | null;
};

/** One paper: its pages beside their text, focused on the first text so she can read and type at once. */
function PaperCheck({
  detail,
  paper,
  analysis,
  position,
  count,
  busy,
  last,
  onConfirm,
  onSkip,
  onPrevious,
}: PaperProps) {
  const [texts, setTexts] = useState(() => analysis.pages.map((page) => page.text));
  const [empty, setEmpty] = useState(false);
  const first = useRef<HTMLTextAreaElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // the text takes the focus, so she can type at once; the paper is shown from its top (its picture first)
  useEffect(() => {
    first.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const confirm = () => {
    const text = texts
      .map((page) => page.trim())
      .filter(Boolean)
      .join('\n\n');
    setEmpty(text === '');
    if (text !== '') onConfirm(text);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const shortcut = shortcutOf(event);
    if (!shortcut || busy) return;
    event.preventDefault();
    if (shortcut === 'confirm') confirm();
    else if (shortcut === 'next') onSkip?.();
    else onPrevious?.();
  };
  const files = new Map(detail.files.map((file) => [file.id, file]));
  const waiting = analysis.status === 'needs_transcription';

  return (
    <div className="flex flex-col gap-4" onKeyDown={onKeyDown}>
      <h3 ref={heading} className="scroll-mt-20 text-base font-semibold text-slate-900">
        {t.paperOf(position, count, paper.studentName)}
      </h3>
      {!waiting ? <Alert tone="info">{t.notWaiting}</Alert> : null}
      {waiting
        ? analysis.pages.map((page, index) => {
            // a paper cut from the stack: its pages are the stack's, drawn from the set's one copy of the file
            const ref = paper.pages[index];
            const file = ref ? files.get(ref.fileId) : undefined;
            return (
              <RecognisedPage
                key={index}
                title={screen.pageLabel(index + 1)}
                image={
                  ref && file ? (
                    <PageThumbnail
                      evaluationId={detail.id}
                      file={file}
                      pageIndex={ref.pageIndex}
                      label={`${paper.studentName}, ${screen.pageLabel(index + 1)}`}
                      large
                    />
                  ) : (
                    <StoredPagePreview analysis={analysis} page={page} />
                  )
                }
                page={page}
                value={texts[index] ?? ''}
                onChange={(text) =>
                  setTexts((current) => current.map((other, i) => (i === index ? text : other)))
                }
                textareaRef={index === 0 ? first : undefined}
                pageNumber={index + 1}
              />
            );
          })
        : null}
      {empty ? <Alert tone="error">{t.empty}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onPrevious ? (
          <Button
            type="button"
            variant="ghost"
            onClick={onPrevious}
            disabled={busy}
            aria-keyshortcuts="Alt+ArrowLeft"
          >
            <ArrowLeft aria-hidden="true" />
            {t.previous}
          </Button>
        ) : null}
        {onSkip ? (
          <Button
            type="button"
            variant="secondary"
            onClick={onSkip}
            disabled={busy}
            aria-keyshortcuts="Alt+ArrowRight"
          >
            {t.skip}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
        {waiting ? (
          <Button type="button" loading={busy} onClick={confirm} aria-keyshortcuts="Control+Enter Meta+Enter">
            <Check aria-hidden="true" />
            {last ? t.confirmLast : t.confirmNext}
            <kbd className="ml-1 rounded border border-white/40 px-1 text-xs font-normal max-sm:hidden">
              {t.shortcut}
            </kbd>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The set's text check (issue 34 §1): the scanned papers that wait for their text, one after the other inside
 * the set, each page's picture beside its recognised text with the doubtful words and calculation lines
 * marked. Confirming sends the text (`PATCH /api/analyses/:id/transcription`, ADR 0009) and the paper is
 * graded at once while the next one opens; the next paper is read ahead, so moving on costs no waiting.
 * Keyboard: Tab and Enter reach everything; Ctrl+Enter confirms and moves on, Alt+→ / Alt+← skip and go back.
 */
export function TextCheck({
  detail,
  startAt,
  onMove,
  onClose,
}: {
  detail: ClassEvaluationDetail;
  /** the analysis to open first; any other value opens the first paper waiting */
  startAt: string;
  /** the paper shown changed (the screen keeps it in the address) */
  onMove: (analysisId: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<ReadonlySet<string>>(() => new Set());
  const queue = checkQueue(detail, sent);
  const [current, setCurrent] = useState<string | null>(() =>
    queue.some((paper) => paper.analysisId === startAt && paper.status === 'needs_transcription')
      ? startAt
      : nextOpen(queue, sent, null),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const backRef = useRef<HTMLButtonElement>(null);

  // the papers' list may arrive after the view opened (the set's detail is refreshed by its stream)
  const shown = current ?? nextOpen(queue, sent, null);
  const index = queue.findIndex((paper) => paper.analysisId === shown);
  const paper = index >= 0 ? queue[index]! : null;
  const analysis = useQuery({ ...analysisDetailQuery(shown ?? ''), enabled: shown !== null });
  const upcoming = nextOpen(queue, sent, shown);
  // the next paper is read while she checks this one
  useEffect(() => {
    if (upcoming && upcoming !== shown) void queryClient.prefetchQuery(analysisDetailQuery(upcoming));
  }, [upcoming, shown, queryClient]);
  const remaining = queue.filter((other) => !sent.has(other.analysisId!)).length;
  useEffect(() => {
    if (remaining === 0) backRef.current?.focus();
  }, [remaining]);

  const move = (to: string | null) => {
    setError(null);
    setCurrent(to);
    if (to) onMove(to);
  };

  const confirm = async (text: string) => {
    if (!paper) return;
    const id = paper.analysisId!;
    setBusy(true);
    setError(null);
    try {
      const status = await sendTranscription(id, text);
      queryClient.setQueryData(queryKeys.analyses.status(id), status);
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.classEvaluations.detail(detail.id) });
      const now = new Set(sent).add(id);
      setSent(now);
      setAnnouncement(t.sent(paper.studentName));
      move(nextOpen(queue, now, id));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const previous = (() => {
    const before = queue
      .slice(0, Math.max(index, 0))
      .reverse()
      .find((other) => !sent.has(other.analysisId!));
    return before ? () => move(before.analysisId!) : null;
  })();

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4 sm:p-5" data-testid="class-set-text-check">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-semibold text-slate-900">{t.title}</h2>
            <p className="text-sm text-slate-700">{t.remaining(remaining)}</p>
          </div>
          <Button
            ref={backRef}
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={onClose}
          >
            <ArrowLeft aria-hidden="true" />
            {t.back}
          </Button>
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        {remaining === 0 ? (
          <Alert tone="success">{t.allDone}</Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t.hint}</p>
            {error ? <Alert tone="error">{error}</Alert> : null}
            {paper && analysis.data ? (
              <PaperCheck
                key={paper.analysisId}
                detail={detail}
                paper={paper}
                analysis={analysis.data}
                position={index + 1}
                count={queue.length}
                busy={busy}
                last={remaining === 1}
                onConfirm={(text) => void confirm(text)}
                onSkip={upcoming && upcoming !== shown ? () => move(upcoming) : null}
                onPrevious={previous}
              />
            ) : analysis.isError ? (
              <Alert tone="error">{errorMessage(analysis.error)}</Alert>
            ) : (
              <div className="flex flex-col gap-2" aria-busy="true">
                <p className="text-sm text-slate-600">{t.loading}</p>
                <Skeleton className="h-64 w-full" />
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
