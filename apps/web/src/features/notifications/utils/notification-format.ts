import { notificationBadgeCap, notificationMessages, relativeTimeDayLimit } from '@korrigo/domain';
import { formatDate } from '@/lib/format';

/** spec 000 §9 "Notification badge cap 99+": nothing for 0, the number up to 99, then "99+". */
export function formatBadgeCount(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > notificationBadgeCap ? `${notificationBadgeCap}+` : String(Math.floor(unread));
}

/**
 * spec 000 §9 "Relative time: under 60 s in seconds, then minutes, hours, days up to 7, then a date".
 * Whole units, rounded down; 7 days and more show the de-DE date. A time a little in the future (another
 * clock) reads as "gerade eben".
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return formatDate(String(value));
  const t = notificationMessages.relative;
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds <= 0) return t.justNow;
  if (seconds < 60) return t.seconds(seconds);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t.hours(hours);
  const days = Math.floor(hours / 24);
  if (days < relativeTimeDayLimit) return t.days(days);
  return formatDate(date.toISOString());
}
