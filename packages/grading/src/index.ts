// grade() and the builtin provider live in their own module: the grading worker threads import them without
// the extractors (pdf.js, the canvas, Tesseract) that this index also exports
export { builtinProvider, grade } from './grade';
export { ENGINE_VERSION, gradeBuiltin } from './compose';
export { finalise } from './finalise';
export {
  ExtractionPool,
  ExtractionWorkerCrashedError,
  extractText,
  extractTextIsolated,
  warmUpExtraction,
  type ExtractionPoolOptions,
  type ExtractLimits,
} from './extract';
export { mathsDoubts, MATHS_TOKEN_CONFIDENCE, type MathsDoubt } from './maths/ocr-doubts';
export { segment, type Segmentation, type SegmentTask, type SegmentSubtask } from './segment/segment';
export { loadDictionaries as warmUpLanguageCheck } from './language/check-language';
export * from './llm';
export * from './types';
export * from './companion';
export * from './class-set';
export {
  GRADING_TIMEOUT_MS,
  GradingPool,
  GradingWorkerCrashedError,
  gradeIsolated,
  warmUpGrading,
  type GradingPoolOptions,
} from './grading-pool/grading-pool';
