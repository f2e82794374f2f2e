import crypto from 'node:crypto';
import { z } from 'zod';
import {
  analysisMessages,
  gradedTextOf,
  gradingScaleIdOf,
  needsTranscriptionCheck,
  planHasFeature,
  testToText,
  type AnalysisResult,
  type PlanFeature,
  type UncertainLine,
} from '@korrigo/domain';
import {
  ExtractionError,
  ExtractionWorkerCrashedError,
  GradingWorkerCrashedError,
  mathsDoubts,
  type AnswerKey,
  type ExtractionResult,
  type ExtractLimits,
  type GradeInput,
  type GradeOptions,
  type GradingProvider,
  type InputFile,
} from '@korrigo/grading';
import type { StoredExtractionPage } from '../../db/schema';
import type { Executor } from '../../platform/db';
import type { JobDefinition, JobRun } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { CreditsRepository } from '../credits/credits.repository';
import type { GradeRecords } from '../grades/grades.records';
import type { NotificationsService } from '../notifications/notifications.service';
import { featureRefusal, isEssay, type Plans } from '../plans/plans.service';
import type { AnalysisRepository, AnalysisRow } from './analysis.repository';

type Log = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export const gradeAnalysisPayloadSchema = z.object({ analysisId: z.uuid() });
export type GradeAnalysisPayload = z.infer<typeof gradeAnalysisPayloadSchema>;

/** OCR words below this confidence are shown highlighted in the transcription check. */
const LOW_WORD_CONFIDENCE = 60;

/** A failure that no retry can fix (an unreadable file, nothing to grade): fail at once with its message. */
class PermanentFailure extends Error {}

/**
 * What the transcription check marks on a page: the words read with low confidence, and the calculation lines
 * whose digits or operators are uncertain (issue 34 §2; OCR pages only, typed text is the pupil's own).
 */
export function doubtsOfPage(
  page: ExtractionResult['pages'][number],
): Pick<StoredExtractionPage, 'lowConfidenceWords'> & { uncertainLines: UncertainLine[] } {
  return {
    lowConfidenceWords: page.words
      .filter((word) => word.confidence < LOW_WORD_CONFIDENCE)
      .map((word) => ({ text: word.text, confidence: Math.round(word.confidence) })),
    uncertainLines:
      page.source === 'ocr'
        ? mathsDoubts(page.text, page.words).map((doubt) => ({
            text: doubt.line,
            tokens: doubt.tokens,
            note: doubt.note,
          }))
        : [],
  };
}

/** The pages as the transcription check shows them: the job's and `POST /api/extract-text`'s one shape. */
export function pagesForReview(
  extraction: ExtractionResult,
): (StoredExtractionPage & { uncertainLines: UncertainLine[] })[] {
  return extraction.pages.map((page) => ({
    fileIndex: page.fileIndex,
    pageIndex: page.pageIndex,
    text: page.text,
    source: page.source,
    confidence: page.confidence,
    ...doubtsOfPage(page),
  }));
}

/** Text extraction of uploads: the ExtractionPool's worker threads in the server (analysis.module.ts). */
export type Extract = (
  files: InputFile[],
  limits?: ExtractLimits & { timeoutMs?: number },
) => Promise<ExtractionResult>;

/**
 * Grading of the work: the builtin engine in the GradingPool's worker threads, an LLM provider in this thread
 * (it waits on the network); analysis.module.ts chooses (ADR 0021).
 */
export type Grade = (input: GradeInput, options: GradeOptions) => Promise<AnalysisResult>;

/**
 * The key and options an analysis is graded with, as its row stores them: the job's and the review's when the
 * teacher places an answer (the engine grades again on the same terms).
 */
export function gradeRequestOf(
  row: AnalysisRow,
  hasStudentWork: boolean,
  audience: GradeOptions['audience'],
): { answerKey: AnswerKey | undefined; gradeOptions: GradeOptions } {
  const options = row.options;
  const answerKey: AnswerKey | undefined = !hasStudentWork
    ? undefined
    : row.answerKey
      ? { kind: 'test', test: row.answerKey }
      : row.answerKeyText
        ? { kind: 'text', text: row.answerKeyText }
        : undefined;
  const gradeOptions: GradeOptions = {
    subject: options.subject,
    gradeLevel: options.gradeLevel,
    depth: options.depth,
    feedback: options.feedback as GradeOptions['feedback'],
    ...(options.model ? { model: options.model } : {}),
    temperature: options.temperature,
    customInstructions: options.customInstructions,
    ...(options.gradingScale ? { gradingScale: gradingScaleIdOf(options.gradingScale) } : {}),
    date: row.createdAt.toISOString().slice(0, 10),
    audience,
  };
  return { answerKey, gradeOptions };
}

/** A course-linked paper's class for the engine (`GradeInput.className`): the course knows it (issue 34 §8). */
export async function courseClassOf(
  repository: Pick<AnalysisRepository, 'className'>,
  row: Pick<AnalysisRow, 'classId'>,
): Promise<{ className?: string }> {
  const className = row.classId ? await repository.className(row.classId) : undefined;
  return className ? { className } : {};
}

export type GradeAnalysisDeps = {
  repository: AnalysisRepository;
  extract: Extract;
  grade: Grade;
  credits: CreditsRepository;
  /** the `analysis_complete` notification is created in the result's transaction */
  notifications: Pick<NotificationsService, 'create'>;
  storage: Storage;
  /** what the audit row records of the engine (`describe`); the grading itself is `grade` */
  provider: GradingProvider;
  log: Log;
  now?: () => Date;
  /** for tests: runs just before the result is stored */
  beforeStore?: (analysisId: string) => Promise<void>;
  /**
   * A module built on analyses (a class set's papers, ADR 0012) announces its own: called in the transaction
   * that stores a result, a failure or a wait for the transcription check; `true` when the analysis is one of
   * its papers, and then the analysis's own notification is not sent (28 papers would be 28 notifications).
   */
  announce?: (tx: Executor, analysisId: string, what: AnalysisAnnouncement) => Promise<boolean>;
  /** a student's own result becomes her self-check grade record, in the transaction that stores it (issue 17) */
  grades?: Pick<GradeRecords, 'selfCheck'>;
  /** what the owner's plan allows: text recognition of scans, essays (issue 20) */
  plans: Pick<Plans, 'planOf'>;
};

export type AnalysisAnnouncement = 'graded' | 'failed' | 'needs_transcription';

/**
 * The `grade-analysis` job (ARCHITECTURE.md §2 step 3). With files it reads them first and may stop at
 * `needs_transcription` (ADR 0009); the teacher's text queues it again. Idempotent: it acts only on an
 * analysis still `processing`, and result, audit row, charge confirmation and notification are written in
 * one transaction guarded by that status, so a retry after a crash at any point yields one result and one
 * charge.
 */
export function createGradeAnalysisJob(deps: GradeAnalysisDeps): JobDefinition<GradeAnalysisPayload> {
  const now = deps.now ?? (() => new Date());
  const { repository, credits } = deps;

  /** A feature outside the owner's plan fails the analysis with the German refusal; the credit comes back. */
  async function requireFeature(userId: string, feature: PlanFeature) {
    const { plan, accountType } = await deps.plans.planOf(userId);
    if (!planHasFeature(plan, feature))
      throw new PermanentFailure(featureRefusal(feature, accountType).message);
  }

  async function fail(analysisId: string, message: string) {
    await repository.transaction(async (tx) => {
      const row = await repository.markFailed(tx, analysisId, message, now());
      if (!row) return;
      await credits.refund(tx, analysisId, now());
      await deps.announce?.(tx, analysisId, 'failed');
    });
  }

  /**
   * A worker that died reading these files may die again on them: one retry (the files may have met a
   * worker already short of memory), then the analysis fails with the German reason.
   */
  async function extract(inputs: InputFile[], attempt: JobRun, userId: string): Promise<ExtractionResult> {
    // a PDF without a text layer is only known to be a scan once read: without OCR in the plan the reading
    // stops at its first such page, before anything is recognised (photos were refused at upload)
    const { plan, accountType } = await deps.plans.planOf(userId);
    try {
      return await deps.extract(inputs, { ocr: planHasFeature(plan, 'ocr') });
    } catch (error) {
      if (error instanceof ExtractionError && error.code === 'needs_ocr') {
        throw new PermanentFailure(featureRefusal('ocr', accountType).message);
      }
      if (error instanceof ExtractionWorkerCrashedError && attempt.retryCount >= 1) {
        deps.log.error({ err: error, files: error.fileNames }, 'extraction worker died again: giving up');
        throw new PermanentFailure(error.message);
      }
      if (error instanceof ExtractionWorkerCrashedError) throw error;
      if (error instanceof ExtractionError) throw new PermanentFailure(error.message);
      throw error;
    }
  }

  /**
   * Text read from pixels waits for the teacher (ADR 0009): the analysis moves to `needs_transcription` with
   * the text and pages, and this run ends without grading. The credit stays reserved; her corrected text
   * (`PATCH …/transcription`) queues this job again. A run that finds it moved already does nothing.
   */
  async function waitForTranscription(row: AnalysisRow, extraction: ExtractionResult) {
    await repository.transaction(async (tx) => {
      const waiting = await repository.awaitTranscription(
        tx,
        row.id,
        extraction.text,
        pagesForReview(extraction),
        now(),
      );
      if (!waiting) return;
      if (await deps.announce?.(tx, row.id, 'needs_transcription')) return;
      await deps.notifications.create(
        tx,
        waiting.userId,
        {
          type: 'info',
          priority: 'normal',
          title: analysisMessages.transcriptionTitle,
          message: analysisMessages.transcriptionMessage(waiting.title),
          metadata: {
            analysisId: row.id,
            title: waiting.title,
            studentName: waiting.studentName,
            category: 'analysis',
            relativeLink: `/dashboard/analyse?analysis=${row.id}`,
          },
        },
        { dedupeKey: `transcription:${row.id}`, createdAt: now() },
      );
    });
  }

  /** The work to grade, or null when it waits for the teacher's look at the transcription. */
  async function studentWork(
    row: AnalysisRow,
    attempt: JobRun,
  ): Promise<{ text: string; fromFiles: boolean; extraction?: ExtractionResult } | null> {
    const files = await repository.listFiles(row.id);
    if (files.length === 0) {
      if (row.inputText.trim()) return { text: row.inputText, fromFiles: false };
      if (row.answerKey) return { text: testToText(row.answerKey), fromFiles: false };
      throw new PermanentFailure(analysisMessages.emptyInput);
    }
    // the teacher checked what was read, or the text was read already (a paper cut from a class set's stack,
    // ADR 0012 §3): it is graded as it is, without reading the files again
    if (row.transcriptionCheckedAt || row.extractedText !== null) {
      const text = gradedTextOf({ inputText: row.inputText, extractedText: row.extractedText ?? '' });
      if (!text) throw new PermanentFailure(analysisMessages.nothingToGrade);
      return { text, fromFiles: true };
    }
    const inputs = await Promise.all(
      files.map(async (file) => {
        const data = await deps.storage.get(file.storageKey);
        if (!data) throw new PermanentFailure(analysisMessages.gradingFailed);
        return { name: file.originalName, mimeType: file.mimeType, data };
      }),
    );
    const extraction = await extract(inputs, attempt, row.userId);
    if (needsTranscriptionCheck(extraction)) {
      await waitForTranscription(row, extraction);
      return null;
    }
    await repository.saveExtraction(row.id, extraction.text, pagesForReview(extraction), now());
    // typed text beside the files belongs to the same work: it comes first, as the teacher typed it
    const text = gradedTextOf({ inputText: row.inputText, extractedText: extraction.text });
    if (!text) throw new PermanentFailure(analysisMessages.nothingToGrade);
    return { text, fromFiles: true, extraction };
  }

  async function run(analysisId: string, attempt: JobRun) {
    const row = await repository.findById(analysisId);
    if (!row || row.status !== 'processing') return;

    const work = await studentWork(row, attempt);
    if (!work) return;
    if (isEssay(work.text)) await requireFeature(row.userId, 'essayAnalysis');
    const options = row.options;
    const hasStudentWork = row.inputText.trim() !== '' || work.fromFiles;
    const { answerKey, gradeOptions } = gradeRequestOf(
      row,
      hasStudentWork,
      await repository.readerOf(row.userId),
    );
    const inputHash = crypto
      .createHash('sha256')
      .update(JSON.stringify({ text: work.text, key: answerKey ?? null, options }))
      .digest('hex');
    // the audit row records what the provider reports of itself: no branching on which one it is
    const reported = deps.provider.describe(gradeOptions);
    const audit = {
      analysisId,
      engine: reported.engine,
      engineVersion: reported.version,
      model: reported.model,
      promptVersion: reported.promptVersion,
      inputHash,
    };

    const started = performance.now();
    let result: AnalysisResult;
    try {
      result = await deps.grade(
        {
          text: work.text,
          ...(work.extraction ? { extraction: work.extraction } : {}),
          ...(answerKey ? { answerKey } : {}),
          ...(row.title ? { title: row.title } : {}),
          ...(row.studentName ? { studentName: row.studentName } : {}),
          ...(await courseClassOf(repository, row)),
        },
        gradeOptions,
      );
    } catch (error) {
      await repository.transaction((tx) =>
        repository.insertAiRun(tx, {
          ...audit,
          durationMs: Math.round(performance.now() - started),
          outcome: 'failed',
          error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
        }),
      );
      // a paper that ran its grading thread out of time or memory does so again (the engine is
      // deterministic): no retry, the analysis fails with the German reason and the credit comes back.
      // A thread ended by a shutdown is retried like any failure.
      if (error instanceof GradingWorkerCrashedError && error.death !== 'exited') {
        deps.log.error({ err: error, analysisId }, 'grading ran out of time or memory: giving up');
        throw new PermanentFailure(analysisMessages.gradingTooLarge);
      }
      throw error;
    }
    const durationMs = Math.round(performance.now() - started);
    await deps.beforeStore?.(analysisId);

    await repository.transaction(async (tx) => {
      const stored = await repository.complete(tx, analysisId, result, now());
      // another run stored it first: this run's work is dropped whole, audit row included
      if (!stored) return;
      await repository.insertAiRun(tx, {
        ...audit,
        durationMs,
        outcome: result.status === 'needs_review' ? 'needs_review' : 'success',
      });
      await credits.confirm(tx, analysisId, now());
      await deps.grades?.selfCheck(tx, analysisId);
      if (await deps.announce?.(tx, analysisId, 'graded')) return;
      await deps.notifications.create(
        tx,
        stored.userId,
        {
          type: 'analysis_complete',
          priority: 'normal',
          title: analysisMessages.completeTitle,
          message: analysisMessages.completeMessage(result.title || stored.title),
          metadata: {
            analysisId,
            title: result.title,
            testTitle: result.title,
            studentName: result.metadata.student_name,
            category: 'analysis',
            relativeLink: `/analysis/${analysisId}`,
          },
        },
        { dedupeKey: `analysis_complete:${analysisId}`, createdAt: now() },
      );
    });
    deps.log.info({ analysisId, durationMs }, 'analysis graded');
  }

  return {
    name: 'grade-analysis',
    version: 1,
    schema: gradeAnalysisPayloadSchema,
    retryLimit: 2,
    retryDelaySeconds: 2,
    // OCR of three scanned files or an LLM call with its own 120 s limit fit well inside this
    expireInSeconds: 300,
    async handle({ analysisId }, run_) {
      try {
        await run(analysisId, run_);
      } catch (error) {
        if (error instanceof PermanentFailure) {
          await fail(analysisId, error.message);
          return;
        }
        deps.log.error({ err: error, analysisId, attempt: run_.retryCount }, 'grading failed');
        if (run_.isLastAttempt) {
          await fail(analysisId, analysisMessages.gradingFailed);
          return;
        }
        throw error;
      }
    },
    // retries spent by crashes or expiries: the analysis fails and the credit comes back
    async onDead({ analysisId }) {
      await fail(analysisId, analysisMessages.gradingFailed);
    },
  };
}
