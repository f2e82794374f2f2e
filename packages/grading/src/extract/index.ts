import { extractionMessages } from '@korrigo/domain';
import { ExtractionError, type ExtractedPage, type ExtractionResult, type InputFile } from '../types';
import { BrokenDocxError, DocxTooLargeError, extractDocx } from './docx.extractor';
import { detectFileType } from './file-type';
import {
  BrokenImageError,
  ImageTooLargeError,
  prepareImageForOcr,
  tooManyPixelsError,
} from './image-preprocess';
import type { OcrImage } from './ocr-page';
import { sharedOcrPool, type OcrEngine } from './ocr-pool';
import { oneAtATime } from './one-at-a-time';
import { extractPdf, MAX_PDF_PAGES, PdfReadError } from './pdf.extractor';
import { decodeText, hasContent, normalizeText } from './text-file.extractor';

export { OcrPool, shutdownOcr, type OcrEngine, type OcrMode, type OcrResult } from './ocr-pool';
export { detectFileType, type DetectedType } from './file-type';
export {
  ExtractionPool,
  ExtractionWorkerCrashedError,
  extractTextIsolated,
  warmUpExtraction,
  type ExtractionPoolOptions,
} from './extraction-pool';

/**
 * An OCR page whose mean word confidence is below this is not graded silently: the result asks the teacher
 * to check the transcription ('Bitte Transkription prüfen'). 70 is where Tesseract's LSTM output on clean
 * print (usually 85–96) ends and on handwriting or poor scans (usually 30–65) begins.
 */
export const OCR_REVIEW_CONFIDENCE = 70;

/** Larger than any upload the product accepts (9 MB in total, spec 001 §8); guards direct library use. */
const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** What a caller may set that also crosses into an extraction worker (plain data). */
export type ExtractLimits = {
  /** defaults to OCR_REVIEW_CONFIDENCE */
  reviewConfidence?: number;
  /** pages of one PDF; defaults to MAX_PDF_PAGES (a student's paper), a class set's stack allows more */
  maxPdfPages?: number;
  /**
   * false: photos and PDF pages without a usable text layer fail with `needs_ocr` before they are prepared,
   * rendered or recognised (a plan without text recognition must not cost its OCR); defaults to true
   */
  ocr?: boolean;
};

type ExtractOptions = ExtractLimits & {
  /** defaults to the shared pool sized to the cores; pass one to control its life yourself */
  ocrPool?: OcrEngine;
  signal?: AbortSignal;
};

type FilePages = { pages: ExtractedPage[]; hiddenText: string[] };

function ocrPage(
  fileIndex: number,
  pageIndex: number,
  ocr: { text: string; confidence: number; words: ExtractedPage['words'] },
): ExtractedPage {
  return {
    fileIndex,
    pageIndex,
    text: normalizeText(ocr.text).trim(),
    source: 'ocr',
    confidence: ocr.confidence,
    words: ocr.words,
  };
}

async function extractFile(
  file: InputFile,
  fileIndex: number,
  pool: () => OcrEngine,
  signal: AbortSignal,
  limits: { maxPdfPages: number; ocr: boolean },
): Promise<FilePages> {
  const { maxPdfPages, ocr } = limits;
  const fail = (code: ExtractionError['code'], message: string): never => {
    throw new ExtractionError(code, message, file.name);
  };
  if (file.data.length > MAX_FILE_BYTES) fail('too_large', extractionMessages.tooLarge(file.name, '25 MB'));
  if (file.data.length === 0) fail('empty', extractionMessages.empty(file.name));

  const type = detectFileType(file.data);
  switch (type) {
    case 'text': {
      const text = decodeText(file.data).trim();
      return {
        pages: [{ fileIndex, pageIndex: 0, text, source: 'plain-text', confidence: null, words: [] }],
        hiddenText: [],
      };
    }
    case 'docx': {
      try {
        const docx = await extractDocx(file.data);
        const text = normalizeText(docx.text).trim();
        return {
          pages: [{ fileIndex, pageIndex: 0, text, source: 'docx', confidence: null, words: [] }],
          hiddenText: docx.hiddenText.map(normalizeText),
        };
      } catch (error) {
        if (error instanceof BrokenDocxError) fail('broken_file', extractionMessages.brokenFile(file.name));
        if (error instanceof DocxTooLargeError) fail('too_large', extractionMessages.tooComplex(file.name));
        throw error;
      }
    }
    case 'png':
    case 'jpeg': {
      if (!ocr) fail('needs_ocr', extractionMessages.needsOcr(file.name));
      try {
        const image = await oneAtATime(() => prepareImageForOcr(file.data));
        return { pages: [ocrPage(fileIndex, 0, await pool().recognize(image))], hiddenText: [] };
      } catch (error) {
        if (error instanceof BrokenImageError) fail('broken_file', extractionMessages.brokenFile(file.name));
        if (error instanceof ImageTooLargeError) throw tooManyPixelsError(file.name);
        throw error;
      }
    }
    case 'pdf': {
      try {
        const recognize = ocr ? (image: OcrImage) => pool().recognize(image) : null;
        const pages = await extractPdf(file.data, recognize, signal, maxPdfPages);
        return {
          pages: pages.map((page) =>
            page.source === 'ocr'
              ? ocrPage(fileIndex, page.pageIndex, page.ocr)
              : {
                  fileIndex,
                  pageIndex: page.pageIndex,
                  text: normalizeText(page.text).trim(),
                  source: page.source,
                  confidence: null,
                  words: [],
                },
          ),
          hiddenText: [],
        };
      } catch (error) {
        if (!(error instanceof PdfReadError)) throw error;
        if (error.reason === 'encrypted') fail('encrypted', extractionMessages.encrypted(file.name));
        if (error.reason === 'needs_ocr') fail('needs_ocr', extractionMessages.needsOcr(file.name));
        if (error.reason === 'too_large') {
          fail('too_large', extractionMessages.tooLarge(file.name, `${maxPdfPages} Seiten`));
        }
        return fail('broken_file', extractionMessages.brokenFile(file.name));
      }
    }
    case 'unknown':
      return fail('unsupported_type', extractionMessages.unsupportedType(file.name));
  }
}

/**
 * Reads the text of a student's files: plain text (UTF-8 or Windows-1252), DOCX, PDF text layers, and OCR
 * (German model) for images and for PDF pages without a usable text layer. The type comes from the
 * content, not the name. A file that cannot be read, or that holds no text at all, raises an
 * ExtractionError with a German message naming the file.
 *
 * OCR word boxes are in pixels of PDF pages rendered at 300 dpi and of uploaded images at their own size
 * (only crops under 40 px are enlarged, photos over 5000 px reduced), even where Tesseract read a page
 * reduced or in strips.
 * The signal is checked between files and PDF pages; a running OCR job is not interrupted. When one file
 * fails, the others stop at their next page and the first failure is thrown once all have stopped.
 */
export async function extractText(
  files: InputFile[],
  options: ExtractOptions = {},
): Promise<ExtractionResult> {
  if (files.length === 0) throw new ExtractionError('empty', extractionMessages.noFiles);
  options.signal?.throwIfAborted();
  const pool = () => options.ocrPool ?? sharedOcrPool();
  const reviewConfidence = options.reviewConfidence ?? OCR_REVIEW_CONFIDENCE;

  // The first file that fails stops the others at their next page: they must not run on unseen, holding
  // memory and CPU (in an extraction worker, the next extraction would meet them).
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let firstFailure: { error: unknown } | null = null;
  const settled = await Promise.allSettled(
    files.map(async (file, fileIndex) => {
      try {
        const result = await extractFile(file, fileIndex, pool, signal, {
          maxPdfPages: options.maxPdfPages ?? MAX_PDF_PAGES,
          ocr: options.ocr ?? true,
        });
        signal.throwIfAborted();
        if (!result.pages.some((page) => hasContent(page.text))) {
          throw new ExtractionError('empty', extractionMessages.empty(file.name), file.name);
        }
        return result;
      } catch (error) {
        firstFailure ??= { error };
        stop.abort();
        throw error;
      }
    }),
  );
  if (firstFailure) throw (firstFailure as { error: unknown }).error;
  const perFile = settled.map((outcome) => (outcome as PromiseFulfilledResult<FilePages>).value);

  const pages = perFile.flatMap((file) => file.pages);
  return {
    text: pages
      .map((page) => page.text)
      .filter((text) => text !== '')
      .join('\n\n'),
    pages,
    // Blank pages (the back of a scanned sheet) have nothing to check; pages with text need a good reading.
    needsReview: pages.some(
      (page) => page.source === 'ocr' && hasContent(page.text) && (page.confidence ?? 0) < reviewConfidence,
    ),
    hiddenText: perFile.flatMap((file) => file.hiddenText),
  };
}
