import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserNotification } from '@korrigo/domain';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isCachedUnread, updateNotificationLists } from './get-notifications';

/** POST /api/notifications/{id}/read (spec 000 §7: relative path, empty body). */
export function markNotificationRead(id: string): Promise<{ notification: UserNotification }> {
  return apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/**
 * Shown as read at once. spec 000 §8: the notification calls fail silently (only logged); the lists are
 * read again afterwards either way, so a failed call shows the true state.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      const wasUnread = isCachedUnread(queryClient, id);
      updateNotificationLists(queryClient, (list) => ({
        notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
        unreadCount: wasUnread ? Math.max(0, list.unreadCount - 1) : list.unreadCount,
      }));
    },
    onError: (error) => console.warn('Benachrichtigung konnte nicht als gelesen markiert werden', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
