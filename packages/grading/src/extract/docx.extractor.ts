import JSZip from 'jszip';
import mammoth from 'mammoth';

export type DocxText = { text: string; hiddenText: string[] };

/** A brief marker that the bytes are not a readable DOCX; the caller turns it into a German ExtractionError. */
export class BrokenDocxError extends Error {}

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
 * to an AI grader).
 */
export async function extractDocx(data: Uint8Array): Promise<DocxText> {
  let zip: JSZip;
  let documentXml: string | undefined;
  try {
    zip = await JSZip.loadAsync(data);
    documentXml = await zip.file(DOCUMENT_PART)?.async('string');
  } catch (error) {
    throw new BrokenDocxError(String(error));
  }
  if (documentXml === undefined) throw new BrokenDocxError(`${DOCUMENT_PART} missing`);
  const stylesXml = await zip.file('word/styles.xml')?.async('string');
  const { visibleXml, hidden } = separateHiddenRuns(documentXml, stylesXml);

  let docxForMammoth = data;
  if (hidden.length > 0) {
    zip.file(DOCUMENT_PART, visibleXml);
    docxForMammoth = await zip.generateAsync({ type: 'uint8array' });
  }
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(docxForMammoth) });
    return { text: result.value, hiddenText: hidden };
  } catch (error) {
    throw new BrokenDocxError(String(error));
  }
}
