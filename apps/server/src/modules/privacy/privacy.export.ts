import { strToU8, zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import {
  dataExportReadme,
  dataExportValidDays,
  gradedTextOf,
  privacyMessages,
  retentionTimeZone,
} from '@korrigo/domain';
import type { JobDefinition } from '../../platform/jobs';
import { renderPdf } from '../../platform/pdf';
import type { Storage } from '../../platform/storage';
import { paperDocument } from '../class-evaluations/class-evaluations.pdf';
import type { PrivacyRepository } from './privacy.repository';

export const dataExportPayloadSchema = z.object({ exportId: z.uuid() });
export type DataExportPayload = z.infer<typeof dataExportPayloadSchema>;

const DAY = 24 * 60 * 60 * 1000;

/**
 * A name inside the ZIP from a user's file name: no folders, no control characters, no dots in front (a name
 * like `../../x` must stay one entry of its folder), at most 100 characters, and never empty.
 */
export function zipEntryName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^[.\s_]+/, '')
    .trim()
    .slice(-100);
  return cleaned || fallback;
}

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/**
 * The ZIP of one user's data (issue 19 point 1, issue 33 §6): one JSON per kind of record, a LIESMICH that
 * explains every file and field in German, her uploaded files under readable names (each stored file once)
 * and each graded work once as PDF. `progress` is told the share done, 0 to 1.
 */
export async function buildDataExport(
  deps: { repository: PrivacyRepository; storage: Storage },
  userId: string,
  progress: (share: number) => Promise<void>,
): Promise<Uint8Array> {
  const records = await deps.repository.recordsOf(userId);
  const entries: Zippable = {
    'LIESMICH.txt': strToU8(dataExportReadme()),
    'profil.json': json(records.profile),
    'analysen.json': json(records.analyses),
    'chats.json': json(records.chats),
    'benachrichtigungen.json': json(records.notifications),
    'tests.json': json(records.tests),
    'klassensaetze.json': json(records.classSets),
    'schulen-klassen-kurse.json': json(records.schoolsClassesCourses),
    'noten.json': json(records.grades),
    'schuelerausweis.json': json(records.studentIds),
    'unterrichtsplaene.json': json(records.lessonPlans),
    'uebungen.json': json(records.practice),
    'datenexporte.json': json(records.dataExports),
    'lernplattformen.json': json(records.lmsConnections),
  };
  await progress(0.1);

  const files = await deps.repository.filesOf(userId);
  const works = await deps.repository.gradedWorks(userId);
  const steps = Math.max(1, files.length + works.own.length + works.released.length);
  let done = 0;
  const step = async () => {
    done += 1;
    // a few updates are enough for the bar; every one is a write
    if (done % 5 === 0 || done === steps) await progress(0.1 + (0.85 * done) / steps);
  };

  const taken = new Set<string>();
  const unique = (folder: string, name: string) => {
    let path = `${folder}/${name}`;
    for (let n = 2; taken.has(path); n += 1) path = `${folder}/${n}-${name}`;
    taken.add(path);
    return path;
  };
  for (const file of files) {
    const data = await deps.storage.get(file.storageKey);
    // a file already gone (a deleted upload) leaves nothing to copy
    if (data) entries[unique(file.folder, zipEntryName(file.originalName, 'datei'))] = data;
    await step();
  }

  for (const analysis of works.own) {
    const body = await renderPdf(
      paperDocument(
        {
          testName: analysis.title,
          courseName: analysis.courseName ?? '',
          date: analysis.completedAt ?? analysis.createdAt,
        },
        { studentName: analysis.studentName, grade: analysis.grade },
        analysis.result!,
        gradedTextOf(analysis),
      ),
    );
    const name = zipEntryName(`${analysis.title || 'Analyse'}-${analysis.id.slice(0, 8)}.pdf`, 'analyse.pdf');
    entries[unique('bewertungen', name)] = body;
    await step();
  }
  for (const { analysis, record } of works.released) {
    const body = await renderPdf(
      paperDocument(
        { testName: record.title, courseName: record.courseName, date: record.createdAt },
        { studentName: analysis.studentName, grade: record.grade },
        analysis.result!,
        gradedTextOf(analysis),
      ),
    );
    const name = zipEntryName(`${record.title || 'Note'}-${record.id.slice(0, 8)}.pdf`, 'note.pdf');
    entries[unique('bewertungen', name)] = body;
    await step();
  }
  return zipSync(entries, { level: 6 });
}

/**
 * Deletes the exports past their day with their files (ADR 0015). Run by every export job and every night by
 * `data-export-sweep`, so an export is gone on its day even when no other export follows. Idempotent.
 */
export async function sweepExpiredExports(
  deps: { repository: PrivacyRepository; storage: Storage },
  now: Date,
): Promise<number> {
  const expired = await deps.repository.expiredExports(now);
  for (const row of expired) if (row.storageKey) await deps.storage.delete(row.storageKey);
  await deps.repository.deleteExports(expired.map((row) => row.id));
  return expired.length;
}

/**
 * The `data-export` job: builds the ZIP, stores it under `exports/<userId>` and marks the export done with
 * its size and expiry. Idempotent: an export that is no longer queued or running (done, failed, or gone with
 * its account) is left alone, and a retry builds the file again from the start.
 */
export function createDataExportJob(deps: {
  repository: PrivacyRepository;
  storage: Storage;
  now?: () => Date;
}): JobDefinition<DataExportPayload> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'data-export',
    version: 1,
    schema: dataExportPayloadSchema,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    async handle({ exportId }) {
      await sweepExpiredExports(deps, now());
      const row = await deps.repository.exportById(exportId);
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
      await deps.repository.setExport(exportId, { status: 'running', progress: 0 });
      const zip = await buildDataExport(deps, row.userId, (share) =>
        deps.repository.setExport(exportId, { progress: Math.min(99, Math.round(share * 100)) }),
      );
      const key = await deps.storage.put(`exports/${row.userId}`, zip);
      const finishedAt = now();
      await deps.repository.setExport(exportId, {
        status: 'done',
        progress: 100,
        storageKey: key,
        sizeBytes: zip.byteLength,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + dataExportValidDays * DAY),
      });
      // erased while the file was written: nothing of hers may stay behind
      if (!(await deps.repository.exportById(exportId))) await deps.storage.delete(key);
    },
    async onDead({ exportId }) {
      await deps.repository.setExport(exportId, {
        status: 'failed',
        errorMessage: privacyMessages.exportFailed,
        finishedAt: now(),
      });
    },
  };
}

/** `data-export-sweep`: every night at 04:00 Berlin time, in whichever process works jobs. */
export function createExportSweepJob(deps: {
  repository: PrivacyRepository;
  storage: Storage;
  now?: () => Date;
}): JobDefinition<Record<string, never>> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'data-export-sweep',
    version: 1,
    schema: z.object({}).strict() as z.ZodType<Record<string, never>>,
    retryLimit: 3,
    retryDelaySeconds: 15 * 60,
    expireInSeconds: 15 * 60,
    schedule: { cron: '0 4 * * *', timeZone: retentionTimeZone, payload: {} },
    async handle() {
      await sweepExpiredExports(deps, now());
    },
  };
}
