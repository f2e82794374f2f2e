import { Copy, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { testCreatorMessages, type SavedTest } from '@korrigo/domain';
import { Button, ConfirmDialog } from '@/components/ui';
import { cn } from '@/lib/cn';
import { cutTopic, formatSavedAt } from '../utils/test-model';

/** The colour strip of a card by test type (spec 001 §2). */
const typeColours: Record<string, string> = {
  'Multiple Choice': 'bg-sky-600',
  'Offene Fragen': 'bg-emerald-600',
  Lückentext: 'bg-amber-500',
  Zuordnung: 'bg-violet-600',
  Kombiniert: 'bg-rose-600',
};

type SavedTestsTabProps = {
  tests: SavedTest[] | undefined;
  loading: boolean;
  refreshing: boolean;
  busyId: string | null;
  onRefresh: () => void;
  onNew: () => void;
  onEdit: (test: SavedTest) => void;
  onDuplicate: (test: SavedTest) => void;
  onDelete: (test: SavedTest) => void;
};

/** spec 001 §2 'Saved tests': a card grid with a 'new test' card; edit, duplicate, delete on each card. */
export function SavedTestsTab({
  tests,
  loading,
  refreshing,
  busyId,
  onRefresh,
  onNew,
  onEdit,
  onDuplicate,
  onDelete,
}: SavedTestsTabProps) {
  return (
    <section aria-labelledby="saved-tests-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="saved-tests-heading" className="text-lg font-semibold text-slate-900">
          Gespeicherte Tests
        </h2>
        <Button variant="secondary" size="sm" onClick={onRefresh} loading={refreshing}>
          {refreshing ? null : <RefreshCw aria-hidden="true" />}
          Aktualisieren
        </Button>
      </div>
      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          {testCreatorMessages.savedTestsLoading}
        </p>
      ) : null}
      {!loading && tests && tests.length === 0 ? (
        <p className="text-sm text-slate-600">{testCreatorMessages.savedTestsEmpty}</p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <button
            type="button"
            onClick={onNew}
            className="flex h-full min-h-44 w-full cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-slate-300 bg-white p-5 text-slate-700 transition-colors hover:border-primary-500 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
              <Plus aria-hidden="true" className="size-6" />
            </span>
            <span className="font-medium">Neuer Test</span>
          </button>
        </li>
        {(tests ?? []).map((test) => {
          const title = test.title || testCreatorMessages.untitled;
          const busy = busyId === test.id;
          return (
            <li
              key={test.id}
              data-testid="saved-test-card"
              className="flex flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card"
            >
              <div aria-hidden="true" className={cn('h-2', typeColours[test.testType] ?? 'bg-slate-400')} />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="font-semibold break-words text-slate-900">{title}</h3>
                <p className="text-sm text-slate-700">
                  {test.subject} · {test.grade}
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
                  <dt className="text-slate-600">Testtyp</dt>
                  <dd>{test.testType}</dd>
                  <dt className="text-slate-600">Dauer</dt>
                  <dd>{test.duration} Minuten</dd>
                  <dt className="text-slate-600">Fragen</dt>
                  <dd>{test.questions.length}</dd>
                  <dt className="text-slate-600">Gespeichert</dt>
                  <dd>{formatSavedAt(test.lastSaved)}</dd>
                </dl>
                {test.topic ? (
                  <p className="text-sm break-words text-slate-600">{cutTopic(test.topic)}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap justify-between gap-1 border-t border-slate-100 p-2 [&_button]:px-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onEdit(test)}
                  aria-label={`„${title}“ bearbeiten`}
                >
                  <Pencil aria-hidden="true" />
                  Bearbeiten
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  onClick={() => onDuplicate(test)}
                  aria-label={`„${title}“ duplizieren`}
                >
                  <Copy aria-hidden="true" />
                  Duplizieren
                </Button>
                <ConfirmDialog
                  title={testCreatorMessages.deleteTitle}
                  description={testCreatorMessages.deleteText(title)}
                  confirmLabel={testCreatorMessages.deleteConfirm}
                  tone="danger"
                  onConfirm={() => onDelete(test)}
                  trigger={
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      aria-label={`„${title}“ löschen`}
                    >
                      <Trash2 aria-hidden="true" />
                      Löschen
                    </Button>
                  }
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
