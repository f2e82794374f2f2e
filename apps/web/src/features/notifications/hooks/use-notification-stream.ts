import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationEventNames, notificationSchema, type UserNotification } from '@korrigo/domain';
import { queryKeys } from '@/lib/query-keys';

export const notificationEventsUrl = '/api/notifications/events';

/** After the browser gave up on a stream (an error answer), wait this long, doubling up to the maximum. */
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** New notifications that arrive this close together are announced in one toast. */
const BATCH_MS = 400;

/**
 * Keeps the notification lists live: a server-sent event stream per signed-in tab
 * (GET /api/notifications/events). Each new notification and each (re)connect reads the lists again, so
 * nothing that came while the stream was down is lost. EventSource reconnects by itself after a dropped
 * connection; after an error answer (e.g. a restart that answered 503) it stops, and then this hook opens a
 * new one with a growing delay. `onNew` gets the new notifications in batches.
 */
export function useNotificationStream(enabled: boolean, onNew: (notifications: UserNotification[]) => void) {
  const queryClient = useQueryClient();
  const onNewRef = useRef(onNew);
  useEffect(() => {
    onNewRef.current = onNew;
  }, [onNew]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let batchTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = RECONNECT_MIN_MS;
    let disposed = false;
    let batch: UserNotification[] = [];

    const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });

    const connect = () => {
      source = new EventSource(notificationEventsUrl, { withCredentials: true });
      source.addEventListener('open', () => {
        delay = RECONNECT_MIN_MS;
        void refresh();
      });
      source.addEventListener(notificationEventNames.notification, (event) => {
        void refresh();
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = notificationSchema.safeParse(data);
        if (!parsed.success) return;
        batch.push(parsed.data);
        clearTimeout(batchTimer);
        batchTimer = setTimeout(() => {
          const arrived = batch;
          batch = [];
          onNewRef.current(arrived);
        }, BATCH_MS);
      });
      source.addEventListener(notificationEventNames.resync, () => void refresh());
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED || disposed) return;
        retryTimer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      });
    };
    connect();

    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      clearTimeout(batchTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
