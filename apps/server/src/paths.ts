import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder `apps/server`, found the same way from the TypeScript sources (this file is in `src/`) and from
 * the compiled server (`dist/server.mjs`, one bundle: every module's import.meta.url is the bundle's), so the
 * migrations and the built web app are found by both (ADR 0017 §5).
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
