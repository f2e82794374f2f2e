import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import {
  analysisCreditCost,
  analysisMessages,
  analysisOptionsSchema,
  analysisUploadLimits,
  gradedTextOf,
  isSettledStatus,
  suggestionLabel,
  type AnalysisResult,
  type AnalysisStatus,
  type AnalysisDetail,
  type CreateAnalysisFields,
  type ExtractedPageView,
  type ReviewChange,
  type analysisListItemSchema,
  type generateResponseRequestSchema,
} from '@korrigo/domain';
import { ExtractionError, type GradeInput, type GradeOptions } from '@korrigo/grading';
import { AppError, notFound } from '../../platform/errors';
import { transactionExecutor, type JobDefinition, type Jobs } from '../../platform/jobs';
import type { Storage } from '../../platform/storage';
import type { CreditsRepository } from '../credits/credits.repository';
import { isEssay, type Plans } from '../plans/plans.service';
import type { GradeRecords } from '../grades/grades.records';
import type {
  AnalysisListRow,
  AnalysisRepository,
  AnalysisRow,
  AnalysisValues,
  Transaction,
} from './analysis.repository';
import { followChanges, type AnalysisEvents } from './analysis.events';
import {
  courseClassOf,
  gradeRequestOf,
  pagesForReview,
  type Extract,
  type GradeAnalysisPayload,
} from './analysis.job';
import { confirmedResult, placeAnswer, reviewResult } from './analysis.review';

/** A file as it arrived: bytes plus the name the uploader gave it. */
export type UploadedFile = { name: string; data: Buffer };

const uuid = z.uuid();

/** What the event stream sends and `/status` answers. */
export type StatusView = {
  id: string;
  status: AnalysisStatus;
  errorMessage: string | null;
  updatedAt: string;
};

const docxMime = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** True for bytes that read as text: no NUL and almost no control characters (TXT has no magic number). */
export function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, 64 * 1024);
  if (sample.length === 0) return false;
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls += 1;
  }
  return controls <= sample.length * 0.01;
}

/** The file's type from its content (spec 001 §5 list); the name and the declared type are not trusted. */
export async function mimeByContent(data: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (
      detected.mime === 'application/pdf' ||
      detected.mime === 'image/png' ||
      detected.mime === 'image/jpeg'
    ) {
      return detected.mime;
    }
    if (detected.mime === docxMime) return docxMime;
    return null;
  }
  return looksLikeText(data) ? 'text/plain' : null;
}

/** spec 001 §5: at most 3 files, 9 MB in total, each of an allowed type by content. */
export async function checkUploads(files: UploadedFile[]): Promise<string[]> {
  if (files.length > analysisUploadLimits.maxFiles) {
    throw new AppError('too_many_files', analysisMessages.tooManyFiles, { status: 400 });
  }
  const total = files.reduce((sum, file) => sum + file.data.length, 0);
  if (total > analysisUploadLimits.maxTotalBytes) {
    throw new AppError('payload_too_large', analysisMessages.totalTooLarge, { status: 413 });
  }
  const types: string[] = [];
  for (const file of files) {
    const mime = await mimeByContent(file.data);
    if (!mime) {
      throw new AppError('unsupported_media_type', analysisMessages.unsupportedFile(file.name), {
        status: 415,
      });
    }
    types.push(mime);
  }
  return types;
}

function toPages(pages: AnalysisRow['extractionPages']): ExtractedPageView[] {
  // pages stored before issue 34 have no uncertain lines
  return (pages ?? []).map((page) => ({ ...page, uncertainLines: page.uncertainLines ?? [] }));
}

/** A list row as the API gives it (analysis list, history, dashboard). */
export function toListItem(row: AnalysisListRow): z.infer<typeof analysisListItemSchema> {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    student_name: row.studentName,
    grade_level: row.gradeLevel,
    subject: row.subject,
    grade: row.grade,
    achieved_points: row.achievedPoints,
    total_points: row.totalPoints,
    reviewState: row.reviewState,
    createdAt: row.createdAt.toISOString(),
    // a course name is stored exactly when the analysis was linked; the ids may have fallen to null since
    courseLink:
      row.courseName === null
        ? null
        : {
            courseId: row.courseId,
            courseName: row.courseName,
            studentId: row.classStudentId,
            studentName: row.studentName,
            schoolId: row.schoolId,
            classId: row.classId,
          },
  };
}

/** A stored file of a new analysis: already in the storage, its type checked by content. */
export type QueuedFile = { storageKey: string; originalName: string; mimeType: string; sizeBytes: number };

/**
 * Inside the caller's transaction, after the credit was reserved: the analysis (status `processing`), its
 * files, the charge and its `grade-analysis` job. The one place a queued analysis is made, for a single
 * analysis and for each paper of a class set; the caller nudges the queue after the commit.
 */
export async function queueAnalysis(
  deps: {
    repository: AnalysisRepository;
    credits: CreditsRepository;
    jobs: Jobs;
    gradeJob: JobDefinition<GradeAnalysisPayload>;
  },
  tx: Transaction,
  values: Omit<AnalysisValues, 'status'>,
  files: QueuedFile[],
  /** text read from pixels already (a paper cut from a scanned stack): it waits for the teacher's check first */
  awaitTranscription = false,
): Promise<AnalysisRow> {
  const row = await deps.repository.insert(tx, {
    ...values,
    status: awaitTranscription ? 'needs_transcription' : 'processing',
  });
  await deps.repository.insertFiles(
    tx,
    files.map((file, position) => ({
      analysisId: row.id,
      position,
      storageKey: file.storageKey,
      originalName: file.originalName.slice(0, 255),
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
    })),
  );
  await deps.credits.recordCharge(tx, row.id, values.userId, analysisCreditCost);
  // a waiting analysis gets its job when the teacher sends her checked text (transcription)
  if (!awaitTranscription)
    await deps.jobs.send(deps.gradeJob, { analysisId: row.id }, transactionExecutor(tx));
  return row;
}

export function createAnalysisService(deps: {
  repository: AnalysisRepository;
  credits: CreditsRepository;
  storage: Storage;
  jobs: Jobs;
  gradeJob: JobDefinition<GradeAnalysisPayload>;
  extract: Extract;
  events: AnalysisEvents;
  /** model choices of the configured LLM; empty with the builtin engine, which ignores the model */
  models: string[];
  /** grade records follow the reviewed result (issue 17) */
  grades: Pick<GradeRecords, 'refresh' | 'releaseState'>;
  /** what the user's plan allows (issue 20): OCR for photos, essays, the month's analyses */
  plans: Plans;
  /** the builtin engine, for grading a paper again after the teacher placed an answer (issue 32 §2) */
  regrade: (input: GradeInput, options: GradeOptions) => Promise<AnalysisResult>;
  now?: () => Date;
}) {
  const { repository, credits, storage, jobs, plans } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The Analysis record (spec 001 §3, issue 15 §7) for the chosen course and pupil, or null without them.
   * Only a course the teacher teaches (else 404, as for any other teacher's record) and one of its
   * participants count; the names are snapshots, the roster name is the student name.
   */
  async function courseLinkOf(userId: string, fields: Pick<CreateAnalysisFields, 'courseId' | 'studentId'>) {
    if (fields.courseId === undefined && fields.studentId === undefined) return null;
    if (!fields.courseId || !fields.studentId) {
      throw new AppError('validation', analysisMessages.courseAndStudent, {
        fields: { [fields.courseId ? 'studentId' : 'courseId']: analysisMessages.courseAndStudent },
      });
    }
    // the compatibility route's ids are free text: one that is no uuid names no course
    const course = uuid.safeParse(fields.courseId).success
      ? await repository.findTaughtCourse(userId, fields.courseId)
      : undefined;
    if (!course) throw new AppError('not_found', analysisMessages.courseNotFound, { status: 404 });
    const student = uuid.safeParse(fields.studentId).success
      ? await repository.findParticipant(course.id, fields.studentId)
      : undefined;
    if (!student) {
      throw new AppError('validation', analysisMessages.studentNotInCourse, {
        fields: { studentId: analysisMessages.studentNotInCourse },
      });
    }
    return {
      courseId: course.id,
      courseName: course.name,
      classStudentId: student.id,
      studentName: student.name,
      schoolId: course.schoolId,
      classId: student.classId,
    };
  }

  async function loadOwned(userId: string, id: string) {
    const row = await repository.findOwned(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Review, confirmation and reopening are the teacher's (issue 33 §5; spec 001 §6 'analysis and class tools
   * are teacher-oriented'): a pupil reads her self-check and cannot dismiss her own errors. Her own analysis
   * is still hers, so the check comes after the ownership check (another's stays a 404).
   */
  async function loadForReview(userId: string, id: string) {
    const row = await loadOwned(userId, id);
    if ((await repository.readerOf(userId)) === 'student') {
      throw new AppError('forbidden', analysisMessages.reviewTeachersOnly, { status: 403 });
    }
    return row;
  }

  async function status(userId: string, id: string): Promise<StatusView> {
    const row = await loadOwned(userId, id);
    return {
      id: row.id,
      status: row.status,
      errorMessage: row.errorMessage,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Calls `onStatus` with the analysis's status now and at every change, fed by the database's change
   * notifications (analysis.events.ts, ADR 0009), until the returned function is called; `onClose` when the
   * process shuts down. Another user's analysis is not found (404) before anything is followed.
   */
  async function follow(
    userId: string,
    id: string,
    onStatus: (status: StatusView) => void,
    onClose: () => void,
  ): Promise<() => void> {
    await loadOwned(userId, id);
    return followChanges(deps.events, id, {
      read: () => status(userId, id),
      key: (current) => current.status,
      onValue: onStatus,
      onClose,
    });
  }

  /** The status once the analysis is done or failed, or null when `waitMs` passed first. */
  function settled(userId: string, id: string, waitMs: number): Promise<StatusView | null> {
    return new Promise((resolve, reject) => {
      let finished = false;
      let stop: (() => void) | undefined;
      const finish = (value: StatusView | null) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        stop?.();
        resolve(value);
      };
      const timer = setTimeout(() => finish(null), waitMs);
      follow(
        userId,
        id,
        (current) => {
          if (isSettledStatus(current.status)) finish(current);
        },
        () => finish(null),
      ).then(
        (unfollow) => {
          stop = unfollow;
          if (finished) unfollow();
        },
        (error: unknown) => {
          finished = true;
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  async function detail(row: AnalysisRow): Promise<AnalysisDetail> {
    const [files, changes, release] = await Promise.all([
      repository.listFiles(row.id),
      repository.listChanges(row.id),
      deps.grades.releaseState(row),
    ]);
    return {
      ...toListItem(row),
      test: gradedTextOf(row),
      inputText: row.inputText,
      extractedText: row.extractedText,
      pages: toPages(row.extractionPages),
      files: files.map((file) => ({
        id: file.id,
        name: file.originalName,
        mimeType: file.mimeType,
        size: file.sizeBytes,
      })),
      options: analysisOptionsSchema.parse(row.options),
      answerKeyTestId: row.answerKeyTestId,
      answerKeyText: row.answerKeyText,
      result: row.result,
      suggestedResult: row.suggestedResult,
      reviewLabel: row.status === 'done' && row.reviewState === 'suggested' ? suggestionLabel : null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      errorMessage: row.errorMessage,
      completedAt: row.completedAt?.toISOString() ?? null,
      filesDeletedAt: row.filesDeletedAt?.toISOString() ?? null,
      release,
      changes: changes.map((change) => ({
        id: change.id,
        userId: change.userId,
        createdAt: change.createdAt.toISOString(),
        change: change.change,
      })),
    };
  }

  return {
    /**
     * Checks the input, reserves the credit, stores the files, and creates the analysis with its grading job
     * in one transaction (ARCHITECTURE.md §2): either both exist or neither, and the credit with them.
     */
    async create(userId: string, fields: CreateAnalysisFields, files: UploadedFile[]) {
      const mimeTypes = await checkUploads(files);
      const answerKey = fields.selectedTestId
        ? await repository.findOwnedTest(userId, fields.selectedTestId)
        : undefined;
      if (fields.selectedTestId && !answerKey) {
        throw new AppError('not_found', analysisMessages.testNotFound, { status: 404 });
      }
      const answerKeyText = fields.answerKeyText.trim();
      if (answerKey && answerKeyText) {
        throw new AppError('validation', analysisMessages.keyTwice, {
          fields: { answerKeyText: analysisMessages.keyTwice },
        });
      }
      if (!fields.text.trim() && files.length === 0 && !answerKey) {
        throw new AppError('validation', analysisMessages.emptyInput, {
          fields: { text: analysisMessages.emptyInput },
        });
      }
      const link = await courseLinkOf(userId, fields);
      const options = analysisOptionsSchema.parse(fields.options);
      if (options.model && deps.models.length > 0 && !deps.models.includes(options.model)) {
        throw new AppError('validation', analysisMessages.unknownModel, {
          fields: { model: analysisMessages.unknownModel },
        });
      }
      // photos are read by text recognition, which not every plan has; scanned PDFs are found by the job
      if (mimeTypes.some((type) => type.startsWith('image/'))) await plans.requireFeature(userId, 'ocr');
      if (files.length === 0 && isEssay(fields.text)) await plans.requireFeature(userId, 'essayAnalysis');
      // read before the transaction: PGlite's one connection is the transaction's until it ends
      const noCredits = await plans.analysesRefusal(userId);
      // a cheap early answer for an empty balance; the UPDATE below is what decides
      if ((await credits.remaining(userId, now())) <= 0) throw noCredits;

      const keys: string[] = [];
      try {
        for (const file of files) keys.push(await storage.put(`uploads/${userId}`, file.data));
        const created = await repository.transaction(async (tx) => {
          const remaining = await credits.reserve(tx, userId, now(), analysisCreditCost);
          if (remaining === null) throw noCredits;
          const row = await queueAnalysis(
            { repository, credits, jobs, gradeJob: deps.gradeJob },
            tx,
            {
              userId,
              title: fields.title || answerKey?.title || '',
              studentName: fields.studentName,
              ...link,
              subject: options.subject,
              gradeLevel: options.gradeLevel,
              inputText: fields.text,
              options,
              answerKeyTestId: answerKey?.id ?? null,
              answerKey: answerKey ?? null,
              answerKeyText: answerKeyText || null,
              createdAt: now(),
              updatedAt: now(),
            },
            files.map((file, position) => ({
              storageKey: keys[position]!,
              originalName: file.name,
              mimeType: mimeTypes[position]!,
              sizeBytes: file.data.length,
            })),
          );
          return { id: row.id, remaining };
        });
        jobs.nudge(deps.gradeJob.name);
        return {
          id: created.id,
          status: 'processing' as const,
          remainingCredits: Number.isFinite(created.remaining) ? created.remaining : null,
        };
      } catch (error) {
        await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },

    async get(userId: string, id: string) {
      return detail(await loadOwned(userId, id));
    },

    status,
    follow,

    /**
     * The teacher's checked transcription (ADR 0009): it replaces the recognised text and the same grading
     * job is queued again, which grades it without reading the files again. 409 unless the analysis waits.
     */
    async transcription(userId: string, id: string, text: string) {
      const row = await loadOwned(userId, id);
      if (row.status !== 'needs_transcription') {
        throw new AppError('conflict', analysisMessages.notAwaitingTranscription, { status: 409 });
      }
      const resumed = await repository.transaction(async (tx) => {
        if (!(await repository.resumeWithTranscription(tx, id, userId, text.trim(), now()))) return false;
        await jobs.send(deps.gradeJob, { analysisId: id }, transactionExecutor(tx));
        return true;
      });
      // sent twice, or another tab was quicker
      if (!resumed)
        throw new AppError('conflict', analysisMessages.notAwaitingTranscription, { status: 409 });
      jobs.nudge(deps.gradeJob.name);
      return status(userId, id);
    },

    /** One uploaded file of the user's own analysis, for the transcription check's page images. */
    async file(userId: string, id: string, fileId: string) {
      const file = await repository.findOwnedFile(userId, id, fileId);
      const data = file ? await storage.get(file.storageKey) : null;
      if (!file || !data) throw notFound();
      return { data, mimeType: file.mimeType };
    },

    async list(userId: string) {
      const rows = await repository.listOwned(userId);
      return { analyses: rows.map(toListItem) };
    },

    /** The teacher's changes (issue 5 §5): each one applied in order and logged with what it replaced. */
    async review(userId: string, id: string, changes: ReviewChange[]) {
      const row = await loadForReview(userId, id);
      if (row.status !== 'done' || !row.result) {
        throw new AppError('conflict', analysisMessages.notReviewable, { status: 409 });
      }
      if (row.reviewState === 'confirmed') {
        throw new AppError('conflict', analysisMessages.alreadyConfirmed, { status: 409 });
      }
      const placing = changes.find((change) => change.type === 'place_answer');
      if (placing && changes.length > 1) throw new AppError('validation', analysisMessages.placementAlone);
      const { result, log } = placing
        ? await placeAnswer(row.result, placing, async (placements) => {
            const { answerKey, gradeOptions } = gradeRequestOf(row, true, row.result!.audience ?? 'teacher');
            return deps.regrade(
              {
                text: gradedTextOf(row),
                ...(answerKey ? { answerKey } : {}),
                ...(row.title ? { title: row.title } : {}),
                ...(row.studentName ? { studentName: row.studentName } : {}),
                ...(await courseClassOf(repository, row)),
              },
              { ...gradeOptions, placements },
            );
          })
        : reviewResult(row.result, changes);
      // a released result: the pupil's record follows every change (issue 17 §1)
      const saved = await repository.transaction(async (tx) => {
        if (!(await repository.saveReviewIn(tx, id, userId, result, log, now()))) return false;
        await deps.grades.refresh(tx, id);
        return true;
      });
      if (!saved) throw new AppError('conflict', analysisMessages.alreadyConfirmed, { status: 409 });
      return detail(await loadOwned(userId, id));
    },

    async confirm(userId: string, id: string) {
      const row = await loadForReview(userId, id);
      if (row.status !== 'done' || !row.result)
        throw new AppError('conflict', analysisMessages.notReviewable, { status: 409 });
      const result = confirmedResult(row.result);
      // a released result confirmed again: the pupils' records take the new figures and they are told, in
      // the confirmation's transaction (issue 17 §1)
      const confirmed = await repository.transaction(async (tx) => {
        const at = now();
        if (!(await repository.confirmIn(tx, id, userId, at, result))) return false;
        await deps.grades.refresh(tx, id, { confirmedAt: at });
        return true;
      });
      if (!confirmed) {
        throw new AppError('conflict', analysisMessages.alreadyConfirmed, { status: 409 });
      }
      return detail(await loadOwned(userId, id));
    },

    /**
     * Takes a confirmed result back to a suggestion so the teacher can change it again (issue 14 §10): the
     * only way to change a confirmed result. Logged with the state before and after.
     */
    async reopen(userId: string, id: string) {
      const row = await loadForReview(userId, id);
      if (row.status !== 'done' || row.reviewState !== 'confirmed') {
        throw new AppError('conflict', analysisMessages.notConfirmed, { status: 409 });
      }
      if (!(await repository.reopen(id, userId, now()))) {
        throw new AppError('conflict', analysisMessages.notConfirmed, { status: 409 });
      }
      return detail(await loadOwned(userId, id));
    },

    /**
     * Text recognition alone (spec 001 §7 callers; the web uploads once to `POST /api/analyses`). The same
     * extractor as the job's (analysis.module.ts), so both read a file alike.
     */
    async extract(userId: string, files: UploadedFile[]) {
      const mimeTypes = await checkUploads(files);
      if (files.length === 0) throw new AppError('validation', analysisMessages.emptyInput);
      const noOcr = await plans.refusalOf(userId, 'ocr');
      if (noOcr && mimeTypes.some((type) => type.startsWith('image/'))) throw noOcr;
      try {
        // a scanned PDF is only known once read: without OCR in the plan it stops before any page is recognised
        const extraction = await deps.extract(
          files.map((file) => ({ name: file.name, data: file.data })),
          { ocr: !noOcr },
        );
        return {
          extractedContent: extraction.text,
          needsReview: extraction.needsReview,
          hiddenText: extraction.hiddenText,
          pages: pagesForReview(extraction),
        };
      } catch (error) {
        if (noOcr && error instanceof ExtractionError && error.code === 'needs_ocr') throw noOcr;
        if (error instanceof ExtractionError) {
          throw new AppError('unprocessable', error.message, { status: 422 });
        }
        throw error;
      }
    },

    /**
     * spec 001 §7 `POST /generate-response`: the same analysis as `POST /api/analyses`, answered when it is
     * done with the result as a JSON string in `response`.
     */
    async generateResponse(
      userId: string,
      body: z.output<typeof generateResponseRequestSchema>,
      waitMs = 180_000,
    ) {
      if (body.fileUrls.length > 0) throw new AppError('validation', analysisMessages.fileUrlsUnsupported);
      const created = await this.create(
        userId,
        {
          text: body.userMessage,
          title: '',
          studentName: body.studentName ?? '',
          answerKeyText: '',
          // courseName, schoolId and classId of the old payload are read from the course, never trusted
          ...(body.courseId !== undefined ? { courseId: body.courseId } : {}),
          ...(body.studentId !== undefined ? { studentId: body.studentId } : {}),
          ...(body.selectedTestId ? { selectedTestId: body.selectedTestId } : {}),
          options: analysisOptionsSchema.parse({
            ...(body.subject ? { subject: body.subject } : {}),
            ...(body.grade ? { gradeLevel: body.grade } : {}),
            ...(body.depth ? { depth: body.depth } : {}),
            ...(body.model ? { model: body.model } : {}),
            ...(body.userTemp !== undefined ? { temperature: body.userTemp } : {}),
            ...(body.customInstructions ? { customInstructions: body.customInstructions } : {}),
          }),
        },
        [],
      );
      // followed through the database's change notifications like the web's event stream, never polled
      const end = await settled(userId, created.id, waitMs);
      const row = end?.status === 'done' ? await repository.findById(created.id) : undefined;
      if (row?.result) return { response: JSON.stringify(row.result), analysisId: created.id };
      if (end?.status === 'failed') {
        throw new AppError('analysis_failed', end.errorMessage ?? analysisMessages.gradingFailed, {
          status: 422,
        });
      }
      throw new AppError('unavailable', analysisMessages.waitTimedOut, { status: 503 });
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
