import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the benchmarks' relative paths are resolved from here). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Where the benchmarks read their public datasets (read-only, never copied into the repo): KORRIGO_DATASETS
 * when set, else `../shared/datasets` next to the repo root. Every benchmark that reads a dataset asks here.
 */
export function datasetsRoot(): string {
  return path.resolve(repoRoot, process.env.KORRIGO_DATASETS ?? '../shared/datasets');
}
