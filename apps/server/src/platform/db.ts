import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from '../db/schema';
import { serverRoot } from '../paths';

const migrationsFolder = path.resolve(serverRoot, 'src/db/migrations');

/**
 * Migration 0009 was once journaled with a time in the future (1795600000000). Drizzle applies only the
 * migrations journaled after the newest one a database has recorded, so a database that recorded 0009 with
 * that time never got 0010 and later. The journal now carries 0009's real place; this puts the recorded
 * time right before migrating, so such a database catches up and one that has all of them applies none
 * twice.
 */
export const repairMigrationJournal = `DO $$ BEGIN
  IF to_regclass('drizzle.__drizzle_migrations') IS NOT NULL THEN
    UPDATE drizzle.__drizzle_migrations SET created_at = 1795515000000 WHERE created_at = 1795600000000;
  END IF;
END $$;`;

/**
 * One schema, one dialect, two drivers (ARCHITECTURE.md §3): PGlite embedded under DATA_DIR by default,
 * PostgreSQL through `pg` when DATABASE_URL is set. Both expose the same drizzle API; the type is the
 * node-postgres one because the query builder is identical.
 */
export type Database = NodePgDatabase<typeof schema>;

/**
 * A database or an open transaction: a repository's write steps take one, so that they run inside the
 * caller's transaction (a credit reserved with the analysis it pays for, a notification with its cause).
 */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** What pg-boss needs to run on either driver: `executeSql(text, values)` returning `{ rows }`. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * LISTEN on a channel (payloads of `pg_notify` sent by any process on the same database, delivered when
 * the sending transaction commits). While the listening connection is lost, notifications are missed:
 * `onLost` says so at once, and `onReconnect` runs when it is back, so that a listener reads its state again.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  connection?: { onLost?: () => void; onReconnect?: () => void },
) => Promise<() => Promise<void>>;

/**
 * A LISTEN that starts with its first user, so a process that follows nothing holds no connection (the event
 * buses of notifications and analyses). `start` listens once; a failed start lets the next caller try again;
 * `stop` waits for a start under way and stops listening.
 */
export function lazyListener(
  listen: Listen,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
) {
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  return {
    start(): Promise<void> {
      starting ??= listen(channel, onPayload, { onReconnect }).then(
        (stop) => {
          unlisten = stop;
        },
        (error: unknown) => {
          starting = undefined;
          throw error;
        },
      );
      return starting;
    },
    async stop() {
      await starting?.catch(() => undefined);
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
      starting = undefined;
    },
  };
}

/**
 * Resolves when every notification of a transaction that committed before the call has been handed to the
 * listeners. Rejects when the listening connection is down.
 */
export type SyncNotifications = () => Promise<void>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  sql: SqlExecutor;
  listen: Listen;
  syncNotifications: SyncNotifications;
  close(): Promise<void>;
};

/** How the listening connection names itself in pg_stat_activity. */
/**
 * Whether a query failed on a unique constraint (SQLSTATE 23505): another writer got there first. Drizzle
 * wraps the driver's error (node-postgres or PGlite, both with `code`) in its own, as `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const LISTEN_APPLICATION_NAME = 'korrigo-listen';

/** The advisory lock key that serialises migrations across processes (an arbitrary constant of ours). */
const MIGRATION_LOCK = 7_240_019;

/** A dedicated connection for LISTEN (a pooled one would be handed to queries); it comes back after a loss. */
function listenOnPostgres(connectionString: string): {
  listen: Listen;
  sync: SyncNotifications;
  close(): Promise<void>;
} {
  let closed = false;
  const channels = new Set<{
    channel: string;
    onPayload(p: string): void;
    onLost?(): void;
    onReconnect?(): void;
  }>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString, application_name: LISTEN_APPLICATION_NAME });
    next.on('notification', (message) => {
      for (const entry of channels) {
        if (entry.channel === message.channel) entry.onPayload(message.payload ?? '');
      }
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of new Set([...channels].map((entry) => entry.channel))) {
      await next.query(`LISTEN "${channel}"`);
    }
    client = next;
    return next;
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    for (const entry of channels) entry.onLost?.();
    const retry = (delay: number) => {
      if (closed) return;
      setTimeout(() => {
        if (closed) return;
        ensure().then(
          () => {
            for (const entry of channels) entry.onReconnect?.();
          },
          () => retry(Math.min(delay * 2, 30_000)),
        );
      }, delay).unref();
    };
    retry(1000);
  }

  /**
   * A round trip on the listening connection. The committing backend signals the listening one before the
   * writer learns of its commit, and the listening backend sends what it was signalled before it answers a
   * query; pg hands notifications to us while it reads them, before the query's promise resolves.
   */
  async function roundTrip() {
    if (!client) throw new Error('not listening');
    await client.query('SELECT 1');
  }
  // Concurrent callers share round trips: one that is already on its way may have been sent before a
  // caller's commit, so such callers share the next one.
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function sync(): Promise<void> {
    if (closed) return Promise.reject(new Error('listening connection closed'));
    if (!running) {
      running = roundTrip().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return sync();
      });
    return queued;
  }

  return {
    sync,
    async listen(channel, onPayload, connection) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const entry = { channel, onPayload, ...connection };
      const fresh = ![...channels].some((other) => other.channel === channel);
      channels.add(entry);
      const current = await ensure();
      if (fresh && client === current) await current.query(`LISTEN "${channel}"`);
      return async () => {
        channels.delete(entry);
      };
    },
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client the server drops (restart, failover, DROP DATABASE … FORCE in tests) is replaced by the
    // pool; without a listener its error would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    // Processes starting together (ADR 0017) migrate one after the other: the first applies, the rest find
    // nothing to do. The lock is the session's, on one connection held meanwhile.
    const lock = await pool.connect();
    try {
      await lock.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
      await pool.query(repairMigrationJournal);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
      lock.release();
    }
    const listener = listenOnPostgres(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      sql: { executeSql: async (text, values) => pool.query(text, values as unknown[]) },
      listen: listener.listen,
      syncNotifications: listener.sync,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await client.exec(repairMigrationJournal);
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    // PGlite's `query` takes one statement with parameters; `exec` runs several statements without them
    // (pg-boss sends both kinds), and then the last statement's rows are the answer.
    sql: {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    // one embedded session: a notification it sends to itself arrives when its transaction commits, before
    // the writer's own call returns; the session cannot be lost
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    syncNotifications: async () => undefined,
    close: () => client.close(),
  };
}
