import { lazyListener, type Listen } from '../../platform/db';
import { NOTIFICATIONS_CHANNEL } from './notifications.repository';

type NotificationEvent = { kind: 'created'; id: string } | { kind: 'resync' };

type Subscriber = {
  userId: string;
  onEvent(event: NotificationEvent): void;
  /** the process is shutting down: end the stream */
  onClose(): void;
};

type Log = { warn(obj: object, msg?: string): void };

/**
 * The in-process event bus behind GET /api/notifications/events: one entry per open stream, keyed by user.
 *
 * How it is fed, and why: every insert runs `pg_notify` in its own transaction (notifications.repository),
 * and the bus LISTENs on that channel. That is one mechanism for both databases and all processes:
 * - PGlite (one process): the embedded session hears its own NOTIFY when the transaction commits.
 * - PostgreSQL: a notification created by an `npm run worker` process reaches every API process that holds
 *   a stream, without polling; a rolled-back insert is never announced.
 * When the listening connection was lost and came back, the bus sends `resync` to every stream, so clients
 * read the list again instead of missing what came in between. Clients also read the list on every
 * (re)connect of their own, which covers a stream that broke on the way to the browser.
 */
export function createNotificationEvents(deps: { listen: Listen; log: Log }) {
  const subscribers = new Set<Subscriber>();

  function deliver(payload: string) {
    let parsed: { userId?: unknown; id?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      deps.log.warn({ payload }, 'notification event with an unreadable payload');
      return;
    }
    if (typeof parsed.userId !== 'string' || typeof parsed.id !== 'string') return;
    for (const subscriber of subscribers) {
      if (subscriber.userId === parsed.userId) subscriber.onEvent({ kind: 'created', id: parsed.id });
    }
  }

  function resyncAll() {
    for (const subscriber of subscribers) subscriber.onEvent({ kind: 'resync' });
  }

  // the first stream starts listening, so a process without streams holds no connection
  const listener = lazyListener(deps.listen, NOTIFICATIONS_CHANNEL, deliver, resyncAll);

  return {
    async subscribe(subscriber: Subscriber): Promise<() => void> {
      await listener.start();
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },

    get size() {
      return subscribers.size;
    },

    /** Ends every open stream (before the server waits for its connections) and stops listening. */
    async stop() {
      for (const subscriber of subscribers) subscriber.onClose();
      subscribers.clear();
      await listener.stop();
    },
  };
}

export type NotificationEvents = ReturnType<typeof createNotificationEvents>;
