import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/env';

/**
 * The database a medium test runs on (ADR 0032): production's PostgreSQL when TEST_DATABASE_URL is set (CI
 * sets it), PGlite otherwise. PGlite, the embedded default of `npm start`, is also what the e2e specs and the
 * benchmarks run on.
 */
export const databaseKinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['postgres']
  : ['pglite'];

/**
 * Both databases, for the tests of what differs between them: the time limits and turns, the job queue and
 * its recovery, notifications across connections, rate-limit stores, health, the bytes an erasure leaves.
 */
export const everyDatabaseKind: Array<'pglite' | 'postgres'> = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by `drop()`: a copy of the migrated
 * template (support/global-setup.ts), or empty with `{ empty: true }` (the app then migrates it itself).
 */
export async function createPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `korrigo_t_${crypto.randomBytes(6).toString('hex')}`;
  const template = options.empty ? null : inject('postgresTemplateDb');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A whole app on a fresh database and a fresh data directory; only the edges are replaced
 * (a local SMTP server via `env.SMTP_URL`, the clock via `now`).
 */
export async function buildTestApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  options: { env?: Record<string, string> } & BuildOptions = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-test-'));
  // PGlite starts on a copy of the migrated template (support/global-setup.ts): seconds less per app
  if (kind === 'pglite')
    fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const { app, context } = await buildApp(config, { logger: false, ...options });
  await app.ready();
  return {
    app,
    context,
    dataDir,
    async close() {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
