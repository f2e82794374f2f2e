import { z } from 'zod';
import {
  createNotificationSchema,
  notificationListLimit,
  notificationMetadataSchema,
  notificationPriorities,
  notificationTypes,
  notificationTypesOfKind,
  type CreateNotification,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationPriority,
  type NotificationType,
  type UserNotification,
} from '@korrigo/domain';
import type { Executor } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

/** A stored row as the API shape (spec 000 §3); a type or priority no client knows reads as info / normal. */
function toNotification(row: NotificationRow): UserNotification {
  const metadata = notificationMetadataSchema.safeParse(row.metadata);
  return {
    id: row.id,
    type: (notificationTypes as readonly string[]).includes(row.type)
      ? (row.type as NotificationType)
      : 'info',
    priority: (notificationPriorities as readonly string[]).includes(row.priority)
      ? (row.priority as NotificationPriority)
      : 'normal',
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    metadata: metadata.success ? metadata.data : {},
  };
}

const uuid = z.uuid();
/** Ids are UUIDs: anything else names no notification (and would be a type error in the query). */
const isId = (id: string) => uuid.safeParse(id).success;

/**
 * Notifications belong to one user (spec 000 §6: "Only the user's own history is implied"): every call takes
 * the signed-in user's id, and another user's notification is answered like a missing one (404).
 */
export function createNotificationsService(deps: { repository: NotificationsRepository; now?: () => Date }) {
  const { repository } = deps;

  return {
    async list(userId: string, query: NotificationListQuery): Promise<NotificationListResponse> {
      const [rows, unreadCount] = await Promise.all([
        repository.list(
          userId,
          {
            ...(query.type !== 'all' ? { types: notificationTypesOfKind(query.type) } : {}),
            ...(query.priority !== 'all' ? { priority: query.priority } : {}),
          },
          notificationListLimit,
        ),
        repository.countUnread(userId),
      ]);
      return { notifications: rows.map(toNotification), unreadCount };
    },

    async get(userId: string, id: string): Promise<UserNotification> {
      const row = isId(id) ? await repository.findOwned(userId, id) : undefined;
      if (!row) throw notFound();
      return toNotification(row);
    },

    /** spec 000 §4: unread until marked read; marking twice is no error. */
    async markRead(userId: string, id: string): Promise<UserNotification> {
      const row = isId(id) ? await repository.markRead(userId, id) : undefined;
      if (!row) throw notFound();
      return toNotification(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id) || !(await repository.deleteOwned(userId, id))) throw notFound();
    },

    /** spec 000 §4: "clear-all empties the list". */
    async clearAll(userId: string): Promise<number> {
      return repository.deleteAll(userId);
    },

    /**
     * Creates a notification inside the caller's transaction (the grading job writes its result and its
     * notification together); open streams hear of it when that transaction commits. A `dedupeKey` that was
     * used before makes this a no-op that returns undefined.
     */
    async create(
      tx: Executor,
      userId: string,
      input: CreateNotification,
      options: { dedupeKey?: string; createdAt?: Date } = {},
    ): Promise<UserNotification | undefined> {
      const parsed = createNotificationSchema.parse(input);
      const row = await repository.insert(tx, {
        userId,
        ...parsed,
        dedupeKey: options.dedupeKey ?? null,
        createdAt: options.createdAt ?? deps.now?.() ?? new Date(),
      });
      return row ? toNotification(row) : undefined;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
