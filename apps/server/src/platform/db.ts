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

/**
 * How long the database may keep a request waiting (issue 31 point 2), so that a deadlock or a hang becomes
 * an error the request answers (a German 503: `isDatabaseUnavailable`) and the connection is free again,
 * instead of every later request waiting behind it.
 */
export type DatabaseTimeLimits = {
  /** waiting for a connection: PGlite's one (a turn), or one of PostgreSQL's pool */
  waitMs: number;
  /** PGlite: a transaction from BEGIN to its end; PostgreSQL: a transaction idle between its statements */
  transactionMs: number;
  /** PostgreSQL: one statement, waiting for locks included (PGlite cannot stop a statement it runs) */
  statementMs: number;
};

export const defaultTimeLimits: DatabaseTimeLimits = {
  waitMs: 15_000,
  // far longer than any transaction of ours should take; npm start's health check gives a server longer than
  // this before it restarts it (scripts/start.mjs)
  transactionMs: 30_000,
  statementMs: 30_000,
};

/** The database did not answer in time (a time limit of `DatabaseTimeLimits`). */
export class DatabaseTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseTimeoutError';
  }
}

/** SQLSTATEs of a database that did not answer in time or went away: the request may be tried again. */
const unavailableCodes = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
]);
/** What node-postgres says, without a code, of a connection the server ended or the pool could not give. */
const unavailableMessages =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/;

/**
 * Whether an error means that the database did not answer in time or was not there (answered 503, not 500).
 * Drizzle wraps the driver's error as `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    if (e instanceof DatabaseTimeoutError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (unavailableMessages.test(e.message)) return true;
    e = e.cause;
  }
  return false;
}

/**
 * PGlite is one connection. Everything runs on it here in turns, first come first served, within the time
 * limits: a turn not given within `waitMs` is given up (its statement never runs later), and a transaction
 * that holds the connection longer than `transactionMs` is rolled back and the connection handed on; its
 * callback, should it go on, finds the transaction closed. PGlite's own `transaction()` would hold the
 * connection until its callback returns, however long that takes (issue 31: for good).
 */
function pgliteInTurns(client: PGlite, limits: DatabaseTimeLimits) {
  const waiting: Array<() => void> = [];
  let busy = false;

  /** Waits for the connection; resolves with the function that hands it on (once). */
  function turn(): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else busy = false;
      };
      if (!busy) {
        busy = true;
        resolve(release);
        return;
      }
      const start = () => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(new DatabaseTimeoutError(`no turn on the database within ${limits.waitMs} ms`));
      }, limits.waitMs);
      waiting.push(start);
    });
  }

  async function inTurn<T>(run: () => Promise<T>): Promise<T> {
    const release = await turn();
    try {
      return await run();
    } finally {
      release();
    }
  }

  type Transaction = Pick<PGlite, 'query' | 'exec'>;

  async function transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const release = await turn();
    let open = true;
    const stillOpen = () => {
      if (!open) throw new DatabaseTimeoutError('the transaction has ended (its time ran out)');
    };
    const tx: Transaction = {
      query: ((...args: Parameters<PGlite['query']>) => {
        stillOpen();
        return client.query(...args);
      }) as PGlite['query'],
      exec: (...args) => {
        stillOpen();
        return client.exec(...args);
      },
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      await client.exec('BEGIN');
      // a callback that throws at once is a failed transaction too (and is rolled back below)
      const running = Promise.resolve().then(() => work(tx));
      const outcome = await Promise.race([
        running.then(
          (value) => ({ done: true as const, value }),
          (error: unknown) => ({ done: false as const, error }),
        ),
        new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), limits.transactionMs);
        }),
      ]);
      open = false;
      if (outcome === 'late') {
        // whatever the callback still does fails on the closed transaction; nobody waits for it
        running.catch(() => undefined);
        await client.exec('ROLLBACK');
        throw new DatabaseTimeoutError(`transaction held the database past ${limits.transactionMs} ms`);
      }
      if (!outcome.done) {
        await client.exec('ROLLBACK');
        throw outcome.error;
      }
      // a statement that failed inside (and was caught there) aborted the transaction: COMMIT rolls back
      const [result] = await client.exec('COMMIT');
      if (result?.command === 'ROLLBACK') throw new Error('transaction aborted: COMMIT rolled back');
      return outcome.value;
    } finally {
      clearTimeout(timer);
      release();
    }
  }

  // What drizzle and pg-boss call on a PGlite client; LISTEN too, which must not land inside a transaction.
  const inTurns = {
    query: ((...args: Parameters<PGlite['query']>) => inTurn(() => client.query(...args))) as PGlite['query'],
    exec: (...args: Parameters<PGlite['exec']>) => inTurn(() => client.exec(...args)),
    transaction,
    listen: (channel: string, onPayload: (payload: string) => void) =>
      inTurn(() => client.listen(channel, onPayload)),
    unlisten: (unlisten: () => Promise<void>) => inTurn(unlisten),
  };
  return inTurns;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  sql: SqlExecutor;
  listen: Listen;
  syncNotifications: SyncNotifications;
  /**
   * Runs maintenance statements (VACUUM, which no transaction may hold) one after the other, outside any
   * transaction and without the statement time limit; on PostgreSQL on a connection of its own that waits at
   * most 5 s for a table's lock, so a rewrite never queues the app's readers behind a long wait.
   */
  maintain(statements: string[]): Promise<void>;
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
  /** shorter limits in tests; the defaults otherwise */
  timeLimits?: Partial<DatabaseTimeLimits>;
}): Promise<DatabaseHandle> {
  const limits = { ...defaultTimeLimits, ...options.timeLimits };
  if (options.databaseUrl) {
    // Migrations run on connections of their own, without the time limits: one may take its time.
    const migrating = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    migrating.on('error', () => undefined);
    try {
      // Processes starting together (ADR 0017) migrate one after the other: the first applies, the rest find
      // nothing to do. The lock is the session's, on one connection held meanwhile.
      const lock = await migrating.connect();
      try {
        await lock.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
        await migrating.query(repairMigrationJournal);
        await migratePg(drizzlePg(migrating, { schema }), { migrationsFolder });
      } finally {
        await lock.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
        lock.release();
      }
    } finally {
      await migrating.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: limits.waitMs,
      statement_timeout: limits.statementMs,
      idle_in_transaction_session_timeout: limits.transactionMs,
    });
    // An idle client the server drops (restart, failover, DROP DATABASE … FORCE in tests) is replaced by the
    // pool; without a listener its error would crash the process.
    pool.on('error', () => undefined);
    // So is one the server ends while it is lent out (idle in a transaction past its limit): the query that
    // uses it next fails (answered 503), the pool does not take it back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    const listener = listenOnPostgres(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      sql: { executeSql: async (text, values) => pool.query(text, values as unknown[]) },
      listen: listener.listen,
      syncNotifications: listener.sync,
      maintain: async (statements) => {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query(`SET lock_timeout = '5s'`);
          for (const statement of statements) await client.query(statement);
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }

  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  // migrations before anything else runs, and without the time limits: one may take its time
  await client.exec(repairMigrationJournal);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const inTurns = pgliteInTurns(client, limits);
  const db = drizzlePglite({ client: inTurns as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite's `query` takes one statement with parameters; `exec` runs several statements without them
    // (pg-boss sends both kinds), and then the last statement's rows are the answer.
    sql: {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return inTurns.query(text, values);
        const results = await inTurns.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    // one embedded session: a notification it sends to itself arrives when its transaction commits, before
    // the writer's own call returns; the session cannot be lost
    listen: async (channel, onPayload) => {
      const unlisten = await inTurns.listen(channel, onPayload);
      return () => inTurns.unlisten(unlisten);
    },
    syncNotifications: async () => undefined,
    // in turns with everything else on the one connection, each statement on its own (no transaction)
    maintain: async (statements) => {
      for (const statement of statements) await inTurns.exec(statement);
    },
    close: () => client.close(),
  };
}
