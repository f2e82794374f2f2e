import type { AnalysisResult, AnswerPlacement, FeedbackOptionId, GradingScaleId } from '@korrigo/domain';

/** A file handed to the engine: bytes plus what the uploader said it is (the engine checks the content). */
export type InputFile = {
  name: string;
  mimeType?: string;
  data: Uint8Array;
};

export type ExtractedWord = {
  text: string;
  /** 0..100 as tesseract reports it */
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
};

export type ExtractedPage = {
  /** which file (index into the files given) and which page of it, both from 0 */
  fileIndex: number;
  pageIndex: number;
  text: string;
  source: 'plain-text' | 'docx' | 'pdf-text-layer' | 'ocr';
  /** mean OCR confidence 0..100; null when the text was not recognised from pixels */
  confidence: number | null;
  /** OCR words with their confidences (only for source 'ocr') */
  words: ExtractedWord[];
};

export type ExtractionResult = {
  /** all pages' text joined with blank lines, in file and page order */
  text: string;
  pages: ExtractedPage[];
  /** true when some page's OCR confidence is too low to grade without a human look */
  needsReview: boolean;
  /** hidden text found in the files (e.g. white or tiny text in DOCX), kept apart from `text` */
  hiddenText: string[];
};

export type ExtractionErrorCode =
  | 'unsupported_type'
  | 'broken_file'
  | 'encrypted'
  | 'empty'
  | 'too_large'
  /** a photo or a scanned page, and the caller said `ocr: false` (a plan without text recognition) */
  | 'needs_ocr'
  /** the reading died (out of memory, out of time): see ExtractionWorkerCrashedError */
  | 'not_processed';

/** A file the engine cannot read. `message` is German and shown to the user as it is. */
export class ExtractionError extends Error {
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
    readonly fileName?: string,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/**
 * The answer key: a saved test of the test creator, or a teacher's Erwartungshorizont as text with inline
 * point marks such as "(2 P)" or "(0.25 P)".
 */
export type AnswerKey =
  { kind: 'test'; test: import('@korrigo/domain').SavedTest } | { kind: 'text'; text: string };

export type GradeInput = {
  /** the student's work as text (typed, or extracted from files) */
  text: string;
  /** present when the text came from files: confidences and hidden text travel with it */
  extraction?: ExtractionResult;
  answerKey?: AnswerKey;
  title?: string;
  studentName?: string;
  /**
   * the pupil's class when the paper belongs to a course (the roster knows it): the result's 'Klasse' when
   * the teacher chose no class level, before what the paper's header says (issue 34 §8)
   */
  className?: string;
};

export type GradeOptions = {
  subject?: string;
  gradeLevel?: string;
  depth?: string;
  feedback?: FeedbackOptionId[];
  /** one of AI_MODELS; ignored by the builtin engine */
  model?: string;
  /** 0..2, default 0.1; ignored by the builtin engine */
  temperature?: number;
  customInstructions?: string;
  /**
   * the Notenschlüssel chosen for this analysis; without it the saved test's, else the default. A table
   * written in a text key wins over both (see chooseGradingScale).
   */
  gradingScale?: GradingScaleId;
  /** who reads the result: a pupil's own analysis speaks to her (ADR 0013); default the teacher */
  audience?: 'teacher' | 'student';
  /**
   * the teacher's placements of answers (issue 32 §2): the builtin engine reads those lines as the unit's
   * answer and takes them out of every other unit's; an LLM provider ignores them
   */
  placements?: AnswerPlacement[];
  /** ISO date for metadata.date; defaults to today (pass it for reproducible output) */
  date?: string;
  signal?: AbortSignal;
};

/** What a provider reports about one grading, for the `ai_runs` audit row (and each result's engine_version). */
export type GradingRun = {
  engine: 'builtin' | 'llm';
  /** the builtin engine's ENGINE_VERSION; for the LLM, model and prompt version */
  version: string;
  /** the model that grades (LLM only) */
  model: string | null;
  /** the grading prompt's version (LLM only) */
  promptVersion: string | null;
};

/** A grading engine. The builtin one is deterministic and offline; the LLM one is configured. */
export type GradingProvider = {
  readonly name: 'builtin' | 'llm';
  /** what this provider will report for a grading with these options (the LLM resolves its model) */
  describe(options: GradeOptions): GradingRun;
  grade(input: GradeInput, options: GradeOptions): Promise<AnalysisResult>;
};
