import type { Listen, SyncNotifications } from './db';

/**
 * Keeps answers that are read often and computed from one user's rows (the history pages, the dashboard) in
 * memory until those rows change (ADR 0006). Opening the history again, paging back, the dashboard after
 * the history: one query less each, and on the embedded database a query costs a millisecond of the one
 * thread that serves everybody.
 *
 * How it learns of changes: a trigger sends the user's id on `channel` whenever a row of theirs is
 * inserted, changed or deleted, by any process (API, worker, seeding, user deletion), and this cache LISTENs.
 * Before it answers from memory, it makes sure every notification of a transaction committed before the read
 * began has arrived (`sync`): on PGlite they arrive before the writer's own call returns, on PostgreSQL a
 * round trip on the listening connection brings them. So a read never gets an answer older than the last
 * change committed before it, in whichever process that change was made.
 * While the listening connection is lost (or not yet up), nothing is kept and every read loads; when it is
 * back, everything is dropped, because notifications in between were missed.
 *
 * Safety rules, as in session-cache.ts: a load that was running when the user's rows changed does not keep
 * its (possibly old) answer; concurrent reads of the same key share one load; an entry lives at most `ttlMs`
 * (for answers that depend on the clock, such as "last month"). Answers are shared between requests, so
 * nobody may change them.
 */
export type UserReadCache = {
  /** The kept answer for this user and key, or the one `load` gives (kept if nothing changed meanwhile). */
  read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Stops listening and drops everything. */
  stop(): Promise<void>;
};

type UserEntries = {
  /** bumped by every change of the user's rows */
  generation: number;
  answers: Map<string, { value: unknown; until: number }>;
  pending: Map<string, Promise<unknown>>;
};

type Log = { warn(obj: object, msg?: string): void };

export function createUserReadCache(options: {
  listen: Listen;
  sync: SyncNotifications;
  channel: string;
  log: Log;
  ttlMs?: number;
  /** users kept (least recently read dropped first) */
  maxUsers?: number;
  /** answers kept per user (oldest dropped first): a few pages, a few searches, the dashboard */
  maxAnswersPerUser?: number;
  now?: () => number;
}): UserReadCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxUsers = options.maxUsers ?? 500;
  const maxAnswers = options.maxAnswersPerUser ?? 16;
  const now = options.now ?? Date.now;
  const users = new Map<string, UserEntries>();
  // bumped when everything is dropped: loads running across a lost connection do not keep their answers
  let epoch = 0;
  let listening = false;
  let starting: Promise<void> | undefined;
  let retryAt = 0;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;

  function forgetUser(userId: string) {
    const entries = users.get(userId);
    if (!entries) return;
    entries.generation += 1;
    entries.answers.clear();
    entries.pending.clear();
  }

  function dropAll() {
    epoch += 1;
    users.clear();
  }

  /** Listening starts with the first read; after a failure the next read a few seconds later tries again. */
  function startListening() {
    if (listening || starting || stopped || now() < retryAt) return;
    starting = options
      .listen(options.channel, forgetUser, {
        onLost: () => {
          listening = false;
          dropAll();
        },
        onReconnect: () => {
          dropAll();
          listening = true;
        },
      })
      .then(
        (stop) => {
          unlisten = stop;
          listening = !stopped;
        },
        (error: unknown) => {
          retryAt = now() + 5_000;
          options.log.warn({ err: error }, 'read cache: cannot listen for changes, reading without it');
        },
      )
      .finally(() => {
        starting = undefined;
      });
  }

  function entriesOf(userId: string): UserEntries {
    let entries = users.get(userId);
    if (entries) {
      // most recently read last: the first key is the one to drop
      users.delete(userId);
    } else {
      entries = { generation: 0, answers: new Map(), pending: new Map() };
      if (users.size >= maxUsers) users.delete(users.keys().next().value!);
    }
    users.set(userId, entries);
    return entries;
  }

  return {
    async read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
      startListening();
      if (!listening) return load();
      try {
        await options.sync();
      } catch {
        return load();
      }
      if (!listening) return load();
      const entries = entriesOf(userId);
      const hit = entries.answers.get(key);
      if (hit) {
        if (hit.until > now()) return hit.value as T;
        entries.answers.delete(key);
      }
      const running = entries.pending.get(key);
      if (running) return running as Promise<T>;

      const { generation } = entries;
      const startedEpoch = epoch;
      const promise: Promise<T> = load().then(
        (value) => {
          if (entries.pending.get(key) === promise) entries.pending.delete(key);
          if (listening && entries.generation === generation && epoch === startedEpoch) {
            if (entries.answers.size >= maxAnswers)
              entries.answers.delete(entries.answers.keys().next().value!);
            entries.answers.set(key, { value, until: now() + ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          if (entries.pending.get(key) === promise) entries.pending.delete(key);
          throw error;
        },
      );
      entries.pending.set(key, promise);
      return promise;
    },

    async stop() {
      stopped = true;
      listening = false;
      dropAll();
      await starting;
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
    },
  };
}
