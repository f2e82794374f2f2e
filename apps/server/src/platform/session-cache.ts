import crypto from 'node:crypto';
import type { Listen } from './db';

/**
 * Remembers, for a short time, which signed-in user a request's credentials belong to, so that the check in
 * front of every signed-in route does not ask the database each time. better-auth's own check
 * (`auth.api.getSession`) reads the session and the user row: two queries, ~8 ms on PGlite even without load,
 * which capped every signed-in route at ~120 requests a second.
 *
 * Why not better-auth's `session.cookieCache`: it trusts a signed copy of the session that the browser holds
 * for the cache's whole lifetime, so a session ended elsewhere (sign-out everywhere, e-mail change, password
 * reset, another device's sign-out of a copied cookie) stays usable with that copy until it expires, and nothing
 * on the server can cut it short. This cache lives on the server, so ending a session can forget it at once.
 *
 * Safety rules:
 * - The key is a SHA-256 of exactly what better-auth reads (the Cookie and Authorization headers), and an entry
 *   is only written after better-auth accepted those very bytes; a failed check is never remembered.
 * - An entry lives at most `ttlMs` (30 s) and never past the session's own expiry.
 * - Everything that ends or changes sessions or users in this process forgets at once, and only the users it
 *   touched: better-auth's database hooks forget every user whose sessions it deletes or whose row it changes
 *   (sign-out, revoke, password reset and change, e-mail change: platform/auth.ts), so a request of someone
 *   else, signed in or not, leaves the others' entries alone; the profile edit forgets its user; removing demo
 *   accounts clears everything.
 * - A check that was already running when something was forgotten does not write its (possibly stale) answer.
 *
 * Across processes (ADR 0017 §2): on PostgreSQL several API processes share the database, and
 * `shareAcrossProcesses` sends every forget to all of them (NOTIFY on `sessions_changed`). A session ended
 * through another process is forgotten here as soon as the notification arrives (milliseconds after the
 * change; the bound without it would be `ttlMs`). While the listening connection is lost nothing is kept.
 */
export type SessionCache<T> = {
  /** The cached answer for these credentials, or the one `check` gives (remembered when not null). */
  resolve(
    credentials: { cookie?: string; authorization?: string },
    check: () => Promise<{ value: T; expiresAt: Date } | null>,
  ): Promise<T | null>;
  /** Forgets every entry of this user (their sessions or their user row changed). */
  forgetUser(userId: string): void;
  /** Forgets everything. */
  clear(): void;
};

const SESSION_CACHE_TTL_MS = 30_000;
// Bounds the memory: beyond this many live entries the oldest are dropped (they are checked again).
const MAX_ENTRIES = 10_000;

export function createSessionCache<T extends { userId: string }>(
  options: { ttlMs?: number; now?: () => number } = {},
): SessionCache<T> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; until: number }>();
  // Concurrent requests with the same credentials share one check instead of each asking the database.
  const pending = new Map<string, Promise<T | null>>();
  // Bumped by every forget; a check that started before a forget does not write its answer.
  let generation = 0;

  function keyOf(credentials: { cookie?: string; authorization?: string }) {
    return crypto
      .createHash('sha256')
      .update(credentials.cookie ?? '')
      .update('\n')
      .update(credentials.authorization ?? '')
      .digest('base64url');
  }

  function forget() {
    generation += 1;
    pending.clear();
  }

  return {
    async resolve(credentials, check) {
      if (!credentials.cookie && !credentials.authorization) return null;
      const key = keyOf(credentials);
      const hit = entries.get(key);
      if (hit) {
        if (hit.until > now()) return hit.value;
        entries.delete(key);
      }
      const running = pending.get(key);
      if (running) return running;
      const started = generation;
      const promise = check().then(
        (result) => {
          if (pending.get(key) === promise) pending.delete(key);
          if (!result) return null;
          if (started === generation) {
            if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
            entries.set(key, {
              value: result.value,
              until: Math.min(now() + ttlMs, result.expiresAt.getTime()),
            });
          }
          return result.value;
        },
        (error: unknown) => {
          if (pending.get(key) === promise) pending.delete(key);
          throw error;
        },
      );
      pending.set(key, promise);
      return promise;
    },

    forgetUser(userId) {
      forget();
      for (const [key, entry] of entries) if (entry.value.userId === userId) entries.delete(key);
    },

    clear() {
      forget();
      entries.clear();
    },
  };
}

export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';
const EVERYONE = '*';

/**
 * The cache of one process, with every forget sent to every process on the database (`notify` runs
 * pg_notify on the channel) and every forget of theirs applied here, this process's own included (harmless).
 * Until the listening connection is up, and while it is lost, every request is checked (nothing kept).
 */
export async function shareAcrossProcesses<T extends { userId: string }>(
  cache: SessionCache<T>,
  deps: {
    listen: Listen;
    notify(channel: string, payload: string): Promise<void>;
    log: { warn(obj: object, msg?: string): void };
  },
): Promise<SessionCache<T> & { stop(): Promise<void> }> {
  let listening = false;
  const send = (payload: string) =>
    deps
      .notify(SESSIONS_CHANGED_CHANNEL, payload)
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'other processes not told of a session change; they forget it in 30 s'),
      );
  const stop = await deps.listen(
    SESSIONS_CHANGED_CHANNEL,
    (payload) => (payload === EVERYONE ? cache.clear() : cache.forgetUser(payload)),
    {
      onLost: () => {
        listening = false;
        cache.clear();
      },
      onReconnect: () => {
        cache.clear();
        listening = true;
      },
    },
  );
  listening = true;
  return {
    async resolve(credentials, check) {
      if (listening) return cache.resolve(credentials, check);
      if (!credentials.cookie && !credentials.authorization) return null;
      return (await check())?.value ?? null;
    },
    forgetUser(userId) {
      cache.forgetUser(userId);
      void send(userId);
    },
    clear() {
      cache.clear();
      void send(EVERYONE);
    },
    async stop() {
      listening = false;
      await stop();
    },
  };
}
