import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  NotificationListResponse,
  NotificationPriorityFilter,
  NotificationTypeFilter,
} from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';

export type NotificationFilters = { type: NotificationTypeFilter; priority: NotificationPriorityFilter };

export const allNotifications: NotificationFilters = { type: 'all', priority: 'all' };

export const notificationsQueryKey = ['notifications'] as const;
export const notificationListQueryKey = (filters: NotificationFilters) =>
  [...notificationsQueryKey, filters.type, filters.priority] as const;

/** GET /api/notifications (spec 000 §7) with the popup's filters; "all" is left out of the address. */
export function fetchNotifications(
  filters: NotificationFilters,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  const query = new URLSearchParams();
  if (filters.type !== 'all') query.set('type', filters.type);
  if (filters.priority !== 'all') query.set('priority', filters.priority);
  const search = query.toString();
  return apiFetch<NotificationListResponse>(`/api/notifications${search ? `?${search}` : ''}`, { signal });
}

export function useNotifications(filters: NotificationFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationListQueryKey(filters),
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
  queryClient.setQueriesData<NotificationListResponse>({ queryKey: notificationsQueryKey }, (list) =>
    list ? update(list) : list,
  );
}

/** Whether any cached list knows the notification as unread. */
export function isCachedUnread(queryClient: QueryClient, id: string): boolean {
  return queryClient
    .getQueriesData<NotificationListResponse>({ queryKey: notificationsQueryKey })
    .some(([, list]) => list?.notifications.some((n) => n.id === id && !n.isRead));
}
