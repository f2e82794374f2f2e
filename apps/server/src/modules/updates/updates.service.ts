import crypto from 'node:crypto';
import {
  isWellFormedReleaseKey,
  releaseInputSchema,
  releaseMessages,
  type Release,
  type ReleaseInput,
  type ReleaseList,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { builtInReleases } from './built-in-releases';
import type { ReleaseRow, UpdatesRepository } from './updates.repository';

function toRelease(row: ReleaseRow): Release {
  return {
    id: row.id,
    category: row.category,
    version: row.version,
    title: row.title,
    label: row.label,
    date: row.date,
    model: row.model,
    upcoming: row.upcoming,
    featureGroups: row.featureGroups,
  };
}

function sameKey(given: string, expected: string): boolean {
  // Hash both so the comparison takes the same time whatever the lengths are.
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Compares dotted versions numerically, newest first. */
function compareVersionsDesc(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pb[i] ?? 0) - (pa[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function createUpdatesService(deps: {
  repository: UpdatesRepository;
  /** RELEASES_API_KEY; without it nobody can publish */
  apiKey: string | undefined;
}) {
  return {
    /** The built-in releases plus the published ones, newest version first; a published one replaces a built-in one. */
    async list(): Promise<ReleaseList> {
      const published = (await deps.repository.list()).map(toRelease);
      const byKey = new Map<string, Release>();
      for (const release of [...builtInReleases, ...published]) {
        byKey.set(`${release.category}:${release.version}`, release);
      }
      const all = [...byKey.values()].sort((a, b) => compareVersionsDesc(a.version, b.version));
      return {
        ai: all.filter((r) => r.category === 'ai'),
        website: all.filter((r) => r.category === 'website'),
      };
    },

    /**
     * spec 000 §9: the key must start with sk- and have at least 10 characters after it before it is even
     * compared; then it must equal the configured RELEASES_API_KEY.
     */
    checkKey(key: string | undefined) {
      if (!key) throw new AppError('unauthenticated', releaseMessages.keyMissing);
      if (!isWellFormedReleaseKey(key)) throw new AppError('unauthenticated', releaseMessages.keyInvalid);
      if (!deps.apiKey) throw new AppError('unavailable', releaseMessages.publishingDisabled);
      if (!sameKey(key, deps.apiKey)) throw new AppError('unauthenticated', releaseMessages.keyInvalid);
    },

    async publish(key: string | undefined, input: ReleaseInput): Promise<Release> {
      this.checkKey(key);
      const data = releaseInputSchema.parse(input);
      const row = await deps.repository.insert(data);
      if (!row) throw new AppError('conflict', releaseMessages.duplicate);
      return toRelease(row);
    },
  };
}

export type UpdatesService = ReturnType<typeof createUpdatesService>;
