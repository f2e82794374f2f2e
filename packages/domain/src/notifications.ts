import { z } from 'zod';

/**
 * Notifications (spec 000 §2 "Notifications popup and toasts", §3 Notification, §4, §7, §8, §9).
 *
 * The popup filters by four kinds (info, success, warning, error). Notifications the product creates itself
 * carry a more specific type (spec 000 §2: "a notification of type analysis_complete"); each such type
 * belongs to one kind, so the filter "Erfolg" also shows finished analyses.
 */
const notificationKinds = ['info', 'success', 'warning', 'error'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationTypes = [...notificationKinds, 'analysis_complete'] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationPriorities = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

const kindOfType: Record<NotificationType, NotificationKind> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
  analysis_complete: 'success',
};

/** The filter kind a notification type belongs to (analysis_complete is a success). */
export function notificationKind(type: NotificationType): NotificationKind {
  return kindOfType[type];
}

/** Every stored type that the filter `kind` shows. */
export function notificationTypesOfKind(kind: NotificationKind): NotificationType[] {
  return notificationTypes.filter((type) => kindOfType[type] === kind);
}

/** spec 000 §9: "Notification badge cap 99+". */
export const notificationBadgeCap = 99;

/** The popup shows the newest notifications up to this many; the unread count covers all of them. */
export const notificationListLimit = 100;

// spec 000 §9 toast duration: in timings.ts, which the web app's shell can import without zod.
export { toastDurationMs } from './timings';

/** spec 000 §9: relative times use days below this many days, a date from then on. */
export const relativeTimeDayLimit = 7;

/** spec 000 §3 metadata (title, testTitle, studentName, category, relativeLink), plus the analysis it is about. */
export const notificationMetadataSchema = z.object({
  analysisId: z.string().optional(),
  title: z.string().optional(),
  testTitle: z.string().optional(),
  studentName: z.string().optional(),
  category: z.string().optional(),
  relativeLink: z.string().optional(),
});

/** spec 000 §3: id, type, priority, title, message, isRead, createdAt, metadata. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  priority: z.enum(notificationPriorities),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  metadata: notificationMetadataSchema,
});
/** named so it does not hide the DOM's `Notification` in the browser */
export type UserNotification = z.infer<typeof notificationSchema>;

export const notificationTypeFilters = ['all', ...notificationKinds] as const;
export type NotificationTypeFilter = (typeof notificationTypeFilters)[number];
export const notificationPriorityFilters = ['all', ...notificationPriorities] as const;
export type NotificationPriorityFilter = (typeof notificationPriorityFilters)[number];

/** GET /api/notifications?type=&priority= (spec 000 §2: filters by type and by priority, "all" by default). */
export const notificationListQuerySchema = z.object({
  type: z.enum(notificationTypeFilters).default('all'),
  priority: z.enum(notificationPriorityFilters).default('all'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** spec 000 §7 "reads notifications[]"; `unreadCount` (ours) counts every unread one, whatever the filter. */
export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().min(0),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const markNotificationReadResponseSchema = z.object({ notification: notificationSchema });

export const clearNotificationsResponseSchema = z.object({
  ok: z.literal(true),
  deleted: z.number().int().min(0),
});

/** What a new notification is made of; the server adds id, isRead and createdAt. */
export const createNotificationSchema = z.object({
  type: z.enum(notificationTypes),
  priority: z.enum(notificationPriorities).default('normal'),
  title: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(2000),
  metadata: notificationMetadataSchema.default({}),
});
export type CreateNotification = z.input<typeof createNotificationSchema>;

/** The server-sent event names of GET /api/notifications/events. */
export const notificationEventNames = {
  /** data: one UserNotification, just created */
  notification: 'notification',
  /** no data: events may have been missed, read the list again */
  resync: 'resync',
} as const;

/**
 * German texts of the notifications popup. spec 000 §8 verbatim where the spec has them (the lower-case
 * "laden" included), else ours: neutral wording that needs neither "du" nor "Sie".
 */
export const notificationMessages = {
  // spec 000 §8
  loadFailedPrefix: 'Fehler beim laden: ',
  // ours
  bellLabel: 'Benachrichtigungen',
  bellLabelUnread: (count: string) => `Benachrichtigungen, ${count} ungelesen`,
  title: 'Benachrichtigungen',
  typeFilterLabel: 'Typ',
  priorityFilterLabel: 'Priorität',
  typeLabels: {
    all: 'Alle',
    info: 'Info',
    success: 'Erfolg',
    warning: 'Warnung',
    error: 'Fehler',
  } satisfies Record<NotificationTypeFilter, string>,
  priorityLabels: {
    all: 'Alle',
    low: 'Niedrig',
    normal: 'Normal',
    high: 'Hoch',
  } satisfies Record<NotificationPriorityFilter, string>,
  highPriority: 'Wichtig',
  unread: 'Ungelesen',
  empty: 'Keine Benachrichtigungen vorhanden.',
  emptyFiltered: 'Keine Benachrichtigungen für diese Filter.',
  markRead: 'Als gelesen markieren',
  markReadOf: (title: string) => `„${title}“ als gelesen markieren`,
  remove: 'Löschen',
  removeOf: (title: string) => `„${title}“ löschen`,
  clearAll: 'Alle löschen',
  clearAllTitle: 'Alle Benachrichtigungen löschen?',
  clearAllDescription:
    'Alle Benachrichtigungen werden endgültig gelöscht. Das kann nicht rückgängig gemacht werden.',
  clearAllConfirm: 'Alle löschen',
  cancel: 'Abbrechen',
  open: 'Öffnen',
  newMany: (count: number) => `${count} neue Benachrichtigungen`,
  unreadCount: (count: string) => `${count} ungelesen`,
  loading: 'Benachrichtigungen werden geladen …',
  limitNote: (limit: number) => `Die neuesten ${limit} Benachrichtigungen werden angezeigt.`,
  /** spec 000 §9: under 60 s in seconds, then minutes, hours, days below 7, then a date */
  relative: {
    justNow: 'gerade eben',
    seconds: (n: number) => (n === 1 ? 'vor 1 Sekunde' : `vor ${n} Sekunden`),
    minutes: (n: number) => (n === 1 ? 'vor 1 Minute' : `vor ${n} Minuten`),
    hours: (n: number) => (n === 1 ? 'vor 1 Stunde' : `vor ${n} Stunden`),
    days: (n: number) => (n === 1 ? 'vor 1 Tag' : `vor ${n} Tagen`),
  },
} as const;
