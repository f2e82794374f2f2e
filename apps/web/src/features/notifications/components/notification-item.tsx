import { Link } from 'react-router';
import { Check, CircleAlert, CircleCheck, Info, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';
import {
  notificationKind,
  notificationMessages as t,
  type NotificationKind,
  type UserNotification,
} from '@korrigo/domain';
import { Badge, Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { formatRelativeTime } from '../utils/notification-format';

const kindLook: Record<NotificationKind, { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: 'bg-sky-50 text-sky-700' },
  success: { icon: CircleCheck, className: 'bg-green-50 text-green-700' },
  warning: { icon: TriangleAlert, className: 'bg-amber-50 text-amber-700' },
  error: { icon: CircleAlert, className: 'bg-red-50 text-red-700' },
};

/**
 * Where a notification leads: spec 000 §2 "A notification of type analysis_complete that carries an
 * analysisId, when clicked, goes to /analysis/{analysisId}"; others follow their own relativeLink (§3).
 */
export function notificationTarget(notification: UserNotification): string | null {
  const { analysisId, relativeLink } = notification.metadata;
  if (notification.type === 'analysis_complete' && analysisId) {
    return `/analysis/${encodeURIComponent(analysisId)}`;
  }
  // only paths of this app: "//host" would leave it
  if (relativeLink && relativeLink.startsWith('/') && !relativeLink.startsWith('//')) return relativeLink;
  return null;
}

type NotificationItemProps = {
  notification: UserNotification;
  now: Date;
  onOpen: (notification: UserNotification) => void;
  onMarkRead: (notification: UserNotification) => void;
  onDelete: (notification: UserNotification) => void;
};

export function NotificationItem({ notification, now, onOpen, onMarkRead, onDelete }: NotificationItemProps) {
  const kind = notificationKind(notification.type);
  const { icon: Icon, className: iconClass } = kindLook[kind];
  const target = notificationTarget(notification);
  const unread = !notification.isRead;
  const titleClass = cn('text-sm break-words', unread && 'font-semibold');
  const textColour = unread ? 'text-slate-900' : 'text-slate-800';

  return (
    <li
      data-testid="notification-item"
      data-kind={kind}
      data-read={notification.isRead}
      className={cn('flex gap-3 px-4 py-3', unread ? 'bg-primary-50/50' : 'bg-white')}
    >
      <span
        className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', iconClass)}
        title={t.typeLabels[kind]}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{t.typeLabels[kind]}</span>
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start gap-2">
          {unread ? (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary-600" aria-hidden="true" />
          ) : null}
          {target ? (
            <Link
              to={target}
              onClick={() => onOpen(notification)}
              className={cn(
                titleClass,
                'rounded-sm text-primary-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
              )}
            >
              {notification.title}
            </Link>
          ) : (
            <p className={cn(titleClass, textColour)}>{notification.title}</p>
          )}
          {unread ? <span className="sr-only">({t.unread})</span> : null}
        </div>
        <p className="text-sm break-words text-slate-600">{notification.message}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <time dateTime={notification.createdAt} title={formatDate(notification.createdAt)}>
            {formatRelativeTime(notification.createdAt, now)}
          </time>
          {notification.priority === 'high' ? <Badge tone="danger">{t.highPriority}</Badge> : null}
        </div>
      </div>
      <div className="-mr-2 flex shrink-0 items-start gap-0.5">
        {unread ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-9!"
            aria-label={t.markReadOf(notification.title)}
            title={t.markRead}
            onClick={() => onMarkRead(notification)}
          >
            <Check aria-hidden="true" />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-9! text-slate-600! hover:bg-red-50! hover:text-red-700!"
          aria-label={t.removeOf(notification.title)}
          title={t.remove}
          onClick={() => onDelete(notification)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
