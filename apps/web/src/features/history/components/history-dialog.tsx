import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChevronLeft, ChevronRight, Eye, Pencil, Search, Trash2 } from 'lucide-react';
import {
  historyLimits,
  historyMessages as t,
  pageOfHistory,
  subjectLabel,
  type HistoryItem,
  type HistoryPage,
} from '@korrigo/domain';
import { Alert, Button, ConfirmDialog, Dialog, DialogContent, Input, Select, Spinner } from '@/components/ui';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDeleteAnalysis, useHistoryPage, usePrefetchAnalysis } from '../api/history';
import {
  cell,
  loadErrorMessage,
  pointsSuffix,
  readCachedAnalyses,
  updateCachedAnalyses,
  writeCachedAnalyses,
} from '../utils/history';
import { EditAnalysisDialog } from './edit-analysis-dialog';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The Grading History popup (spec 000 §2, §4, §5, §8): the signed-in user's analyses, searched, filtered
 * and paged on the server, 7 a page; view, edit and delete per row. Closed by its close button, Escape or a
 * click on the backdrop. When loading fails, the cause is shown and the cached list stands in.
 */
export function HistoryDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.title} className="gap-5 sm:max-w-5xl" data-testid="history-dialog">
        <HistoryContent onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function HistoryContent({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, 300);
  const [subject, setSubject] = useState('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<HistoryItem | null>(null);
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const remove = useDeleteAnalysis();
  const prefetch = usePrefetchAnalysis();

  const query = useHistoryPage({ search, subject, page }, user !== null);
  const settled = query.data && !query.isPlaceholderData ? query.data : undefined;

  // spec 000 §4: the cache is rewritten after each successful load; it keeps the newest analyses, so only
  // the unfiltered first page replaces it (a search result is not "the list")
  useEffect(() => {
    if (!user || !settled || search.trim() || subject !== 'all' || settled.page !== 1) return;
    writeCachedAnalyses(user.uid, settled.analyses);
  }, [settled, user, search, subject]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), historyLimits.successMessageMs);
    return () => clearTimeout(timer);
  }, [success]);

  const fallback = useMemo<HistoryPage | null>(() => {
    if (!query.isError || !user) return null;
    const cached = readCachedAnalyses(user.uid);
    // without a cached list the error stands alone: 'No test analyses found' would be untrue
    return cached.length > 0 ? pageOfHistory(cached, { search, subject, page }) : null;
  }, [query.isError, user, search, subject, page]);

  if (!user) return <Alert tone="error">{t.notAuthenticated}</Alert>;

  const view = query.isError ? fallback : (query.data ?? null);
  const lastSubjects = view?.subjects ?? [];

  // spec 000 §4: changing search or filter starts again at page 1
  const changeSearch = (value: string) => {
    setSearchInput(value);
    setPage(1);
  };
  const changeSubject = (value: string) => {
    setSubject(value);
    setPage(1);
  };
  // spec 000 §5: page changes outside 1..total pages are ignored. The buttons count from the page the
  // server answered, which is the last one when the asked page is gone (e.g. after deleting its last row).
  const goTo = (next: number) => {
    if (!view || next < 1 || next > view.totalPages) return;
    setPage(next);
  };

  async function viewAnalysis(item: HistoryItem) {
    setActionError(null);
    setViewing(item.id);
    try {
      await prefetch(item.id);
      onClose();
      void navigate(`/analysis/${item.id}`);
    } catch {
      setActionError(t.detailFailed);
    } finally {
      setViewing(null);
    }
  }

  function confirmDelete(item: HistoryItem) {
    setActionError(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        updateCachedAnalyses(user!.uid, (items) => items.filter((entry) => entry.id !== item.id));
        setSuccess(t.deleted);
      },
      onError: () => setActionError(t.deleteFailed),
    });
  }

  function saved(item: HistoryItem) {
    setEditing(null);
    setActionError(null);
    updateCachedAnalyses(user!.uid, (items) => items.map((entry) => (entry.id === item.id ? item : entry)));
    setSuccess(t.updated);
  }

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">{t.searchLabel}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            type="search"
            value={searchInput}
            onChange={(event) => changeSearch(event.target.value)}
            placeholder={t.searchPlaceholder}
            className="pl-9"
            maxLength={historyLimits.searchMaxLength}
          />
        </label>
        <label className="sm:w-56">
          <span className="sr-only">{t.courseFilterLabel}</span>
          <Select value={subject} onChange={(event) => changeSubject(event.target.value)}>
            <option value="all">{t.allSubjects}</option>
            {lastSubjects.map((entry) => (
              <option key={entry} value={entry}>
                {subjectLabel(entry)}
              </option>
            ))}
            {subject !== 'all' && !lastSubjects.includes(subject) ? (
              <option value={subject}>{subjectLabel(subject)}</option>
            ) : null}
          </Select>
        </label>
      </div>

      {success ? (
        <Alert tone="success" className="py-2">
          {success}
        </Alert>
      ) : null}
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      {query.isError ? <Alert tone="error">{loadErrorMessage(query.error, t)}</Alert> : null}

      {query.isPending && !query.isError ? (
        <div className="flex items-center justify-center gap-3 py-12 text-slate-600" role="status">
          <Spinner />
          {t.loading}
        </div>
      ) : view ? (
        <HistoryList
          page={view}
          busy={query.isFetching && query.isPlaceholderData}
          viewing={viewing}
          onView={viewAnalysis}
          onEdit={(item) => {
            setActionError(null);
            setEditing({ ...item });
          }}
          onDelete={(item) => setDeleting(item)}
          onPage={goTo}
        />
      ) : null}

      <EditAnalysisDialog
        item={editing}
        onClose={() => setEditing(null)}
        onSaved={saved}
        onView={(item) => {
          setEditing(null);
          void viewAnalysis(item);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={t.deleteTitle}
        description={
          <>
            <span className="block">{t.deleteQuestion(deleting?.title ?? '')}</span>
            <span className="mt-2 block font-medium text-red-800">{t.deleteWarning}</span>
          </>
        }
        cancelLabel={t.cancel}
        confirmLabel={t.deleteConfirm}
        tone="danger"
        onConfirm={() => {
          if (deleting) confirmDelete(deleting);
        }}
      />
    </>
  );
}

type ListProps = {
  page: HistoryPage;
  busy: boolean;
  viewing: string | null;
  onView: (item: HistoryItem) => void;
  onEdit: (item: HistoryItem) => void;
  onDelete: (item: HistoryItem) => void;
  onPage: (page: number) => void;
};

function Grade({ item }: { item: HistoryItem }) {
  const suffix = pointsSuffix(item);
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium text-slate-900">{cell(item.grade)}</span>
      {suffix ? (
        <>
          {' '}
          <span className="text-slate-600">{suffix}</span>
        </>
      ) : null}
    </span>
  );
}

function Actions({
  item,
  viewing,
  onView,
  onEdit,
  onDelete,
}: { item: HistoryItem } & Pick<ListProps, 'viewing' | 'onView' | 'onEdit' | 'onDelete'>) {
  const label = (action: string) => `${action}: ${item.title || t.notAvailable}`;
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        title={t.view}
        aria-label={label(t.view)}
        loading={viewing === item.id}
        onClick={() => onView(item)}
      >
        {viewing === item.id ? null : <Eye aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        title={t.edit}
        aria-label={label(t.edit)}
        onClick={() => onEdit(item)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
        title={t.delete}
        aria-label={label(t.delete)}
        onClick={() => onDelete(item)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

function HistoryList({ page, busy, viewing, onView, onEdit, onDelete, onPage }: ListProps) {
  if (page.analyses.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-slate-600">
        {t.empty}
      </p>
    );
  }
  const actions = { viewing, onView, onEdit, onDelete };
  return (
    <div className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {/* wide screens: the spec's table */}
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
        <table className="w-full text-left text-sm" data-testid="history-table">
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.date}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.title}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.course}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.student}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.class}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.grade}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {t.columns.actions}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.analyses.map((item) => (
              <tr key={item.id} className="text-slate-700 hover:bg-slate-50/60" data-testid="history-row">
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(item.createdAt)}</td>
                <td className="max-w-64 px-3 py-2 font-medium break-words text-slate-900">
                  {cell(item.title)}
                </td>
                <td className="px-3 py-2">{cell(item.subject)}</td>
                <td className="px-3 py-2">
                  <StudentCell item={item} />
                </td>
                <td className="px-3 py-2">{cell(item.grade_level)}</td>
                <td className="px-3 py-2">
                  <Grade item={item} />
                </td>
                <td className="px-2 py-1">
                  <Actions item={item} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* phones: one card per analysis, the same fields */}
      <ul className="flex flex-col gap-3 md:hidden" data-testid="history-cards">
        {page.analyses.map((item) => (
          <li key={item.id} className="rounded-lg border border-slate-200 p-3">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-medium break-words text-slate-900">{cell(item.title)}</p>
              <Grade item={item} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
              <dt className="text-slate-500">{t.columns.date}</dt>
              <dd>{formatDate(item.createdAt)}</dd>
              <dt className="text-slate-500">{t.columns.course}</dt>
              <dd>{cell(item.subject)}</dd>
              <dt className="text-slate-500">{t.columns.student}</dt>
              <dd>
                <StudentCell item={item} />
              </dd>
              <dt className="text-slate-500">{t.columns.class}</dt>
              <dd>{cell(item.grade_level)}</dd>
            </dl>
            <div className="mt-2 flex justify-end border-t border-slate-100 pt-2">
              <Actions item={item} {...actions} />
            </div>
          </li>
        ))}
      </ul>

      {page.totalPages > 1 ? (
        <nav className="flex items-center justify-between gap-3" aria-label={t.title}>
          <Button
            variant="secondary"
            size="sm"
            disabled={page.page <= 1}
            onClick={() => onPage(page.page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            {t.previous}
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">
            {t.pageOf(page.page, page.totalPages)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page.page >= page.totalPages}
            onClick={() => onPage(page.page + 1)}
          >
            {t.next}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** The student's name, and the course when the analysis is linked to one (spec 001 §3 Analysis record). */
function StudentCell({ item }: { item: HistoryItem }) {
  return (
    <>
      {cell(item.student_name)}
      {item.courseLink ? (
        <span className="block text-xs text-slate-500">{t.linkedCourse(item.courseLink.courseName)}</span>
      ) : null}
    </>
  );
}
