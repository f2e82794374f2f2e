import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { courseWorkMessages } from '@korrigo/domain';
import { Alert, Button, EmptyState, Skeleton } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';

type WorkListProps<T> = {
  /** the list's accessible name, e.g. "Aufgaben" */
  label: string;
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  emptyText: string;
  emptyIcon: LucideIcon;
  newLabel: string;
  /** null for a reader who may not write (a participant): no new, edit or delete buttons */
  onNew: (() => void) | null;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string;
};

/**
 * One tab of the course modal (spec 001 §2: a list with an empty state, a 'new' button, edit and delete on
 * each card). Loading, failure and emptiness are each shown as what they are.
 */
export function WorkList<T>({
  label,
  query,
  emptyText,
  emptyIcon,
  newLabel,
  onNew,
  renderItem,
  getKey,
}: WorkListProps<T>) {
  const newButton = onNew ? (
    <Button type="button" size="sm" onClick={onNew}>
      <Plus aria-hidden="true" />
      {newLabel}
    </Button>
  ) : null;

  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          {courseWorkMessages.loading}
        </span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="error" title={courseWorkMessages.loadFailed}>
          {errorMessage(query.error)}
        </Alert>
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {courseWorkMessages.retry}
          </Button>
        </div>
      </div>
    );
  }
  const items = query.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      {newButton && items.length > 0 ? <div className="flex justify-end">{newButton}</div> : null}
      {items.length === 0 ? (
        <EmptyState icon={emptyIcon} title={emptyText} action={newButton} />
      ) : (
        <ul aria-label={label} className="flex max-h-[55vh] flex-col gap-3 overflow-y-auto pr-1">
          {items.map((item) => (
            <li key={getKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A card of the list: its title, facts below, edit and delete on the right when the reader may write. */
export function WorkCard({
  title,
  badge,
  children,
  onEdit,
  onDelete,
}: {
  title: string;
  badge?: ReactNode;
  children?: ReactNode;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  return (
    <article className="flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold break-words text-slate-900">{title}</h3>
          {badge}
        </div>
        {onEdit || onDelete ? (
          <div className="flex shrink-0 gap-1">
            {onEdit ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`${title} ${courseWorkMessages.edit.toLowerCase()}`}
                onClick={onEdit}
              >
                <Pencil aria-hidden="true" />
                <span className="hidden sm:inline">{courseWorkMessages.edit}</span>
              </Button>
            ) : null}
            {onDelete ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`${title} ${courseWorkMessages.delete.toLowerCase()}`}
                onClick={onDelete}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">{courseWorkMessages.delete}</span>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {children}
    </article>
  );
}
