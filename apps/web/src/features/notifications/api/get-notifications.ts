import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  notificationListResponseSchema,
  type NotificationListResponse,
  type NotificationPriorityFilter,
  type NotificationTypeFilter,
} from '@korrigo/domain';
import { apiFetchParsed } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type NotificationFilters = { type: NotificationTypeFilter; priority: NotificationPriorityFilter };

export const allNotifications: NotificationFilters = { type: 'all', priority: 'all' };

/** GET /api/notifications (spec 000 §7) with the popup's filters; "all" is left out of the address. */
export function fetchNotifications(
  filters: NotificationFilters,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  const query = new URLSearchParams();
  if (filters.type !== 'all') query.set('type', filters.type);
  if (filters.priority !== 'all') query.set('priority', filters.priority);
  const search = query.toString();
  return apiFetchParsed(notificationListResponseSchema, `/api/notifications${search ? `?${search}` : ''}`, {
    signal,
  });
}

export function useNotifications(filters: NotificationFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.notifications.list(filters.type, filters.priority),
    queryFn: ({ signal }) => fetchNotifications(filters, signal),
    enabled: options.enabled ?? true,
    // the event stream says when something new came; the list is read again on each (re)connect
    staleTime: 60_000,
  });
}

/** Every cached list (one per filter combination), for optimistic changes. */
export function updateNotificationLists(
  queryClient: QueryClient,
  update: (list: NotificationListResponse) => NotificationListResponse,
) {
  queryClient.setQueriesData<NotificationListResponse>({ queryKey: queryKeys.notifications.all }, (list) =>
    list ? update(list) : list,
  );
}

/** Whether any cached list knows the notification as unread. */
export function isCachedUnread(queryClient: QueryClient, id: string): boolean {
  return queryClient
    .getQueriesData<NotificationListResponse>({ queryKey: queryKeys.notifications.all })
    .some(([, list]) => list?.notifications.some((n) => n.id === id && !n.isRead));
}
