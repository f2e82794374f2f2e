import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db';

declare module 'vitest' {
  // vitest's provide/inject is typed by augmenting its interface, which only an interface can do
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** a PGlite data directory with every migration applied, closed; buildTestApp copies it */
    pgliteTemplateDir: string;
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
  return () => fs.rmSync(root, { recursive: true, force: true });
}
