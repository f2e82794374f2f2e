import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { updateNotificationLists } from './get-notifications';

/** DELETE /api/notifications/clear-all (spec 000 §7). */
export function clearNotifications(): Promise<{ ok: true; deleted: number }> {
  return apiFetch('/api/notifications/clear-all', { method: 'DELETE' });
}

/** spec 000 §4: "clear-all empties the list"; a failure is only logged (§8) and the list is read again. */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      updateNotificationLists(queryClient, () => ({ notifications: [], unreadCount: 0 }));
    },
    onError: (error) => console.warn('Benachrichtigungen konnten nicht gelöscht werden', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
