export type DetectedType = 'pdf' | 'docx' | 'png' | 'jpeg' | 'text' | 'unknown';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const PDF_MAGIC = ascii('%PDF-');
const PNG_MAGIC = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG_MAGIC = Uint8Array.of(0xff, 0xd8, 0xff);
const ZIP_MAGIC = Uint8Array.of(0x50, 0x4b, 0x03, 0x04);
const DOCX_MAIN_PART = ascii('word/document.xml');

function startsWith(data: Uint8Array, prefix: Uint8Array, at = 0): boolean {
  if (data.length < at + prefix.length) return false;
  return prefix.every((byte, index) => data[at + index] === byte);
}

function indexOf(data: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (
    let index = data.indexOf(first ?? 0, from);
    index !== -1;
    index = data.indexOf(first ?? 0, index + 1)
  ) {
    if (startsWith(data, needle, index)) return index;
  }
  return -1;
}

/**
 * True when the bytes look like text rather than a binary format: no NUL bytes and almost no C0 control
 * characters other than tab, line feed, carriage return and form feed.
 */
function looksLikeText(data: Uint8Array): boolean {
  const sample = data.subarray(0, 64 * 1024);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls += 1;
  }
  return controls <= sample.length * 0.01;
}

/**
 * The type of a file by its content, never by its name: a renamed or mislabelled upload is read for what it is.
 * PDF readers accept the header anywhere in the first KiB, so we do too.
 */
export function detectFileType(data: Uint8Array): DetectedType {
  if (startsWith(data, PNG_MAGIC)) return 'png';
  if (startsWith(data, JPEG_MAGIC)) return 'jpeg';
  const pdfHeader = indexOf(data.subarray(0, 1024), PDF_MAGIC);
  if (pdfHeader !== -1) return 'pdf';
  if (startsWith(data, ZIP_MAGIC)) {
    // Zip entry names are stored uncompressed in the local headers and the central directory.
    return indexOf(data, DOCX_MAIN_PART) !== -1 ? 'docx' : 'unknown';
  }
  if (startsWith(data, Uint8Array.of(0xff, 0xfe)) || startsWith(data, Uint8Array.of(0xfe, 0xff)))
    return 'text';
  return looksLikeText(data) ? 'text' : 'unknown';
}
