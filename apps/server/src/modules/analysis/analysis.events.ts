import { analysisMessages } from '@korrigo/domain';
import { lazyListener, type Listen } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ANALYSIS_STATUS_CHANNEL } from './analysis.repository';

type Watcher = {
  /** the status may have changed: read it again */
  onChange(): void;
  /** the process is shutting down: end the stream */
  onClose(): void;
};

type Log = { warn(obj: object, msg?: string): void };

/**
 * Who follows which analysis in this process (ADR 0009): the event streams of `GET /api/analyses/:id/events`
 * and the waiting `/generate-response`. Fed by the database, never by polling: a trigger announces every
 * status change on `analysis_status` (migration 0009) and this bus LISTENs, as the notification bus does
 * (notifications.events.ts): on PGlite the embedded session hears its own commits; on PostgreSQL a change
 * made by an `npm run worker` process reaches every API process. The payload only says which analysis
 * moved; a watcher reads the status again through the owner check. When the listening connection was lost
 * and came back, every watcher reads again, so nothing missed in between is lost.
 */
export function createAnalysisEvents(deps: { listen: Listen; log: Log }) {
  const watchers = new Map<string, Set<Watcher>>();

  function deliver(payload: string) {
    let id: unknown;
    try {
      id = (JSON.parse(payload) as { id?: unknown }).id;
    } catch {
      deps.log.warn({ payload }, 'analysis status event with an unreadable payload');
      return;
    }
    if (typeof id !== 'string') return;
    for (const watcher of watchers.get(id) ?? []) watcher.onChange();
  }

  function rereadAll() {
    for (const set of watchers.values()) for (const watcher of set) watcher.onChange();
  }

  // the first watcher starts listening, so a process that follows nothing holds no connection
  const listener = lazyListener(deps.listen, ANALYSIS_STATUS_CHANNEL, deliver, rereadAll);

  return {
    /** Calls `onChange` at every status change of the analysis until the returned function is called. */
    async watch(analysisId: string, watcher: Watcher): Promise<() => void> {
      await listener.start();
      let set = watchers.get(analysisId);
      if (!set) watchers.set(analysisId, (set = new Set()));
      set.add(watcher);
      return () => {
        set.delete(watcher);
        if (set.size === 0 && watchers.get(analysisId) === set) watchers.delete(analysisId);
      };
    },

    /** how many analyses are followed in this process (tests) */
    get size() {
      return watchers.size;
    },

    /** Ends every open stream (before the server waits for its connections) and stops listening. */
    async stop() {
      for (const set of watchers.values()) for (const watcher of set) watcher.onClose();
      watchers.clear();
      await listener.stop();
    },
  };
}

export type AnalysisEvents = ReturnType<typeof createAnalysisEvents>;

/**
 * Calls `onValue` with what `read` answers now and at every change announced for `id`, until the returned
 * function is called; `onClose` when the process shuts down. A value whose `key` equals the last one sent is
 * not sent again, and reads run one after another, so values go out in the order the database had them.
 * Watching starts before the first read: a change in between is read again, never missed.
 */
export async function followChanges<T>(
  events: AnalysisEvents,
  id: string,
  options: {
    read: () => Promise<T>;
    key: (value: T) => string;
    onValue: (value: T) => void;
    onClose: () => void;
  },
): Promise<() => void> {
  let last: string | undefined;
  let stopped = false;
  let reading = Promise.resolve();
  const read = () => {
    reading = reading.then(async () => {
      if (stopped) return;
      const current = await options.read().catch(() => null);
      if (current === null || stopped) return;
      const key = options.key(current);
      if (key === last) return;
      last = key;
      options.onValue(current);
    });
  };
  let unwatch: () => void;
  try {
    unwatch = await events.watch(id, { onChange: read, onClose: options.onClose });
  } catch {
    throw new AppError('unavailable', analysisMessages.eventsUnavailable, { status: 503 });
  }
  read();
  return () => {
    stopped = true;
    unwatch();
  };
}
