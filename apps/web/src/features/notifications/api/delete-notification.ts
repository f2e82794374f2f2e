import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isCachedUnread, updateNotificationLists } from './get-notifications';

/** DELETE /api/notifications/{id} (spec 000 §7). */
export function deleteNotification(id: string): Promise<unknown> {
  return apiFetch(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Gone from the list at once; a failure is only logged (spec 000 §8) and the list is read again. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      const wasUnread = isCachedUnread(queryClient, id);
      updateNotificationLists(queryClient, (list) => ({
        notifications: list.notifications.filter((n) => n.id !== id),
        unreadCount: wasUnread ? Math.max(0, list.unreadCount - 1) : list.unreadCount,
      }));
    },
    onError: (error) => console.warn('Benachrichtigung konnte nicht gelöscht werden', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
