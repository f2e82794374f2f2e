/**
 * Decodes a plain-text upload. UTF-8 first (BOM or not); bytes that are not valid UTF-8 come from an older
 * Windows editor, so they are read as Windows-1252, the superset of Latin-1 that browsers use for it too.
 * UTF-16 is recognised by its byte order mark.
 */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = decodeWindows1252(data);
  }
  return normalizeText(text);
}

/**
 * Node's TextDecoder('windows-1252') decodes as ISO-8859-1 and leaves 0x80–0x9F as C1 controls, so the
 * characters Windows puts there (€, „, “, –, …) are mapped here.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function decodeWindows1252(data: Uint8Array): string {
  let text = '';
  for (let start = 0; start < data.length; start += 8192) {
    const chunk = data.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

/** One line-break convention and composed umlauts, so offsets and comparisons downstream are stable. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').normalize('NFC');
}

export function hasContent(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
