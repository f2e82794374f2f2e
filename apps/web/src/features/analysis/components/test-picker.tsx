import { useState } from 'react';
import { CheckCircle2, Eye, RefreshCw } from 'lucide-react';
import { analysisMessages, analysisScreenMessages as t, testToText, type SavedTest } from '@korrigo/domain';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  EmptyState,
  FormField,
  Input,
  Skeleton,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { filterTests } from '../utils/analysis-form';

type TestPickerProps = {
  tests: SavedTest[] | undefined;
  loading: boolean;
  error: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
};

const totalPoints = (test: SavedTest) => test.questions.reduce((sum, q) => sum + q.points, 0);

export function TestPicker({
  tests,
  loading,
  error,
  refreshing,
  onRefresh,
  selectedId,
  onSelect,
}: TestPickerProps) {
  const [query, setQuery] = useState('');
  const [previewId, setPreviewId] = useState<string | null>(null);
  const visible = filterTests(tests ?? [], query);
  const selected = tests?.find((test) => test.id === selectedId) ?? null;
  const previewed = tests?.find((test) => test.id === previewId) ?? null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-2">
        <FormField label={t.searchTests} className="flex-1">
          <Input
            type="search"
            value={query}
            placeholder={t.searchPlaceholder}
            onChange={(event) => setQuery(event.target.value)}
          />
        </FormField>
        <Button type="button" variant="secondary" onClick={onRefresh} loading={refreshing}>
          <RefreshCw aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">{t.refresh}</span>
        </Button>
      </div>

      {selected ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border border-primary-200 bg-primary-50 p-3 text-sm text-primary-900"
          data-testid="selected-test"
        >
          <CheckCircle2 aria-hidden="true" className="size-4" />
          <span className="min-w-0 flex-1 font-medium">{t.selectedTest(selected.title)}</span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onSelect(null)}>
            {t.deselect}
          </Button>
        </div>
      ) : null}

      {error ? <Alert tone="error">{analysisMessages.testListFailed(error)}</Alert> : null}
      {loading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : null}
      {!loading && !error && tests?.length === 0 ? (
        <EmptyState title={t.noTests} description={t.noTestsText} />
      ) : null}
      {!loading && tests && tests.length > 0 && visible.length === 0 ? (
        <p className="text-sm text-slate-600">{t.noMatches}</p>
      ) : null}

      {visible.length > 0 ? (
        <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto" aria-label={t.searchTests}>
          {visible.map((test) => {
            const isSelected = test.id === selectedId;
            return (
              <li
                key={test.id}
                className={cn(
                  'flex flex-wrap items-center gap-2 rounded-lg border p-3',
                  isSelected ? 'border-primary-400 bg-primary-50' : 'border-slate-200 bg-white',
                )}
              >
                <div className="flex w-full min-w-0 flex-col sm:w-auto sm:flex-1">
                  <span className="truncate font-medium text-slate-900">{test.title || '—'}</span>
                  <span className="text-xs text-slate-600">
                    {test.subject} · {test.grade} · {t.questionsCount(test.questions.length)} ·{' '}
                    {t.points(totalPoints(test))}
                  </span>
                </div>
                {isSelected ? <Badge tone="primary">{t.selected}</Badge> : null}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setPreviewId(test.id)}
                  aria-label={`${t.preview}: ${test.title}`}
                >
                  <Eye aria-hidden="true" className="size-4" />
                  {t.preview}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}

      <Dialog open={previewed !== null} onOpenChange={(open) => !open && setPreviewId(null)}>
        {previewed ? (
          <DialogContent title={previewed.title || t.preview} className="max-w-2xl">
            <pre className="max-h-[60vh] overflow-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
              {testToText(previewed)}
            </pre>
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setPreviewId(null)}>
                {t.cancel}
              </Button>
              <Button
                type="button"
                onClick={() => {
                  onSelect(previewed.id);
                  setPreviewId(null);
                }}
              >
                {t.useTest}
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
