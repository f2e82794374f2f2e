import { z } from 'zod';
import {
  accountDeletionPhrase,
  berlinDay,
  isDemoEmail,
  privacyMessages,
  type AccountDeletionInfo,
  type AccountDeletionRequest,
  type DataExport,
} from '@korrigo/domain';
import { AppError } from '../../platform/errors';
import { hasNoMailbox } from '../../platform/school-sign-in';
import type { Jobs, JobDefinition } from '../../platform/jobs';
import { transactionExecutor } from '../../platform/jobs';
import type { SignedIn } from '../../platform/session';
import type { SessionCache } from '../../platform/session-cache';
import type { Storage } from '../../platform/storage';
import { sweepExpiredExports, type DataExportPayload } from './privacy.export';
import type { DataExportRow, PrivacyRepository } from './privacy.repository';

const uuid = z.uuid();

const exportNotFound = () => new AppError('not_found', privacyMessages.exportNotFound, { status: 404 });

type Log = { warn(obj: object, msg?: string): void };

export function createPrivacyService(deps: {
  repository: PrivacyRepository;
  storage: Storage;
  jobs: Pick<Jobs, 'send' | 'nudge'>;
  exportJob: JobDefinition<DataExportPayload>;
  reclaimJob: JobDefinition<Record<string, never>>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  sessions: Pick<SessionCache<SignedIn>, 'forgetUser'>;
  log: Log;
  /** runs after the password check, before anything is deleted: a running subscription is ended (billing) */
  beforeErase?: (userId: string) => Promise<void>;
  now?: () => Date;
}) {
  const { repository, storage } = deps;
  const now = deps.now ?? (() => new Date());

  function toExport(row: DataExportRow): DataExport {
    const available = row.status === 'done' && row.storageKey && row.expiresAt && row.expiresAt > now();
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      sizeBytes: row.sizeBytes,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      downloadUrl: available ? `/api/privacy/exports/${row.id}/download` : null,
      errorMessage: row.errorMessage,
    };
  }

  async function ownExport(userId: string, id: string) {
    const row = uuid.safeParse(id).success ? await repository.findExport(userId, id) : undefined;
    if (!row) throw exportNotFound();
    return row;
  }

  /** Deletes every file under the user's prefixes that no remaining row refers to. */
  async function deleteFiles(keys: string[], prefixes: string[]) {
    const listed = (await Promise.all(prefixes.map((prefix) => storage.list(prefix)))).flat();
    const candidates = [...new Set([...keys, ...listed])];
    const kept = await repository.stillReferenced(candidates);
    for (const key of candidates) {
      if (kept.has(key)) continue;
      try {
        await storage.delete(key);
      } catch (error) {
        // the rows are gone already; the sweep of what nothing refers to finds a file left here
        deps.log.warn({ err: error, key }, 'erasure: a stored file could not be deleted');
      }
    }
  }

  return {
    /** Starts an export job; one at a time per user (409 while one is queued or running). */
    async startExport(userId: string): Promise<DataExport> {
      const row = await repository.transaction(async (tx) => {
        const created = await repository.createExport(tx, userId, now());
        if (!created) {
          throw new AppError('conflict', privacyMessages.exportRunningConflict, { status: 409 });
        }
        await deps.jobs.send(deps.exportJob, { exportId: created.id }, transactionExecutor(tx));
        return created;
      });
      deps.jobs.nudge(deps.exportJob.name);
      return toExport(row);
    },

    async latestExport(userId: string): Promise<DataExport | null> {
      const row = await repository.latestExport(userId);
      return row ? toExport(row) : null;
    },

    async getExport(userId: string, id: string): Promise<DataExport> {
      return toExport(await ownExport(userId, id));
    },

    async download(userId: string, id: string) {
      const row = await ownExport(userId, id);
      if (!toExport(row).downloadUrl) throw exportNotFound();
      const body = await storage.get(row.storageKey!);
      if (!body) throw exportNotFound();
      return { body, fileName: `korrigo-daten-${berlinDay(row.createdAt)}.zip` };
    },

    /** Deletes expired exports with their files (also run by every export job). */
    sweepExpired: () => sweepExpiredExports({ repository, storage }, now()),

    async deletionInfo(userId: string): Promise<AccountDeletionInfo> {
      const found = await repository.findUser(userId);
      if (!found) throw new AppError('unauthenticated', privacyMessages.passwordWrong, { status: 401 });
      return {
        confirmWith: (await repository.passwordHash(userId))
          ? 'password'
          : hasNoMailbox(found.email)
            ? 'phrase'
            : 'email',
        email: found.email,
        demo: isDemoEmail(found.email),
      };
    },

    /**
     * Erases the account (issue 19 point 1, GDPR Art. 17; ADR 0015): checks the password (or, without one,
     * the typed e-mail address), refuses demo accounts, deletes the rows in one transaction, then the files
     * they referred to and anything left under her prefixes with their folders, forgets her sessions in this
     * process, and queues the reclaim of the deleted rows' space (`erasure-reclaim`).
     */
    async eraseAccount(userId: string, request: AccountDeletionRequest) {
      const found = await repository.findUser(userId);
      if (!found) throw new AppError('unauthenticated', privacyMessages.passwordWrong, { status: 401 });
      // demo accounts (seeded and temporary) are shared by many: they are never erased by a request
      if (isDemoEmail(found.email)) {
        throw new AppError('forbidden', privacyMessages.demoRefused, { status: 403 });
      }
      const hash = await repository.passwordHash(userId);
      if (hash) {
        if (!request.password) {
          const message = privacyMessages.passwordRequired;
          throw new AppError('validation', message, { fields: { password: message } });
        }
        if (!(await deps.verifyPassword(hash, request.password))) {
          const message = privacyMessages.passwordWrong;
          throw new AppError('wrong-password', message, { status: 403, fields: { password: message } });
        }
      } else if (hasNoMailbox(found.email)) {
        // a made-up address nobody knows by heart: the word „LÖSCHEN“ confirms instead
        if ((request.phrase ?? '').trim().toLocaleUpperCase('de-DE') !== accountDeletionPhrase) {
          const message = privacyMessages.phraseMismatch;
          throw new AppError('validation', message, { fields: { phrase: message } });
        }
      } else if ((request.email ?? '').trim().toLowerCase() !== found.email.toLowerCase()) {
        const message = privacyMessages.emailMismatch;
        throw new AppError('validation', message, { fields: { email: message } });
      }

      await deps.beforeErase?.(userId);
      // the reclaim job exists exactly when the erasure commits (ADR 0002)
      const { keys, courses } = await repository.erase(userId, berlinDay(now()), async (tx) => {
        await deps.jobs.send(deps.reclaimJob, {}, transactionExecutor(tx));
      });
      deps.sessions.forgetUser(userId);
      deps.jobs.nudge(deps.reclaimJob.name);
      const prefixes = [
        `uploads/${userId}`,
        `profile-images/${userId}`,
        `student-ids/${userId}`,
        `exports/${userId}`,
        ...courses.map((courseId) => `course-materials/${courseId}`),
      ];
      await deleteFiles(keys, prefixes);
      // her folders go with their files; one still holding a file someone else refers to stays
      for (const prefix of prefixes) {
        await storage.removeEmptyFolders(prefix).catch((error: unknown) => {
          deps.log.warn({ err: error, prefix }, 'erasure: an empty folder could not be removed');
        });
      }
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
