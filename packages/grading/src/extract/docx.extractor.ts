import JSZip from 'jszip';
import mammoth from 'mammoth';
import { readZip, readZipAsync, ZipReadError } from './zip-reader';

type DocxText = { text: string; hiddenText: string[] };

/** A brief marker that the bytes are not a readable DOCX; the caller turns it into a German ExtractionError. */
export class BrokenDocxError extends Error {}

/**
 * A DOCX that would take more memory to read than any student's work needs: a zip bomb, or a document
 * of hundreds of thousands of tiny runs (mammoth builds a DOM of it: 2 MB of one-letter runs took 350 MB).
 */
export class DocxTooLargeError extends Error {}

/**
 * What a DOCX may unpack to. A long essay with tables and comments has some hundred entries, 1–3 MB of
 * XML and 20,000–50,000 tags; mammoth needs about 700 bytes of heap per tag (250,000 tags: ~1 s, ~200 MB).
 * Images and other binary parts are never inflated: raw text does not need them.
 */
export const DOCX_LIMITS = { maxEntries: 1000, maxXmlBytes: 20 * 1024 * 1024, maxTags: 250_000 } as const;

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);
const LESS_THAN = 0x3c;

function countTags(part: Buffer): number {
  let count = 0;
  for (let at = part.indexOf(LESS_THAN); at !== -1; at = part.indexOf(LESS_THAN, at + 1)) count += 1;
  return count;
}

const zipLimits = { maxEntries: DOCX_LIMITS.maxEntries, maxTotalBytes: DOCX_LIMITS.maxXmlBytes };

function checkTags(parts: Map<string, Buffer>): void {
  let tags = 0;
  for (const part of parts.values()) {
    tags += countTags(part);
    if (tags > DOCX_LIMITS.maxTags) throw new DocxTooLargeError();
  }
}

function zipFailure(error: unknown): Error {
  if (error instanceof ZipReadError && error.reason === 'too_large') return new DocxTooLargeError();
  return new BrokenDocxError(String(error));
}

/**
 * The XML parts of a DOCX, read within DOCX_LIMITS. Throws DocxTooLargeError or BrokenDocxError before
 * anything larger than the limits is allocated.
 */
function readDocxParts(data: Uint8Array): Map<string, Buffer> {
  let parts: Map<string, Buffer>;
  try {
    parts = readZip(data, zipLimits, isXmlPart);
  } catch (error) {
    throw zipFailure(error);
  }
  checkTags(parts);
  return parts;
}

/**
 * True when a DOCX would be refused for its size (DOCX_LIMITS). Inflates on libuv's thread pool, so the
 * thread answering requests can refuse a zip bomb at once instead of queueing it for an extraction worker.
 * A broken file is not judged here: the worker reports it.
 */
export async function docxExceedsLimits(data: Uint8Array): Promise<boolean> {
  try {
    checkTags(await readZipAsync(data, zipLimits, isXmlPart));
    return false;
  } catch (error) {
    return error instanceof DocxTooLargeError || zipFailure(error) instanceof DocxTooLargeError;
  }
}

const DOCUMENT_PART = 'word/document.xml';
/** w:sz is in half-points: 4 = 2 pt, too small to read on paper or screen */
const MAX_HIDDEN_HALF_POINTS = 4;

// A run: <w:r> or <w:r attr…>, but not <w:rPr>, <w:rStyle>, … which share the prefix.
const RUN_PATTERN = /<w:r(?:\s[^>]*)?>[\s\S]*?<\/w:r>/g;
const NESTED_RUN_PATTERN = /<w:r(?:\s[^>]*)?>/g;

function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_match, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? '';
  });
}

function runText(runXml: string): string {
  let text = '';
  for (const match of runXml.matchAll(
    /<w:t(?:\s[^>]*)?>([\s\S]*?)<\/w:t>|<w:tab\/>|<w:br\/>|<w:br\s[^>]*\/>/g,
  )) {
    if (match[1] !== undefined) text += decodeXmlEntities(match[1]);
    else text += match[0].startsWith('<w:tab') ? '\t' : '\n';
  }
  return text;
}

function isOn(propertyXml: string | undefined): boolean {
  if (propertyXml === undefined) return false;
  const value = /w:val="([^"]*)"/.exec(propertyXml)?.[1];
  return value === undefined || !['0', 'false', 'off'].includes(value.toLowerCase());
}

function isNearWhite(hex: string): boolean {
  if (!/^[0-9a-f]{6}$/i.test(hex)) return false;
  return [0, 2, 4].every((start) => Number.parseInt(hex.slice(start, start + 2), 16) >= 0xf0);
}

/**
 * Run properties that hide text from a reader but not from a text extractor: hidden (w:vanish), white on
 * an unshaded page, or 2 pt and smaller. White text on a coloured highlight or shading is visible, so it
 * does not count.
 */
function hidesText(propertiesXml: string, hiddenStyles: Set<string>): boolean {
  if (isOn(/<w:vanish(?:\s[^>]*)?\/>/.exec(propertiesXml)?.[0])) return true;
  const styleId = /<w:rStyle\s+w:val="([^"]*)"/.exec(propertiesXml)?.[1];
  if (styleId !== undefined && hiddenStyles.has(styleId)) return true;
  const size = /<w:sz\s+w:val="(\d+)"/.exec(propertiesXml)?.[1];
  if (size !== undefined && Number(size) <= MAX_HIDDEN_HALF_POINTS) return true;
  const color = /<w:color\s+w:val="([^"]*)"/.exec(propertiesXml)?.[1];
  if (color !== undefined && isNearWhite(color)) {
    const highlight = /<w:highlight\s+w:val="([^"]*)"/.exec(propertiesXml)?.[1];
    const fill = /<w:shd\s[^>]*w:fill="([^"]*)"/.exec(propertiesXml)?.[1];
    const onBackground =
      (highlight !== undefined && !['none', 'white'].includes(highlight)) ||
      (fill !== undefined && fill.toLowerCase() !== 'auto' && !isNearWhite(fill));
    return !onBackground;
  }
  return false;
}

/** Character styles that are hidden themselves (a run can hide through its style, not only directly). */
function findHiddenStyles(stylesXml: string | undefined): Set<string> {
  const hidden = new Set<string>();
  if (stylesXml === undefined) return hidden;
  for (const match of stylesXml.matchAll(/<w:style\s[^>]*w:styleId="([^"]*)"[^>]*>([\s\S]*?)<\/w:style>/g)) {
    const [, styleId, body] = match;
    const runProperties = /<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(body ?? '')?.[1];
    if (styleId !== undefined && runProperties !== undefined && hidesText(runProperties, new Set())) {
      hidden.add(styleId);
    }
  }
  return hidden;
}

/**
 * Removes hidden runs from the document XML and returns them, consecutive hidden runs joined into one
 * piece. Runs that contain other runs (text boxes inside a drawing) are left as they are: cutting them out
 * by pattern could break the XML.
 */
export function separateHiddenRuns(
  documentXml: string,
  stylesXml?: string,
): { visibleXml: string; hidden: string[] } {
  const hiddenStyles = findHiddenStyles(stylesXml);
  const hidden: string[] = [];
  let current: string | null = null;
  let lastEnd = -1;
  const visibleXml = documentXml.replace(RUN_PATTERN, (runXml: string, offset: number) => {
    const nestedRuns = runXml.match(NESTED_RUN_PATTERN)?.length ?? 0;
    const properties = /^<w:r(?:\s[^>]*)?>\s*<w:rPr>([\s\S]*?)<\/w:rPr>/.exec(runXml)?.[1];
    const text = runText(runXml);
    if (nestedRuns > 1 || properties === undefined || !hidesText(properties, hiddenStyles) || text === '') {
      return runXml;
    }
    // Hidden runs of one paragraph separated only by markup (bookmarks, proofing marks) are one piece.
    const between = lastEnd === -1 ? '' : documentXml.slice(lastEnd, offset);
    const adjacent = runText(between) === '' && !/<w:r[\s>]|<\/w:p>/.test(between);
    if (adjacent && current !== null) {
      current += text;
    } else {
      if (current !== null) hidden.push(current);
      current = text;
    }
    lastEnd = offset + runXml.length;
    return '';
  });
  if (current !== null) hidden.push(current);
  return { visibleXml, hidden: hidden.map((piece) => piece.trim()).filter((piece) => piece !== '') };
}

/**
 * DOCX to raw text with mammoth. Hidden text is cut out of the document before mammoth reads it, so it
 * never reaches the graded text, and is returned on its own: the grader flags it (e.g. white instructions
 * to an AI grader). Mammoth is given a new, uncompressed zip of the XML parts read within DOCX_LIMITS,
 * never the upload itself, so it cannot inflate more than was counted.
 */
export async function extractDocx(data: Uint8Array): Promise<DocxText> {
  const parts = readDocxParts(data);
  const documentXml = parts.get(DOCUMENT_PART)?.toString('utf8');
  if (documentXml === undefined) throw new BrokenDocxError(`${DOCUMENT_PART} missing`);
  const stylesXml = parts.get('word/styles.xml')?.toString('utf8');
  const { visibleXml, hidden } = separateHiddenRuns(documentXml, stylesXml);

  const zip = new JSZip();
  for (const [name, content] of parts) zip.file(name, content);
  if (hidden.length > 0) zip.file(DOCUMENT_PART, visibleXml);
  try {
    const docxForMammoth = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    const result = await mammoth.extractRawText({ buffer: docxForMammoth });
    return { text: result.value, hiddenText: hidden };
  } catch (error) {
    throw new BrokenDocxError(String(error));
  }
}
