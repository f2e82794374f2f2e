import type { AddressInfo } from 'node:net';
import { builtinProvider, warmUpExtraction, warmUpGrading, warmUpLanguageCheck } from '@korrigo/grading';
import { buildApp } from './app';
import { loadConfigOrExit } from './env';
import { gradingProviderFromConfig } from './modules/analysis/analysis.module';
import { demoAccounts, seedDemoAccounts } from './modules/demo/demo-accounts';
import { createDemoRepository } from './modules/demo/demo.repository';
import { reachableAddresses } from './platform/origins';
import { openStorageOrExit } from './platform/storage';

const config = loadConfigOrExit();
const storage = await openStorageOrExit(config);
const { app, context } = await buildApp(config, { jobs: { work: config.RUN_JOBS }, storage });

// the demo teacher's class set is returned to the demo student once the queue has graded it
const demoRelease = new AbortController();
app.addHook('onClose', () => demoRelease.abort());
if (config.SEED_DEMO) {
  const { teacherId } = await seedDemoAccounts({
    auth: context.auth,
    profiles: context.services.profiles,
    repository: createDemoRepository(context.database.db),
    content: context.services.demoContent,
  });
  if (teacherId) {
    context.services.demoContent
      .releaseWhenGraded(teacherId, { signal: demoRelease.signal })
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo class set not returned'));
  }
}

/**
 * SIGTERM ends the process within this time, even while a request hangs (issue 31): `app.close()` waits for
 * open requests, and a process that stays "shutting down" is alive to its supervisor, never started again.
 */
const SHUTDOWN_DEADLINE_MS = 8000;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ signal }, `requests still open after ${SHUTDOWN_DEADLINE_MS} ms: ending anyway`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const { port } = app.server.address() as AddressInfo;

const lines = [
  '',
  '  Korrigo läuft auf',
  ...reachableAddresses({ publicUrl: config.PUBLIC_URL, host: config.HOST, port }).map((a) => `    ${a}`),
  ...(config.PUBLIC_URL
    ? []
    : [
        '  (Unter einem anderen Namen, etwa dem DNS-Namen des Servers: PUBLIC_URL setzen, damit Links in',
        '  E-Mails dorthin führen.)',
      ]),
  `  Datenbank: ${context.database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}/db` : 'PostgreSQL'}`,
  `  Dateien: ${config.S3_BUCKET ? `Bucket ${config.S3_BUCKET} unter ${config.S3_ENDPOINT}` : `${config.DATA_DIR}/files`}`,
  ...(config.SEED_DEMO
    ? [
        '',
        '  Demo-Zugänge:',
        ...demoAccounts.map(
          (d) =>
            `    ${(d.fields.accountType === 'teacher' ? 'Lehrkraft' : 'Schüler').padEnd(9)}  ${d.email}  /  ${d.password}`,
        ),
      ]
    : []),
  '',
];
console.log(lines.join('\n'));

// Loading the spelling dictionaries takes seconds; do it now rather than in the first teacher's analysis.
const warmUpStart = Date.now();
warmUpLanguageCheck().then(
  () => app.log.info({ ms: Date.now() - warmUpStart }, 'grading engine ready'),
  (error: unknown) =>
    app.log.warn({ err: error }, 'grading engine warm-up failed; the first analysis loads it'),
);
// Likewise the extraction worker threads and the OCR workers: starting them and running OCR once costs a
// few CPU seconds that would otherwise fall on the first upload.
warmUpExtraction().then(
  () => app.log.info({ ms: Date.now() - warmUpStart }, 'text recognition ready'),
  (error: unknown) => app.log.warn({ err: error }, 'extraction warm-up failed; the first upload starts it'),
);
// And the grading threads, where this process grades with the builtin engine (ADR 0021): each loads the
// engine and its dictionaries and grades a sample paper.
if (config.RUN_JOBS && gradingProviderFromConfig(config) === builtinProvider) {
  warmUpGrading().then(
    () => app.log.info({ ms: Date.now() - warmUpStart }, 'grading threads ready'),
    (error: unknown) => app.log.warn({ err: error }, 'grading warm-up failed; the first paper starts it'),
  );
}
