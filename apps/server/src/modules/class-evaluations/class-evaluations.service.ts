import { zipSync, type Zippable } from 'fflate';
import { z } from 'zod';
import {
  alignmentFlag,
  classEvaluationExportLabels as exportLabels,
  messages,
  analysisMessages,
  needsTranscriptionCheck,
  analysisOptionsSchema,
  classEvaluationLimits,
  classEvaluationMessages,
  textCheckFirst,
  textCheckParam,
  gradeRecordTypes,
  type ClassEvaluationDetail,
  type ClassEvaluationPage,
  type ClassEvaluationStatus,
  type ClassEvaluationSummary,
  type CreateClassEvaluationFields,
  type ClassEvaluationSplitRequest,
  type PageRef,
  type ReviewChange,
  type SavedTest,
} from '@korrigo/domain';
import { ExtractionError, splitStack } from '@korrigo/grading';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { transactionExecutor, type JobDefinition, type Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { CreditsRepository } from '../credits/credits.repository';
import type { Plans } from '../plans/plans.service';
import { followChanges, type AnalysisEvents } from '../analysis/analysis.events';
import {
  doubtsOfPage,
  type AnalysisAnnouncement,
  type Extract,
  type GradeAnalysisPayload,
} from '../analysis/analysis.job';
import { subjectOf, type GradeRecords } from '../grades/grades.records';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PrepareClassEvaluationPayload } from './class-evaluations.job';
import type { AnalysisRepository, Transaction } from '../analysis/analysis.repository';
import { mimeByContent, queueAnalysis, type UploadedFile } from '../analysis/analysis.service';
import { confirmedResult, reviewResult } from '../analysis/analysis.review';
import { asciiFileName } from '../../platform/csv';
import { renderPdf } from '../../platform/pdf';
import { buildCsv } from './class-evaluations.csv';
import { overviewOf, questionsOf, type PaperResult } from './class-evaluations.overview';
import {
  approvalNotice,
  notenlisteDocument,
  paperDocument,
  printDocument,
  type PrintedPaper,
} from './class-evaluations.pdf';
import { sheetOf } from './class-evaluations.sheet';
import type {
  ClassEvaluationRow,
  ClassEvaluationsRepository,
  PaperRow,
} from './class-evaluations.repository';

const uuid = z.uuid();

/** Where a class set's notification leads: the set's own screen in the web (its split check, progress, results). */
const classSetLink = (id: string) => `/dashboard/class-evaluations/${id}`;

const setNotFound = () => new AppError('not_found', classEvaluationMessages.notFound, { status: 404 });
const invalid = (field: string, message: string) =>
  new AppError('validation', message, { fields: { [field]: message } });

/** What the set's event stream sends. */
export type SetStatusView = {
  id: string;
  status: ClassEvaluationStatus;
  errorMessage: string | null;
  progress: ClassEvaluationSummary['progress'];
};

/**
 * How long the stack's pages may take to be read: OCR takes 1.5–2 s per page on two idle cores and several
 * times that when the machine is busy, so the most pages of a stack (classEvaluationLimits.maxPages) get 8 s
 * each. The prepare job's expiry (class-evaluations.job.ts) is longer still.
 */
export const stackReadTimeoutMs = classEvaluationLimits.maxPages * 8_000;

/**
 * A file of the upload with its checked type; `prefix` is the part of the field's file name before the first
 * `_` (`teacher`, `stack` or a student's id, spec 001 §7) and `name` the teacher's own file name after it,
 * the one messages and the set's file list show.
 */
type CheckedFile = UploadedFile & { mimeType: string; prefix: string };

/**
 * The class-set limits (classEvaluationLimits) and the types of spec 001 §5, each file by its content
 * (mimeByContent, the single analysis's rule).
 */
export async function checkClassUploads(files: UploadedFile[]): Promise<CheckedFile[]> {
  if (files.length > classEvaluationLimits.maxFiles) {
    throw new AppError('too_many_files', classEvaluationMessages.tooManyFiles, { status: 400 });
  }
  for (const file of files) {
    if (file.data.length > classEvaluationLimits.maxFileBytes) {
      throw new AppError(
        'payload_too_large',
        classEvaluationMessages.fileTooLarge(splitName(file.name).name),
        {
          status: 413,
        },
      );
    }
  }
  const total = files.reduce((sum, file) => sum + file.data.length, 0);
  if (total > classEvaluationLimits.maxTotalBytes) {
    throw new AppError('payload_too_large', classEvaluationMessages.totalTooLarge, { status: 413 });
  }
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const mimeType = await mimeByContent(file.data);
    if (!mimeType) {
      throw new AppError(
        'unsupported_media_type',
        classEvaluationMessages.unsupportedFile(splitName(file.name).name),
        { status: 415 },
      );
    }
    checked.push({ ...file, ...splitName(file.name), mimeType });
  }
  return checked;
}

/**
 * `teacher_Erwartungshorizont.pdf` → prefix `teacher`, name `Erwartungshorizont.pdf`. The web numbers a stack's
 * files (`stack_001_IMG_0001.jpg`) so that two photos of one name stay apart; the number is not the teacher's
 * name for the file, so messages and lists show `IMG_0001.jpg`.
 */
function splitName(fieldName: string): { prefix: string; name: string } {
  const at = fieldName.indexOf('_');
  if (at < 0) return { prefix: '', name: fieldName };
  const prefix = fieldName.slice(0, at);
  const name = fieldName.slice(at + 1);
  return { prefix, name: prefix === 'stack' ? name.replace(/^\d{3}_(?=.)/, '') : name };
}

type Progress = ClassEvaluationSummary['progress'];

function progressOf(papers: (PaperRow & { releasedAt: Date | null })[]): Progress {
  const count = (test: (paper: PaperRow & { releasedAt: Date | null }) => boolean) =>
    papers.filter(test).length;
  return {
    papers: papers.length,
    processing: count((paper) => paper.status === 'processing'),
    needsTranscription: count((paper) => paper.status === 'needs_transcription'),
    done: count((paper) => paper.status === 'done'),
    failed: count((paper) => paper.status === 'failed'),
    confirmed: count((paper) => paper.status === 'done' && paper.reviewState === 'confirmed'),
    released: count((paper) => paper.releasedAt !== null),
  };
}

/** `done` is derived (ADR 0012 §5): a grading set whose every paper's analysis is done or failed. */
function statusOf(row: ClassEvaluationRow, progress: Progress): ClassEvaluationStatus {
  if (
    row.status === 'grading' &&
    progress.papers > 0 &&
    progress.done + progress.failed === progress.papers
  ) {
    return 'done';
  }
  return row.status;
}

/** The course's class when all its participants are of one class, else null (a course of several classes). */
function soleClassOf(students: { classId: string }[]): string | null {
  const ids = new Set(students.map((student) => student.classId));
  return ids.size === 1 ? [...ids][0]! : null;
}

export type PaperToGrade = {
  classStudentId: string;
  studentName: string;
  classId: string;
  inputText: string;
  files: { storageKey: string; originalName: string; mimeType: string; sizeBytes: number }[];
};

export function createClassEvaluationsService(deps: {
  repository: ClassEvaluationsRepository;
  analyses: AnalysisRepository;
  credits: CreditsRepository;
  /** class sets are a Premium Lehrer feature (issue 20), text recognition of scans too */
  plans: Pick<Plans, 'requireFeature' | 'refusalOf'>;
  storage: Storage;
  jobs: Jobs;
  gradeJob: JobDefinition<GradeAnalysisPayload>;
  prepareJob: JobDefinition<PrepareClassEvaluationPayload>;
  /** the one extractor of the analysis module: a key file is read like any upload */
  extract: Extract;
  notifications: Pick<NotificationsService, 'create'>;
  /** the one writer of grade records (issue 17): a release makes them, a confirmation refreshes them */
  grades: Pick<GradeRecords, 'release' | 'refresh'>;
  events: AnalysisEvents;
  /** model choices of the configured LLM; empty with the builtin engine */
  models: string[];
  now?: () => Date;
}) {
  const { repository, analyses, credits, storage, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireClassSets(userId: string) {
    if ((await analyses.readerOf(userId)) === 'student') {
      throw new AppError('forbidden', classEvaluationMessages.teachersOnly, { status: 403 });
    }
    await deps.plans.requireFeature(userId, 'classSets');
  }

  const notEnoughCredits = (needed: number, remaining: number) =>
    new AppError('no_credits', classEvaluationMessages.notEnoughCredits(needed, Math.max(0, remaining)), {
      status: 402,
    });

  /**
   * Inside the caller's transaction: one credit per paper reserved at once (ADR 0012 §2), then per paper its
   * analysis with the Analysis record, its charge and its job (queueAnalysis, the single analysis's path),
   * and the paper row pointing at it. Throws 402 when the balance does not reach: the transaction rolls back.
   */
  async function startGrading(tx: Transaction, set: ClassEvaluationRow, papers: PaperToGrade[]) {
    const remaining = await credits.reserve(tx, set.userId, now(), papers.length);
    if (remaining === null) {
      throw notEnoughCredits(papers.length, await credits.remaining(set.userId, now(), tx));
    }
    for (const [position, paper] of papers.entries()) {
      const analysis = await queueAnalysis(
        { repository: analyses, credits, jobs, gradeJob: deps.gradeJob },
        tx,
        {
          userId: set.userId,
          title: set.testName,
          studentName: paper.studentName,
          courseId: set.courseId,
          courseName: set.courseName,
          classStudentId: paper.classStudentId,
          schoolId: set.schoolId,
          classId: paper.classId,
          subject: set.options.subject,
          gradeLevel: set.options.gradeLevel,
          inputText: paper.inputText,
          options: set.options,
          answerKeyTestId: set.answerKeyTestId,
          answerKey: set.answerKey,
          answerKeyText: set.answerKeyText,
          createdAt: now(),
          updatedAt: now(),
        },
        paper.files,
      );
      await repository.insertPaper(tx, {
        evaluationId: set.id,
        position,
        classStudentId: paper.classStudentId,
        studentName: paper.studentName,
        match: 'upload',
        confidence: 1,
        analysisId: analysis.id,
        createdAt: now(),
      });
    }
  }

  async function loadOwned(userId: string, id: string) {
    const row = uuid.safeParse(id).success ? await repository.findOwned(userId, id) : undefined;
    if (!row) throw setNotFound();
    return row;
  }

  function summaryOf(row: ClassEvaluationRow, papers: (PaperRow & { releasedAt: Date | null })[]) {
    const progress = progressOf(papers);
    return {
      id: row.id,
      status: statusOf(row, progress),
      testName: row.testName,
      courseId: row.courseId,
      courseName: row.courseName,
      createdAt: row.createdAt.toISOString(),
      progress,
    } satisfies ClassEvaluationSummary;
  }

  /** The set's papers with their results: every paper, and those with a result as the figures read them. */
  async function paperResults(set: ClassEvaluationRow) {
    const rows = await repository.listPaperResults(set.id);
    // the text read from each page of the stack, to find the page an answer stands on (issue 34 §7)
    const readText = new Map(set.pages.map((page) => [`${page.fileId}:${page.pageIndex}`, page.text]));
    const graded: PaperResult[] = rows.flatMap((row) =>
      row.status === 'done' && row.result && row.analysisId
        ? [
            {
              paperId: row.paperId,
              analysisId: row.analysisId,
              studentName: row.studentName,
              confirmed: row.reviewState === 'confirmed',
              result: row.result,
              pages: row.pages.map((page) => ({
                ...page,
                text: readText.get(`${page.fileId}:${page.pageIndex}`) ?? '',
              })),
            },
          ]
        : [],
    );
    return { rows, graded };
  }

  /**
   * The listed analyses as papers of the set: each must be one (else 400, nothing is changed). Answers the
   * papers in the order asked, without repeats.
   */
  async function papersOf(set: ClassEvaluationRow, analysisIds: string[]) {
    const { rows } = await paperResults(set);
    const byAnalysis = new Map(rows.flatMap((row) => (row.analysisId ? [[row.analysisId, row]] : [])));
    const papers = [...new Set(analysisIds)].map((id) => byAnalysis.get(id));
    if (papers.some((paper) => paper === undefined)) {
      throw invalid('analysisIds', classEvaluationMessages.paperNotInSet);
    }
    return papers.map((paper) => paper!);
  }

  /**
   * The class list of the exports (issue 34 §6): every paper, then every pupil of the course without one
   * (absent), with the points per task and the Notenschlüssel; and the overview of the confirmed papers,
   * whose share of 5 and 6 decides whether the head's approval is due.
   */
  async function exportSheet(set: ClassEvaluationRow) {
    // Only once the papers are settled (grading began) is a pupil without one absent: before, a stack's
    // split may still give her a paper, and a set that failed before grading graded nobody.
    const settled = set.status === 'grading' && set.courseId;
    const [{ rows, graded }, participants] = await Promise.all([
      paperResults(set),
      settled ? repository.listParticipants(set.courseId!) : Promise.resolve([]),
    ]);
    return {
      sheet: sheetOf(rows, participants),
      overview: overviewOf(graded, rows.length, set.failingShareThreshold),
    };
  }

  /** The graded papers as their PDFs print them, in the set's order; none graded yet: 409. */
  async function printedPapers(set: ClassEvaluationRow) {
    const { rows } = await paperResults(set);
    const papers = rows.flatMap((row): (PrintedPaper & { paperId: string })[] =>
      row.status === 'done' && row.result
        ? [
            {
              paperId: row.paperId,
              studentName: row.studentName,
              grade: row.grade,
              result: row.result,
              studentText: row.inputText?.trim() ? row.inputText : (row.extractedText ?? ''),
            },
          ]
        : [],
    );
    if (papers.length === 0) {
      throw new AppError('conflict', classEvaluationMessages.noGradedPapers, { status: 409 });
    }
    return papers;
  }

  const setFileName = (set: ClassEvaluationRow) =>
    asciiFileName(set.testName || set.courseName, exportLabels.fileName);

  const headerOf = (set: ClassEvaluationRow) => ({
    testName: set.testName,
    courseName: set.courseName,
    date: set.createdAt,
  });

  async function statusView(userId: string, id: string): Promise<SetStatusView> {
    const row = await loadOwned(userId, id);
    const summary = summaryOf(row, await repository.listPapers([row.id]));
    return { id: row.id, status: summary.status, errorMessage: row.errorMessage, progress: summary.progress };
  }

  /**
   * The set could not be prepared (spec 001 §8): `failed` with the reason and an error notification, in one
   * transaction; nothing was charged. The papers' uploads, referred to only by the job, are deleted.
   */
  async function failSet(payload: PrepareClassEvaluationPayload, reason: string) {
    const failed = await analyses.transaction(async (tx) => {
      const row = await repository.markFailed(tx, payload.evaluationId, reason, now());
      if (!row) return undefined;
      await deps.notifications.create(
        tx,
        row.userId,
        {
          type: 'error',
          priority: 'high',
          title: classEvaluationMessages.failedTitle,
          message: classEvaluationMessages.failedMessage(row.testName || row.courseName, reason),
          metadata: {
            title: row.testName,
            category: 'class-evaluation',
            relativeLink: classSetLink(row.id),
          },
        },
        { dedupeKey: `class-evaluation-failed:${row.id}`, createdAt: now() },
      );
      return row;
    });
    if (!failed) return;
    const keys = payload.papers.flatMap((paper) => paper.files.map((file) => file.storageKey));
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  }

  /**
   * The extractor's text of files, or a German reason why they cannot be read. `noOcr`, the plan's refusal of
   * text recognition, stops a scan before any page of it is recognised and is the reason then.
   */
  async function read(
    files: { originalName: string; mimeType: string; storageKey: string }[],
    noOcr: AppError | null,
    limits: Parameters<Extract>[1] = {},
  ) {
    const inputs = [];
    for (const file of files) {
      const data = await storage.get(file.storageKey);
      if (!data) return { reason: analysisMessages.gradingFailed };
      inputs.push({ name: file.originalName, mimeType: file.mimeType, data });
    }
    try {
      return { extraction: await deps.extract(inputs, { ...limits, ocr: !noOcr }) };
    } catch (error) {
      if (noOcr && error instanceof ExtractionError && error.code === 'needs_ocr')
        return { reason: noOcr.message };
      if (error instanceof ExtractionError) return { reason: error.message };
      throw error;
    }
  }

  /**
   * The prepare job's work (class-evaluations.job.ts): read the key file; without a stack, start grading;
   * with one, read its pages, split them by the names on top (splitStack) and wait for the teacher's check.
   */
  async function prepare(payload: PrepareClassEvaluationPayload) {
    const set = await repository.findById(payload.evaluationId);
    if (!set || set.status !== 'preparing') return;
    // checked at the upload; a plan given up since must not cost the reading of the key and the stack
    const noClassSets = await deps.plans.refusalOf(set.userId, 'classSets');
    if (noClassSets) return failSet(payload, noClassSets.message);
    const noOcr = await deps.plans.refusalOf(set.userId, 'ocr');
    const files = await repository.listFiles(set.id);
    const keyFile = files.find((file) => file.role === 'key');
    const stack = files.filter((file) => file.role === 'stack');
    let answerKeyText = set.answerKeyText;
    if (keyFile) {
      const key = await read([keyFile], noOcr);
      if (!key.extraction) return failSet(payload, key.reason);
      answerKeyText = key.extraction.text.trim();
      if (!answerKeyText) return failSet(payload, analysisMessages.nothingToGrade);
    }
    if (stack.length > 0) return split(set, payload, stack, answerKeyText, noOcr);
    try {
      const started = await analyses.transaction(async (tx) => {
        const moved = await repository.moveToGrading(tx, set.id, answerKeyText ?? '', now());
        if (!moved) return false;
        await startGrading(tx, moved, payload.papers);
        return true;
      });
      if (started) jobs.nudge(deps.gradeJob.name);
    } catch (error) {
      if (error instanceof AppError && error.code === 'no_credits') return failSet(payload, error.message);
      throw error;
    }
  }

  /** The stack's pages, read once and split into papers; the set waits at `needs_review` (ADR 0012 §3). */
  async function split(
    set: ClassEvaluationRow,
    payload: PrepareClassEvaluationPayload,
    stack: { id: string; originalName: string; mimeType: string; storageKey: string }[],
    answerKeyText: string | null,
    noOcr: AppError | null,
  ) {
    // a stack is a whole class's pages in one PDF (or many photos): more pages and more time than a paper
    const read_ = await read(stack, noOcr, {
      maxPdfPages: classEvaluationLimits.maxPages,
      timeoutMs: stackReadTimeoutMs,
    });
    if (!read_.extraction) return failSet(payload, read_.reason);
    const extracted = read_.extraction.pages;
    if (extracted.length > classEvaluationLimits.maxPages) {
      return failSet(payload, classEvaluationMessages.tooManyPages);
    }
    const roster = set.courseId ? await repository.listParticipants(set.courseId) : [];
    const names = new Map(roster.map((student) => [student.id, student.name]));
    const papers = splitStack(
      extracted.map((page) => ({ text: page.text })),
      roster.map((student) => ({ id: student.id, name: student.name })),
      {
        autoDetect: set.autoDetect === 1,
        ...(set.pagesPerPaper ? { pagesPerPaper: set.pagesPerPaper } : {}),
      },
    );
    if (papers.length > classEvaluationLimits.maxPapers)
      return failSet(payload, classEvaluationMessages.tooManyPapers);
    const firstPages = new Map(papers.map((paper) => [paper.pages[0], paper.detectedName]));
    const pages: ClassEvaluationPage[] = extracted.map((page, index) => ({
      fileId: stack[page.fileIndex]!.id,
      pageIndex: page.pageIndex,
      text: page.text,
      source: page.source,
      confidence: page.confidence,
      detectedName: firstPages.get(index) ?? null,
      // kept for the text check of the paper the page ends up in (issue 34 §1, §2)
      ...doubtsOfPage(page),
    }));
    await analyses.transaction(async (tx) => {
      const moved = await repository.moveToReview(tx, set.id, { answerKeyText, pages }, now());
      if (!moved) return;
      for (const [position, paper] of papers.entries()) {
        await repository.insertPaper(tx, {
          evaluationId: set.id,
          position,
          classStudentId: paper.studentId,
          studentName: paper.studentId ? (names.get(paper.studentId) ?? '') : '',
          match: paper.match,
          confidence: paper.confidence,
          detectedName: paper.detectedName,
          pages: paper.pages.map((index) => ({
            fileId: pages[index]!.fileId,
            pageIndex: pages[index]!.pageIndex,
          })),
          createdAt: now(),
        });
      }
      await deps.notifications.create(
        tx,
        moved.userId,
        {
          type: 'info',
          priority: 'normal',
          title: classEvaluationMessages.splitReadyTitle,
          message: classEvaluationMessages.splitReadyMessage(
            moved.testName || moved.courseName,
            papers.length,
          ),
          metadata: {
            title: moved.testName,
            category: 'class-evaluation',
            relativeLink: classSetLink(moved.id),
          },
        },
        { dedupeKey: `class-evaluation-split:${moved.id}`, createdAt: now() },
      );
    });
  }

  /**
   * One notification per set when its papers wait for the text check, however many and however they came
   * to wait (deduplicated per set): it opens the set's check view at the first waiting paper.
   */
  async function announceTranscription(
    tx: Executor,
    set: Pick<ClassEvaluationRow, 'id' | 'userId' | 'testName' | 'courseName'>,
  ) {
    await deps.notifications.create(
      tx,
      set.userId,
      {
        type: 'info',
        priority: 'normal',
        title: classEvaluationMessages.transcriptionTitle,
        message: classEvaluationMessages.transcriptionMessage(set.testName || set.courseName),
        metadata: {
          title: set.testName,
          category: 'class-evaluation',
          relativeLink: `${classSetLink(set.id)}?${textCheckParam}=${textCheckFirst}`,
        },
      },
      { dedupeKey: `class-evaluation-transcription:${set.id}`, createdAt: now() },
    );
  }

  /**
   * The analysis job's announcement of a paper (analysis.job.ts `announce`, in its transaction): the set
   * speaks for its papers, once when scanned text waits for the teacher and once when the last paper is
   * graded or failed, instead of a notification per paper. False for an analysis that is no paper.
   */
  async function announce(tx: Executor, analysisId: string, what: AnalysisAnnouncement): Promise<boolean> {
    const found = await repository.findSetOfPaper(tx, analysisId);
    if (!found) return false;
    const { set } = found;
    const testName = set.testName || set.courseName;
    const metadata = {
      title: set.testName,
      category: 'class-evaluation',
      relativeLink: classSetLink(set.id),
    };
    if (what === 'needs_transcription') {
      await announceTranscription(tx, set);
    } else if (found.unsettled === 0) {
      await deps.notifications.create(
        tx,
        set.userId,
        {
          type: found.failed === found.papers ? 'error' : 'analysis_complete',
          priority: 'normal',
          title: classEvaluationMessages.doneTitle,
          message: classEvaluationMessages.doneMessage(testName, found.papers, found.failed),
          metadata,
        },
        { dedupeKey: `class-evaluation-done:${set.id}`, createdAt: now() },
      );
    }
    return true;
  }

  return {
    startGrading,
    prepare,
    announce,
    /** the prepare job's retries are spent */
    giveUp: (payload: PrepareClassEvaluationPayload) => failSet(payload, analysisMessages.gradingFailed),

    /**
     * Class sets are a teacher's tool (issue 33 §5, spec 001 §2) and a Premium Lehrer feature (issue 20): the
     * routes ask before they read an upload.
     */
    requireClassSets,

    /**
     * `POST /api/class-evaluations` and spec 001 §7 `POST /evaluate-class`: checks course, pupils, files and
     * key, stores the files, and creates the set with its papers' analyses, charges and jobs in one
     * transaction (ADR 0012 §1, §2). `countPapers` is told the number of papers handed in per pupil once the
     * input is checked, before anything is stored (the upload budget, class-evaluations.routes.ts); a stack's
     * papers are counted at `start`.
     */
    async create(
      userId: string,
      fields: CreateClassEvaluationFields,
      uploads: UploadedFile[],
      countPapers: (papers: number) => Promise<void> = async () => undefined,
    ) {
      // the routes asked before reading the upload; asked again for callers that are no route (the demo)
      await requireClassSets(userId);
      const files = await checkClassUploads(uploads);
      const course = await analyses.findTaughtCourse(userId, fields.courseId);
      if (!course) throw new AppError('not_found', analysisMessages.courseNotFound, { status: 404 });
      const participants = new Map(
        (await repository.listParticipants(course.id)).map((student) => [student.id, student]),
      );

      // the key: a saved test, typed text or a `teacher_` file, exactly one of them
      const keyFiles = files.filter((file) => file.prefix === 'teacher');
      const answerKeyText = fields.teacherContent.trim();
      const keySources =
        (fields.selectedTestId ? 1 : 0) + (answerKeyText ? 1 : 0) + (keyFiles.length > 0 ? 1 : 0);
      if (keySources > 1 || keyFiles.length > 1)
        throw invalid('teacherContent', classEvaluationMessages.keyTwice);
      if (keySources === 0) throw invalid('teacherContent', classEvaluationMessages.keyRequired);
      let answerKey: SavedTest | undefined;
      if (fields.selectedTestId) {
        answerKey = await analyses.findOwnedTest(userId, fields.selectedTestId);
        if (!answerKey) throw new AppError('not_found', analysisMessages.testNotFound, { status: 404 });
      }

      // the papers: typed text and `{studentId}_…` files, one paper per pupil of the course
      const papers = new Map<string, { text: string; files: CheckedFile[] }>();
      const paperOf = (studentId: string) => {
        let paper = papers.get(studentId);
        if (!paper) papers.set(studentId, (paper = { text: '', files: [] }));
        return paper;
      };
      for (const entry of fields.studentData) {
        if (!participants.has(entry.studentId)) {
          throw invalid('studentData', classEvaluationMessages.studentNotInCourse);
        }
        if (entry.text.trim()) paperOf(entry.studentId).text = entry.text;
      }
      const stackFiles = files.filter((file) => file.prefix === 'stack');
      for (const file of files) {
        const prefix = file.prefix;
        if (prefix === 'teacher' || prefix === 'stack') continue;
        if (!uuid.safeParse(prefix).success) {
          throw invalid(
            'files',
            classEvaluationMessages.fileForUnknownStudent(
              file.prefix ? `${file.prefix}_${file.name}` : file.name,
            ),
          );
        }
        if (!participants.has(prefix)) throw invalid('files', classEvaluationMessages.studentNotInCourse);
        paperOf(prefix).files.push(file);
      }
      // a stack's papers are found by the prepare job (ADR 0012 §3); papers handed in per pupil do not mix with it
      if (stackFiles.length > 0 && papers.size > 0) throw invalid('files', messages.http.validation);
      if (stackFiles.length === 0 && papers.size === 0) {
        throw invalid('studentData', classEvaluationMessages.noPapers);
      }
      if (papers.size > classEvaluationLimits.maxPapers) {
        throw invalid('studentData', classEvaluationMessages.tooManyPapers);
      }

      const options = analysisOptionsSchema.parse({
        ...fields.options,
        ...(fields.customInstructions ? { customInstructions: fields.customInstructions } : {}),
        ...(fields.userTemp !== undefined ? { temperature: fields.userTemp } : {}),
      });
      if (options.model && deps.models.length > 0 && !deps.models.includes(options.model)) {
        throw invalid('model', analysisMessages.unknownModel);
      }
      // a cheap early answer; the reservation in the transaction is what decides
      const remaining = await credits.remaining(userId, now());
      if (stackFiles.length === 0 && remaining < papers.size) throw notEnoughCredits(papers.size, remaining);
      await countPapers(papers.size);

      const stored = new Map<CheckedFile, string>();
      try {
        for (const file of files) stored.set(file, await storage.put(`uploads/${userId}`, file.data));
        const toQueued = (file: CheckedFile) => ({
          storageKey: stored.get(file)!,
          originalName: file.name.slice(0, 255),
          mimeType: file.mimeType,
          sizeBytes: file.data.length,
        });
        const keyFile = keyFiles[0];
        const preparing = keyFile !== undefined || stackFiles.length > 0;
        const created = await analyses.transaction(async (tx) => {
          const set = await repository.insert(tx, {
            userId,
            status: preparing ? 'preparing' : 'grading',
            testName: fields.testName || answerKey?.title || '',
            courseId: course.id,
            courseName: course.name,
            schoolId: course.schoolId,
            classId: soleClassOf([...participants.values()]),
            options,
            answerKeyTestId: answerKey?.id ?? null,
            answerKey: answerKey ?? null,
            answerKeyText: answerKeyText || null,
            autoDetect: fields.autoDetect ? 1 : 0,
            pagesPerPaper: fields.pagesPerPaper ?? null,
            failingShareThreshold: classEvaluationLimits.defaultFailingShareThreshold,
            createdAt: now(),
            updatedAt: now(),
          });
          const toGrade = [...papers.entries()].map(([studentId, paper]) => {
            const student = participants.get(studentId)!;
            return {
              classStudentId: student.id,
              studentName: student.name,
              classId: student.classId,
              inputText: paper.text,
              files: paper.files.map(toQueued),
            };
          });
          if (preparing) {
            // the key file and the stack are read by the prepare job; papers handed in per pupil wait in its
            // payload (class-evaluations.job.ts)
            await repository.insertFiles(tx, [
              ...(keyFile
                ? [
                    {
                      evaluationId: set.id,
                      role: 'key' as const,
                      position: 0,
                      ...toQueued(keyFile),
                      createdAt: now(),
                    },
                  ]
                : []),
              ...stackFiles.map((file, position) => ({
                evaluationId: set.id,
                role: 'stack' as const,
                position,
                ...toQueued(file),
                createdAt: now(),
              })),
            ]);
            await jobs.send(
              deps.prepareJob,
              { evaluationId: set.id, papers: toGrade },
              transactionExecutor(tx),
            );
          } else {
            await startGrading(tx, set, toGrade);
          }
          return set;
        });
        jobs.nudge(preparing ? deps.prepareJob.name : deps.gradeJob.name);
        return { evaluationId: created.id };
      } catch (error) {
        await Promise.all([...stored.values()].map((key) => storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },

    async list(userId: string, courseId?: string) {
      const rows = await repository.listOwned(userId, courseId);
      const papers = await repository.listPapers(rows.map((row) => row.id));
      return {
        classEvaluations: rows.map((row) =>
          summaryOf(
            row,
            papers.filter((paper) => paper.evaluationId === row.id),
          ),
        ),
      };
    },

    async get(userId: string, id: string): Promise<ClassEvaluationDetail> {
      const row = await loadOwned(userId, id);
      const [files, papers, participants] = await Promise.all([
        repository.listFiles(row.id),
        repository.listPapers([row.id]),
        row.courseId ? repository.listParticipants(row.courseId) : Promise.resolve([]),
      ]);
      const absent = new Set(row.absentStudentIds);
      return {
        ...summaryOf(row, papers),
        errorMessage: row.errorMessage,
        schoolId: row.schoolId,
        classId: row.classId,
        failingShareThreshold: row.failingShareThreshold,
        answerKeyTestId: row.answerKeyTestId,
        hasAnswerKeyText: Boolean(row.answerKeyText),
        pagesPerPaper: row.pagesPerPaper,
        files: files.map((file) => ({
          id: file.id,
          name: file.originalName,
          mimeType: file.mimeType,
          role: file.role,
          pageCount: file.pageCount,
        })),
        pages: row.pages,
        papers: papers.map((paper) => ({
          id: paper.id,
          position: paper.position,
          studentId: paper.classStudentId,
          studentName: paper.studentName,
          match: paper.match,
          confidence: paper.confidence,
          detectedName: paper.detectedName,
          pages: paper.pages,
          analysisId: paper.analysisId,
          status: paper.status,
          reviewState: paper.reviewState,
          grade: paper.grade,
          achievedPoints: paper.achievedPoints,
          totalPoints: paper.totalPoints,
          errorMessage:
            paper.status === 'failed' ? (paper.errorMessage ?? classEvaluationMessages.paperFailed) : null,
          releasedAt: paper.releasedAt?.toISOString() ?? null,
        })),
        students: participants.map((student) => ({
          id: student.id,
          name: student.name,
          hasAccount: student.userId !== null,
          paperId: papers.find((paper) => paper.classStudentId === student.id)?.id ?? null,
          absent: absent.has(student.id),
        })),
      };
    },

    status: statusView,

    /**
     * The teacher's split of a stack in review (classEvaluationSplitRequestSchema): every page of the stack in
     * exactly one paper or set aside, a pupil of the course in at most one paper.
     */
    async split(userId: string, id: string, request: ClassEvaluationSplitRequest) {
      const set = await loadOwned(userId, id);
      if (set.status !== 'needs_review') {
        throw new AppError('conflict', classEvaluationMessages.notInReview, { status: 409 });
      }
      const key = (page: PageRef) => `${page.fileId}:${page.pageIndex}`;
      const known = new Set(set.pages.map(key));
      const seen = new Set<string>();
      for (const page of [...request.papers.flatMap((paper) => paper.pages), ...request.discardedPages]) {
        if (!known.has(key(page))) throw invalid('papers', classEvaluationMessages.pageUnknown);
        if (seen.has(key(page))) throw invalid('papers', classEvaluationMessages.pageTwice);
        seen.add(key(page));
      }
      if (seen.size !== known.size) throw invalid('papers', classEvaluationMessages.unassignedPages);
      const roster = new Map(
        (set.courseId ? await repository.listParticipants(set.courseId) : []).map((student) => [
          student.id,
          student,
        ]),
      );
      const students = new Set<string>();
      for (const paper of request.papers) {
        const student = roster.get(paper.studentId);
        if (!student) throw invalid('papers', classEvaluationMessages.studentNotInCourse);
        if (students.has(student.id))
          throw invalid('papers', classEvaluationMessages.studentTwice(student.name));
        students.add(student.id);
      }
      for (const absent of request.absentStudentIds) {
        if (!roster.has(absent))
          throw invalid('absentStudentIds', classEvaluationMessages.studentNotInCourse);
      }
      // a paper the teacher left as it was keeps how it was found; any other is her choice
      const before = await repository.listPapers([set.id]);
      const same = (pages: PageRef[], other: PageRef[]) =>
        pages.map(key).join('|') === other.map(key).join('|');
      const saved = await analyses.transaction((tx) =>
        repository.saveSplit(
          tx,
          set.id,
          { discardedPages: request.discardedPages, absentStudentIds: request.absentStudentIds },
          request.papers.map((paper, position) => {
            const kept = before.find(
              (old) => old.classStudentId === paper.studentId && same(old.pages, paper.pages),
            );
            return {
              evaluationId: set.id,
              position,
              classStudentId: paper.studentId,
              studentName: roster.get(paper.studentId)!.name,
              match: kept?.match ?? 'teacher',
              confidence: kept ? kept.confidence : 1,
              detectedName: kept?.detectedName ?? null,
              pages: paper.pages,
              createdAt: now(),
            };
          }),
          now(),
        ),
      );
      if (!saved) throw new AppError('conflict', classEvaluationMessages.notInReview, { status: 409 });
      return this.get(userId, id);
    },

    /**
     * Grading of a reviewed stack (ADR 0012 §2, §3): one credit per paper reserved at once; each paper's
     * analysis gets the stack files its pages are on (the same storage keys) and its pages' text, so the job
     * does not read the stack again; a paper with text read from pixels waits for the transcription check.
     * `countPapers` is told the number of papers before they are created (the upload budget, as in create).
     */
    async start(
      userId: string,
      id: string,
      countPapers: (papers: number) => Promise<void> = async () => undefined,
    ) {
      await deps.plans.requireFeature(userId, 'classSets');
      const set = await loadOwned(userId, id);
      if (set.status !== 'needs_review') {
        throw new AppError('conflict', classEvaluationMessages.notInReview, { status: 409 });
      }
      const papers = await repository.listPapers([set.id]);
      if (papers.length === 0) throw invalid('papers', classEvaluationMessages.noPapers);
      if (papers.some((paper) => !paper.classStudentId)) {
        throw invalid('papers', classEvaluationMessages.unassignedPages);
      }
      const files = await repository.listFiles(set.id);
      const roster = new Map(
        (set.courseId ? await repository.listParticipants(set.courseId) : []).map((student) => [
          student.id,
          student,
        ]),
      );
      const pageOf = new Map(set.pages.map((page) => [`${page.fileId}:${page.pageIndex}`, page]));
      await countPapers(papers.length);
      let waiting = 0;
      await analyses.transaction(async (tx) => {
        const moved = await repository.startReviewed(tx, set.id, now());
        if (!moved) throw new AppError('conflict', classEvaluationMessages.notInReview, { status: 409 });
        const remaining = await credits.reserve(tx, userId, now(), papers.length);
        if (remaining === null) {
          // read in the transaction: outside it PGlite's one connection is held by it (a deadlock)
          throw notEnoughCredits(papers.length, await credits.remaining(userId, now(), tx));
        }
        for (const paper of papers) {
          const student = roster.get(paper.classStudentId!);
          if (!student) throw invalid('papers', classEvaluationMessages.studentNotInCourse);
          const pages = paper.pages.map((ref) => pageOf.get(`${ref.fileId}:${ref.pageIndex}`)!);
          const fileIds = [...new Set(pages.map((page) => page.fileId))];
          const used = fileIds.map((fileId) => files.find((file) => file.id === fileId)!);
          const extractionPages = pages.map((page) => ({
            fileIndex: fileIds.indexOf(page.fileId),
            pageIndex: page.pageIndex,
            text: page.text,
            source: page.source as 'plain-text' | 'docx' | 'pdf-text-layer' | 'ocr',
            confidence: page.confidence,
            lowConfidenceWords: page.lowConfidenceWords ?? [],
            uncertainLines: page.uncertainLines ?? [],
          }));
          const waits = needsTranscriptionCheck({ needsReview: false, pages });
          if (waits) waiting += 1;
          const analysis = await queueAnalysis(
            { repository: analyses, credits, jobs, gradeJob: deps.gradeJob },
            tx,
            {
              userId,
              title: moved.testName,
              studentName: student.name,
              courseId: moved.courseId,
              courseName: moved.courseName,
              classStudentId: student.id,
              schoolId: moved.schoolId,
              classId: student.classId,
              subject: moved.options.subject,
              gradeLevel: moved.options.gradeLevel,
              inputText: '',
              extractedText: pages.map((page) => page.text).join('\n\n'),
              extractionPages,
              options: moved.options,
              answerKeyTestId: moved.answerKeyTestId,
              answerKey: moved.answerKey,
              answerKeyText: moved.answerKeyText,
              createdAt: now(),
              updatedAt: now(),
            },
            used.map((file) => ({
              storageKey: file.storageKey,
              originalName: file.originalName,
              mimeType: file.mimeType,
              sizeBytes: file.sizeBytes,
            })),
            waits,
          );
          await repository.linkPaper(tx, paper.id, analysis.id);
        }
        // papers cut from a scanned stack wait for the text check from the start, without a job run that
        // would announce them: the set says so once, for all of them (issue 34 §1)
        if (waiting > 0) await announceTranscription(tx, moved);
      });
      jobs.nudge(deps.gradeJob.name);
      return this.get(userId, id);
    },

    /** Review by question (issue 16 §4): the graded papers' answers per subtask, grouped. */
    async questions(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const { graded } = await paperResults(set);
      return { questions: questionsOf(graded) };
    },

    /**
     * One change for a group of papers (issue 16 §4): applied to each paper's result by the single
     * analysis's review (reviewResult) and logged in each paper's change log with the group it was made for,
     * in one transaction: either every paper takes it or none (a confirmed paper among them answers 409).
     */
    async groupReview(userId: string, id: string, analysisIds: string[], change: ReviewChange) {
      const set = await loadOwned(userId, id);
      const papers = await papersOf(set, analysisIds);
      for (const paper of papers) {
        if (paper.status !== 'done' || !paper.result) {
          throw new AppError('conflict', analysisMessages.notReviewable, { status: 409 });
        }
        if (paper.reviewState === 'confirmed') {
          throw new AppError('conflict', analysisMessages.alreadyConfirmed, { status: 409 });
        }
      }
      const reviewed = papers.map((paper) => ({ paper, ...reviewResult(paper.result!, [change]) }));
      const group = { classEvaluationId: set.id, papers: papers.length };
      await analyses.transaction(async (tx) => {
        for (const { paper, result, log } of reviewed) {
          const entries = log.map((entry) => ({ ...entry, group }));
          if (!(await analyses.saveReviewIn(tx, paper.analysisId!, userId, result, entries, now()))) {
            // confirmed or graded again in the meantime: the whole group stays as it was
            throw new AppError('conflict', analysisMessages.alreadyConfirmed, { status: 409 });
          }
        }
      });
      return { updated: reviewed.length };
    },

    /**
     * Confirms several papers at once (the single analysis's confirmation, logged in each), in one
     * transaction. Papers confirmed already are left as they are; a paper without a result answers 409.
     */
    async confirm(userId: string, id: string, analysisIds: string[]) {
      const set = await loadOwned(userId, id);
      const papers = await papersOf(set, analysisIds);
      if (papers.some((paper) => paper.status !== 'done')) {
        throw new AppError('conflict', analysisMessages.notReviewable, { status: 409 });
      }
      // a paper whose answers the engine could not all place is confirmed in the paper itself, where the
      // teacher sees the passages read (issue 32 §7): a confirmation in bulk would give it a grade unseen
      const unconfirmed = papers.filter((paper) => paper.reviewState !== 'confirmed');
      const unsure = (paper: (typeof papers)[number]) =>
        paper.result?.review_flags.some((flag) => flag.code === alignmentFlag) ?? false;
      const open = unconfirmed.filter((paper) => !unsure(paper));
      await analyses.transaction(async (tx) => {
        const at = now();
        for (const paper of open) {
          if (
            !(await analyses.confirmIn(tx, paper.analysisId!, userId, at, confirmedResult(paper.result!)))
          ) {
            throw new AppError('conflict', analysisMessages.alreadyConfirmed, { status: 409 });
          }
          // a paper released before and reopened since: its pupil's record follows and she is told
          await deps.grades.refresh(tx, paper.analysisId!, { confirmedAt: at });
        }
      });
      return { confirmed: open.length, placementUnsure: unconfirmed.length - open.length };
    },

    /** The class overview (issue 16 §5) over the confirmed papers. */
    async overview(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const { rows, graded } = await paperResults(set);
      return overviewOf(graded, rows.length, set.failingShareThreshold);
    },

    async updateSettings(userId: string, id: string, settings: { failingShareThreshold: number }) {
      await loadOwned(userId, id);
      await repository.saveSettings(userId, id, settings, now());
      return this.get(userId, id);
    },

    /**
     * Return to the students (issue 16 §6, ADR 0012 §6): every confirmed paper of a pupil with an account
     * becomes her grade record (one per analysis; a second release brings its figures up to date and adds
     * nothing) and she is told once, in the same transaction. Without any confirmed paper: 409.
     */
    async release(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const { rows } = await paperResults(set);
      const confirmed = rows.filter((row) => row.status === 'done' && row.reviewState === 'confirmed');
      if (confirmed.length === 0) {
        throw new AppError('conflict', classEvaluationMessages.notConfirmed, { status: 409 });
      }
      const withAccount = confirmed.filter((row) => row.studentUserId !== null);
      const title = set.testName || set.courseName;
      await analyses.transaction(async (tx) => {
        for (const row of withAccount) {
          await deps.grades.release(tx, {
            userId: row.studentUserId!,
            analysisId: row.analysisId!,
            releasedBy: userId,
            schoolId: set.schoolId,
            classId: row.classId ?? set.classId,
            courseId: set.courseId,
            subject: subjectOf(row.result ?? null, '', set.options.subject),
            courseName: set.courseName,
            type: gradeRecordTypes.classTest,
            title,
            achievedPoints: row.achievedPoints,
            totalPoints: row.totalPoints,
            grade: row.grade,
          });
        }
      });
      return {
        released: withAccount.length,
        withoutAccount: confirmed.length - withAccount.length,
        notConfirmed: rows.length - confirmed.length,
      };
    },

    /**
     * The class list as CSV (issue 16 §6, issue 34 §6): every pupil of the course, absent ones marked, the
     * points per task, the Notenschlüssel and, when due, the lines for the head's approval.
     */
    async exportCsv(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const { sheet, overview } = await exportSheet(set);
      return { body: buildCsv(sheet, approvalNotice(overview)), fileName: `${setFileName(set)}.csv` };
    },

    /** The Notenliste as a printable PDF (issue 16 §6, issue 34 §6), with what the CSV holds. */
    async notenlistePdf(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const { sheet, overview } = await exportSheet(set);
      const pdf = await renderPdf(notenlisteDocument(headerOf(set), sheet, overview));
      return { body: pdf, fileName: `Notenliste-${setFileName(set)}.pdf` };
    },

    /** One student's graded work as a printable PDF (issue 16 §6); a paper without a result is not found. */
    async paperPdf(userId: string, id: string, paperId: string) {
      const set = await loadOwned(userId, id);
      const { rows } = await paperResults(set);
      const row = rows.find((paper) => paper.paperId === paperId);
      if (!row || row.status !== 'done' || !row.result) throw setNotFound();
      const text = row.inputText?.trim() ? row.inputText : (row.extractedText ?? '');
      const pdf = await renderPdf(
        paperDocument(headerOf(set), { studentName: row.studentName, grade: row.grade }, row.result, text),
      );
      const name = asciiFileName(
        `${row.studentName} ${set.testName || set.courseName}`,
        exportLabels.fileName,
      );
      return { body: pdf, fileName: `${name}.pdf` };
    },

    /**
     * „Alle Schüler-PDFs“ as one ZIP (issue 34 §6): the graded work of every pupil with a graded paper, with
     * an account or without, one PDF each named by the pupil. The names are ASCII (a pupil's name never
     * becomes a path in the archive); two pupils of one name get a number.
     */
    async allPapersZip(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const papers = await printedPapers(set);
      const entries: Zippable = {};
      for (const paper of papers) {
        const base = asciiFileName(paper.studentName, exportLabels.pupilFileName);
        let name = `${base}.pdf`;
        for (let n = 2; name in entries; n += 1) name = `${base}-${n}.pdf`;
        // PDFs are compressed already: stored as they are
        const pdf = await renderPdf(paperDocument(headerOf(set), paper, paper.result, paper.studentText));
        entries[name] = [new Uint8Array(pdf), { level: 0 }];
      }
      return {
        body: Buffer.from(zipSync(entries)),
        fileName: `${exportLabels.allPapersFileName}-${setFileName(set)}.zip`,
      };
    },

    /** „Alle Schüler-PDFs“ as one file to print: every pupil's graded work, each from a new page. */
    async allPapersPdf(userId: string, id: string) {
      const set = await loadOwned(userId, id);
      const papers = await printedPapers(set);
      const pdf = await renderPdf(printDocument(headerOf(set), papers));
      return { body: pdf, fileName: `${exportLabels.allPapersFileName}-${setFileName(set)}.pdf` };
    },

    /**
     * Calls `onStatus` with the set's status and progress now and at every change of the set or one of its
     * papers (the trigger announces a paper's change under its set's id, ADR 0012 §4), until the returned
     * function is called. Another user's set is not found (404) before anything is followed.
     */
    async follow(
      userId: string,
      id: string,
      onStatus: (status: SetStatusView) => void,
      onClose: () => void,
    ): Promise<() => void> {
      await loadOwned(userId, id);
      return followChanges(deps.events, id, {
        read: () => statusView(userId, id),
        key: (current) => JSON.stringify(current),
        onValue: onStatus,
        onClose,
      });
    },

    /** The key file or a stack file of the user's own set. */
    async file(userId: string, id: string, fileId: string) {
      const file = await repository.findOwnedFile(userId, id, fileId);
      const data = file ? await storage.get(file.storageKey) : null;
      if (!file || !data) throw setNotFound();
      return { data, mimeType: file.mimeType };
    },
  };
}

export type ClassEvaluationsService = ReturnType<typeof createClassEvaluationsService>;
