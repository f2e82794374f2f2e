import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db';

declare module 'vitest' {
  // vitest's provide/inject is typed by augmenting its interface, which only an interface can do
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** a PGlite data directory with every migration applied, closed; buildTestApp copies it */
    pgliteTemplateDir: string;
    /** with TEST_DATABASE_URL: a migrated PostgreSQL database that createPostgresDatabase clones */
    postgresTemplateDb: string | null;
  }
}

/**
 * A fresh PGlite spends seconds in initdb and in applying every migration (WebAssembly, on two shared cores),
 * and the server tests start dozens of apps. So the real start-up path runs once here, on an empty directory,
 * and each test app begins on a copy of the result (a plain file copy of a cleanly closed cluster). The app
 * still runs its migrator on the copy, which then finds nothing to do. A broken migration fails here, before
 * any test; analysis-recovery.test.ts still starts apps on empty directories.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'korrigo-pglite-template-'));
  const database = await openDatabase({ dataDir: root });
  await database.close();
  project.provide('pgliteTemplateDir', path.join(root, 'db'));
  const postgresTemplate = await createPostgresTemplate();
  project.provide('postgresTemplateDb', postgresTemplate?.name ?? null);
  return async () => {
    fs.rmSync(root, { recursive: true, force: true });
    await postgresTemplate?.drop();
  };
}

/**
 * The same for PostgreSQL: migrating a new database takes more than half a second, `CREATE DATABASE … TEMPLATE`
 * a tenth of that. The template is closed before any test clones it (PostgreSQL refuses to copy a database
 * that has sessions).
 */
async function createPostgresTemplate() {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const base = new URL(process.env.TEST_DATABASE_URL);
  const name = `korrigo_tpl_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  await database.close();
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
