import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { classSetReviewMessages as t } from '@korrigo/domain';
import { Button } from '@/components/ui';
import { useSetForWalk } from '../api/set-order';
import { neighboursOf, resultInSetPath, reviewOrder } from '../utils/paper-order';

/** Keys typed into these belong to them: the walk's shortcuts never take them. */
const ownKeys =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="tablist"], [role="radiogroup"], [role="menu"], [role="listbox"], [role="slider"], [role="dialog"], [role="alertdialog"], [role="grid"], [role="toolbar"]';

/** Whether a key press is for the page rather than for the control it was typed into. */
export function isForThePage(event: KeyboardEvent) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
    return false;
  const target = event.target;
  if (target instanceof Element && target.closest(ownKeys)) return false;
  // a modal dialog open anywhere (focus may have left it for the body): the page behind it is not in use
  return document.querySelector('[role="dialog"][data-state="open"], [aria-modal="true"]') === null;
}

/**
 * Previous, next and back to the set from a result opened from a class set (issue 34 §7), by buttons and by
 * the keys ← → and Z. The order is the set's papers table (utils/paper-order.ts); the set comes from the URL
 * (`?set=`), so a reload keeps the walk. A set that cannot be read, or that does not hold this paper, leaves
 * the screen's own way back (`fallback`).
 */
export function SetNavigation({
  evaluationId,
  analysisId,
  fallback,
}: {
  evaluationId: string;
  analysisId: string;
  fallback: ReactNode;
}) {
  const navigate = useNavigate();
  const set = useSetForWalk(evaluationId);
  const place = useMemo(
    () => (set.data ? neighboursOf(reviewOrder(set.data), analysisId) : null),
    [set.data, analysisId],
  );
  const setPath = `/dashboard/class-evaluations/${encodeURIComponent(evaluationId)}`;
  const previousPath = place?.previous ? resultInSetPath(place.previous.analysisId, evaluationId) : null;
  const nextPath = place?.next ? resultInSetPath(place.next.analysisId, evaluationId) : null;
  const known = place !== null;

  useEffect(() => {
    if (!known) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isForThePage(event)) return;
      const to =
        event.key === 'ArrowLeft'
          ? previousPath
          : event.key === 'ArrowRight'
            ? nextPath
            : event.key === 'z' || event.key === 'Z'
              ? setPath
              : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [known, previousPath, nextPath, setPath, navigate]);

  if (set.isError || (set.isSuccess && !place)) return <>{fallback}</>;

  return (
    <nav aria-label={t.navigationLabel} className="flex flex-col gap-2 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={setPath} aria-keyshortcuts="Z">
            <ArrowLeft aria-hidden="true" />
            {t.backToSet}
          </Link>
        </Button>
        {place ? (
          // on a phone: the place in the set on its own line, the two buttons side by side below it
          <div className="grid w-full grid-cols-2 items-center gap-2 sm:flex sm:w-auto">
            {previousPath ? (
              <Button asChild variant="secondary" size="sm">
                <Link
                  to={previousPath}
                  aria-keyshortcuts="ArrowLeft"
                  title={t.previousOf(place.previous!.name)}
                >
                  <ChevronLeft aria-hidden="true" />
                  {t.previous}
                </Link>
              </Button>
            ) : (
              <Button type="button" variant="secondary" size="sm" disabled>
                <ChevronLeft aria-hidden="true" />
                {t.previous}
              </Button>
            )}
            <p
              aria-live="polite"
              className="text-sm text-slate-700 tabular-nums max-sm:order-first max-sm:col-span-2"
            >
              {t.position(place.position, place.count, place.current.name)}
            </p>
            {nextPath ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={nextPath} aria-keyshortcuts="ArrowRight" title={t.nextOf(place.next!.name)}>
                  {t.next}
                  <ChevronRight aria-hidden="true" />
                </Link>
              </Button>
            ) : (
              <Button type="button" variant="secondary" size="sm" disabled>
                {t.next}
                <ChevronRight aria-hidden="true" />
              </Button>
            )}
          </div>
        ) : null}
      </div>
      {place ? (
        // phones rarely have keys to press: the hint shows where a keyboard is likely
        <p className="text-xs text-slate-600 max-sm:hidden" data-testid="set-shortcuts">
          {t.shortcutsTitle}{' '}
          {t.shortcuts.map((shortcut, index) => (
            <span key={shortcut.key}>
              {index > 0 ? ' · ' : null}
              <kbd className="rounded border border-slate-300 bg-white px-1 font-sans text-slate-800">
                {shortcut.key}
              </kbd>{' '}
              {shortcut.text}
            </span>
          ))}
        </p>
      ) : null}
    </nav>
  );
}
