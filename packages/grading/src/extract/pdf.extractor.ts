import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from './pdfjs';
import { MAX_IMAGE_PIXELS, rgbaToOcrImage } from './image-preprocess';
import type { OcrImage } from './ocr-page';
import { oneAtATime } from './one-at-a-time';
import type { OcrResult } from './ocr-pool';

type PdfPage =
  | { pageIndex: number; source: 'pdf-text-layer'; text: string }
  | { pageIndex: number; source: 'ocr'; text: string; ocr: OcrResult };

type PdfFailure = 'encrypted' | 'broken_file' | 'too_large' | 'needs_ocr';

/** A brief marker for a PDF we cannot read; the caller turns it into a German ExtractionError. */
export class PdfReadError extends Error {
  constructor(readonly reason: PdfFailure) {
    super(`PDF: ${reason}`);
  }
}

/** Scans are rendered at the resolution Tesseract is trained for. */
const OCR_DPI = 300;
/** 2.3 × an A4 page at 300 dpi; ~80 MB of RGBA while rendering */
const MAX_RENDER_PIXELS = 20_000_000;
/** Rendered pages handed to OCR and not yet read: one being read while the next is rendered, and one more. */
const MAX_PAGES_WAITING_FOR_OCR = 2;
/** Enough for any school test; a longer PDF is very likely not a student's work and would tie up OCR. */
export const MAX_PDF_PAGES = 40;
/**
 * A page whose text layer is shorter than this but which shows images is treated as a scan with a printed
 * header (a name line, a page number): OCR of the whole page also reads the header.
 */
const MIN_TEXT_ON_IMAGE_PAGE = 40;

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const asFolderUrl = (folder: string) => `${path.join(pdfjsRoot, folder)}${path.sep}`;

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

const IMAGE_OPERATORS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintSolidColorImageMask,
]);
/** Operators that put ink on the page: paths (also tablet ink annotations), text, shadings. */
const MARKING_OPERATORS = new Set<number>([
  ...IMAGE_OPERATORS,
  OPS.constructPath,
  OPS.rawFillPath,
  OPS.stroke,
  OPS.closeStroke,
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
  OPS.shadingFill,
]);

async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given; give it a copy.
    data: new Uint8Array(data),
    standardFontDataUrl: asFolderUrl('standard_fonts'),
    cMapUrl: asFolderUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: asFolderUrl('wasm'),
    iccUrl: asFolderUrl('iccs'),
    isEvalSupported: false,
    // an embedded image declaring more pixels is not decoded (not drawn) rather than allocated
    maxImageSize: MAX_IMAGE_PIXELS,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = error instanceof Error ? error.name : '';
    throw new PdfReadError(name === 'PasswordException' ? 'encrypted' : 'broken_file');
  }
}

async function readTextLayer(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  let lastY: number | null = null;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const y = item.transform[5] as number;
    // A jump in the baseline without an end-of-line mark still starts a new line (e.g. table cells).
    if (lastY !== null && Math.abs(y - lastY) > Math.max(2, item.height * 0.5) && !text.endsWith('\n')) {
      text += '\n';
    }
    text += item.str;
    if (item.hasEOL) text += '\n';
    lastY = y;
  }
  return text;
}

/** What the page paints: images (a scan?) and anything at all (a blank page needs no OCR). */
async function inspectPage(page: PDFPageProxy): Promise<{ hasImages: boolean; hasMarks: boolean }> {
  const operators = await page.getOperatorList();
  return {
    hasImages: operators.fnArray.some((operator) => IMAGE_OPERATORS.has(operator)),
    hasMarks: operators.fnArray.some((operator) => MARKING_OPERATORS.has(operator)),
  };
}

/**
 * A text layer is usable when it has readable characters; fonts without a Unicode mapping produce
 * private-use or replacement characters instead, and those pages are better read from their pixels.
 */
export function isUsableTextLayer(text: string, pageHasImages: boolean): boolean {
  const characters = [...text.replace(/\s+/g, '')];
  if (characters.length === 0) return false;
  const unreadable = characters.filter((char) => /[\p{Co}\p{Cc}\uFFFD]/u.test(char)).length;
  if (unreadable / characters.length > 0.2) return false;
  if (pageHasImages && characters.length < MIN_TEXT_ON_IMAGE_PAGE) return false;
  return true;
}

/**
 * Renders a page with pdf.js's own canvas factory. pdf.js brings its own copy of @napi-rs/canvas, whose
 * objects must not meet ours (a Path2D or canvas of one copy in the other crashes the process), so only
 * the raw pixels cross over.
 */
async function renderPage(page: PDFPageProxy, pdf: PDFDocumentProxy): Promise<OcrImage> {
  const pointsArea = page.getViewport({ scale: 1 }).width * page.getViewport({ scale: 1 }).height;
  // 300 dpi, but an oversized page (a poster, a photo placed at its pixel size) stays within memory.
  const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_RENDER_PIXELS / pointsArea));
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = pdf.canvasFactory as {
    create(width: number, height: number): { canvas: unknown; context: unknown };
    destroy(entry: unknown): void;
  };
  const entry = factory.create(width, height);
  try {
    await page.render({
      canvas: entry.canvas as RenderParameters['canvas'],
      canvasContext: entry.context as RenderParameters['canvasContext'],
      viewport,
      background: '#ffffff',
    }).promise;
    const context = entry.context as {
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    };
    const pixels = context.getImageData(0, 0, width, height).data;
    // Rendered on white: no compositing needed; the OCR pool reduces pages with large text itself.
    return rgbaToOcrImage(pixels, width, height);
  } finally {
    factory.destroy(entry);
  }
}

/**
 * Reads every page of a PDF: the text layer where it is usable, otherwise the page rendered at 300 dpi and
 * recognised by OCR. Rendering runs on this thread while earlier pages are in the OCR workers. Without
 * `recognize` (no text recognition allowed), the first page that needs it fails with `needs_ocr` before it is
 * rendered.
 */
export async function extractPdf(
  data: Uint8Array,
  recognize: ((image: OcrImage) => Promise<OcrResult>) | null,
  signal?: AbortSignal,
  maxPages = MAX_PDF_PAGES,
): Promise<PdfPage[]> {
  const pdf = await openPdf(data);
  try {
    if (pdf.numPages > maxPages) throw new PdfReadError('too_large');
    const pages: Promise<PdfPage>[] = [];
    try {
      await readPages(pdf, pages, recognize, signal);
    } catch (error) {
      // Pages already in OCR must settle before the document goes, and must not reject unobserved.
      await Promise.allSettled(pages);
      throw error;
    }
    return await Promise.all(pages);
  } finally {
    await pdf.destroy();
  }
}

async function readPages(
  pdf: PDFDocumentProxy,
  pages: Promise<PdfPage>[],
  recognize: ((image: OcrImage) => Promise<OcrResult>) | null,
  signal: AbortSignal | undefined,
): Promise<void> {
  const waitingForOcr: Promise<unknown>[] = [];
  for (let pageIndex = 0; pageIndex < pdf.numPages; pageIndex += 1) {
    signal?.throwIfAborted();
    let page: PDFPageProxy;
    let text: string;
    let painted: { hasImages: boolean; hasMarks: boolean };
    try {
      page = await pdf.getPage(pageIndex + 1);
      text = await readTextLayer(page);
      painted = await inspectPage(page);
    } catch {
      throw new PdfReadError('broken_file');
    }
    if (isUsableTextLayer(text, painted.hasImages) || !painted.hasMarks) {
      pages.push(Promise.resolve({ pageIndex, source: 'pdf-text-layer', text }));
      page.cleanup();
      continue;
    }
    if (!recognize) {
      page.cleanup();
      throw new PdfReadError('needs_ocr');
    }
    // Rendering is faster than OCR: without a bound, every page of a long scan would wait in memory
    // (20 MB and more each, in several copies on its way to Tesseract).
    if (waitingForOcr.length >= MAX_PAGES_WAITING_FOR_OCR)
      await waitingForOcr.shift()?.catch(() => undefined);
    let image: OcrImage;
    try {
      image = await oneAtATime(() => renderPage(page, pdf));
    } catch {
      throw new PdfReadError('broken_file');
    } finally {
      page.cleanup();
    }
    const read = recognize(image).then((ocr) => ({ pageIndex, source: 'ocr' as const, text: ocr.text, ocr }));
    pages.push(read);
    waitingForOcr.push(read);
  }
}
