import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from '../db/schema';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * One schema, one dialect, two drivers (ARCHITECTURE.md §3): PGlite embedded under DATA_DIR by default,
 * PostgreSQL through `pg` when DATABASE_URL is set. Both expose the same drizzle API; the type is the
 * node-postgres one because the query builder is identical.
 */
export type Database = NodePgDatabase<typeof schema>;

/** What pg-boss needs to run on either driver: `executeSql(text, values)` returning `{ rows }`. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  sql: SqlExecutor;
  close(): Promise<void>;
};

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
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      sql: { executeSql: async (text, values) => pool.query(text, values as unknown[]) },
      close: () => pool.end(),
    };
  }

  const dir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
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
    close: () => client.close(),
  };
}
