import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Bell, BellOff } from 'lucide-react';
import {
  notificationKind,
  notificationListLimit,
  notificationMessages as t,
  notificationPriorityFilters,
  notificationTypeFilters,
  type NotificationPriorityFilter,
  type NotificationTypeFilter,
  type UserNotification,
} from '@korrigo/domain';
import {
  Alert,
  Button,
  ConfirmDialog,
  Popover,
  PopoverContent,
  PopoverTrigger,
  Spinner,
  toast,
} from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useClearNotifications } from '../api/clear-notifications';
import { useDeleteNotification } from '../api/delete-notification';
import { allNotifications, useNotifications, type NotificationFilters } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotificationStream } from '../hooks/use-notification-stream';
import { formatBadgeCount } from '../utils/notification-format';
import { NotificationItem, notificationTarget } from './notification-item';

/** The time the relative times are measured from: set when the popup opens, moving on while it is open. */
function useNow(active: boolean, intervalMs = 30_000): [Date, () => void] {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return [now, () => setNow(new Date())];
}

const selectClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600';

/**
 * The bell in the app shell with its unread badge (spec 000 §9: capped at 99+) and the notifications popup
 * (spec 000 §2): filters by type and priority, mark as read, delete one, clear all after a confirmation.
 * New notifications arrive over the event stream; the popup's lists follow without a reload.
 */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [filters, setFilters] = useState<NotificationFilters>(allNotifications);
  const navigate = useNavigate();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);

  const all = useNotifications(allNotifications);
  const filtered = useNotifications(filters, { enabled: open });
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const clearAll = useClearNotifications();
  const [now, refreshNow] = useNow(open);
  const changeOpen = (next: boolean) => {
    if (next) refreshNow();
    setOpen(next);
  };
  const titleId = useId();

  const unread = all.data?.unreadCount ?? 0;
  const badge = formatBadgeCount(unread);
  const total = all.data?.notifications.length ?? 0;

  const openNotification = useCallback(
    (notification: UserNotification) => {
      if (!notification.isRead) markRead.mutate(notification.id);
      setOpen(false);
    },
    [markRead],
  );

  // A toast for what arrives live, except about the analysis the teacher is looking at (or waiting for on
  // the analyse screen): that screen shows the result itself.
  const announce = useCallback(
    (arrived: UserNotification[]) => {
      const path = pathRef.current;
      const news = arrived.filter((n) => {
        const analysisId = n.metadata.analysisId;
        return !(analysisId && (path === `/analysis/${analysisId}` || path === '/dashboard/analyse'));
      });
      if (news.length === 0) return;
      if (news.length > 1) {
        toast.info(t.newMany(news.length));
        return;
      }
      const [notification] = news as [UserNotification];
      const target = notificationTarget(notification);
      toast[notificationKind(notification.type)](notification.title, {
        description: notification.message,
        ...(target
          ? {
              action: {
                label: t.open,
                onClick: () => {
                  if (!notification.isRead) markRead.mutate(notification.id);
                  void navigate(target);
                },
              },
            }
          : {}),
      });
    },
    [markRead, navigate],
  );
  useNotificationStream(true, announce);

  const list = filtered.data?.notifications ?? [];
  const filteredView = filters.type !== 'all' || filters.priority !== 'all';

  return (
    <>
      <Popover open={open} onOpenChange={changeOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={badge ? t.bellLabelUnread(badge) : t.bellLabel}
            data-testid="notifications-bell"
          >
            <Bell aria-hidden="true" className="size-5!" />
            {badge ? (
              <span
                data-testid="notifications-badge"
                aria-hidden="true"
                className="absolute -top-0.5 -right-1 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
              >
                {badge}
              </span>
            ) : null}
          </Button>
        </PopoverTrigger>
        <PopoverContent
          aria-labelledby={titleId}
          className="flex max-h-[min(40rem,calc(100dvh-5rem))] w-[min(26rem,calc(100vw-1rem))] flex-col overflow-hidden"
          // the confirmation is a separate layer: working in it must not close the popup
          onInteractOutside={(event) => {
            if (confirmOpen) event.preventDefault();
          }}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <div className="flex min-w-0 flex-col">
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {t.title}
              </h2>
              {badge ? <p className="text-xs text-slate-600">{t.unreadCount(badge)}</p> : null}
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700! hover:bg-red-50! hover:text-red-800!"
              disabled={total === 0 || clearAll.isPending}
              onClick={() => setConfirmOpen(true)}
            >
              {t.clearAll}
            </Button>
          </div>

          <div className="grid grid-cols-2 gap-3 border-b border-slate-200 px-4 py-3">
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
              {t.typeFilterLabel}
              <select
                className={selectClass}
                value={filters.type}
                onChange={(event) =>
                  setFilters((current) => ({
                    ...current,
                    type: event.target.value as NotificationTypeFilter,
                  }))
                }
              >
                {notificationTypeFilters.map((value) => (
                  <option key={value} value={value}>
                    {t.typeLabels[value]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
              {t.priorityFilterLabel}
              <select
                className={selectClass}
                value={filters.priority}
                onChange={(event) =>
                  setFilters((current) => ({
                    ...current,
                    priority: event.target.value as NotificationPriorityFilter,
                  }))
                }
              >
                {notificationPriorityFilters.map((value) => (
                  <option key={value} value={value}>
                    {t.priorityLabels[value]}
                  </option>
                ))}
              </select>
            </label>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={filtered.isFetching}>
            {filtered.isPending ? (
              <div className="flex justify-center px-4 py-10 text-slate-600">
                <Spinner label={t.loading} className="size-5" />
              </div>
            ) : filtered.isError ? (
              <div className="p-4">
                <Alert tone="error">{t.loadFailedPrefix + errorMessage(filtered.error)}</Alert>
              </div>
            ) : list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-slate-600">
                <BellOff aria-hidden="true" className="size-6 text-slate-400" />
                <p>{filteredView ? t.emptyFiltered : t.empty}</p>
              </div>
            ) : (
              <ul aria-labelledby={titleId} className={cn('divide-y divide-slate-100')}>
                {list.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    now={now}
                    onOpen={openNotification}
                    onMarkRead={(n) => markRead.mutate(n.id)}
                    onDelete={(n) => remove.mutate(n.id)}
                  />
                ))}
              </ul>
            )}
            {list.length >= notificationListLimit ? (
              <p className="border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-600">
                {t.limitNote(notificationListLimit)}
              </p>
            ) : null}
          </div>
        </PopoverContent>
      </Popover>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t.clearAllTitle}
        description={t.clearAllDescription}
        confirmLabel={t.clearAllConfirm}
        cancelLabel={t.cancel}
        tone="danger"
        onConfirm={() => clearAll.mutate()}
      />
    </>
  );
}
