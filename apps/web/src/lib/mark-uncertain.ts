/**
 * A piece of recognised text for the transcription check: `uncertain` when OCR was unsure of it; `note` says
 * why for a whole calculation line whose digits or operators are doubtful (issue 34 §2).
 */
export type WordSegment = { text: string; uncertain: boolean; note?: string };

/** Marks every occurrence of a low-confidence word (whole words only) in the recognised text. */
export function markUncertainWords(text: string, words: string[]): WordSegment[] {
  const wanted = new Set(words.map((word) => word.trim()).filter(Boolean));
  if (wanted.size === 0) return [{ text, uncertain: false }];
  const segments: WordSegment[] = [];
  for (const piece of text.split(/(\s+)/)) {
    if (!piece) continue;
    const bare = piece.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const uncertain = wanted.has(piece) || (bare !== '' && wanted.has(bare));
    const last = segments[segments.length - 1];
    if (last && !last.uncertain && !uncertain) last.text += piece;
    else segments.push({ text: piece, uncertain });
  }
  return segments;
}

/**
 * The recognised text with its doubts marked: each doubtful calculation line whole (with its note), in the
 * other lines the low-confidence words. Joined, the segments are the text again.
 */
export function markRecognisedText(
  text: string,
  words: string[],
  lines: readonly { text: string; note: string }[],
): WordSegment[] {
  if (lines.length === 0) return markUncertainWords(text, words);
  const noteOf = new Map(lines.map((line) => [line.text.trim(), line.note]));
  const segments: WordSegment[] = [];
  const rows = text.split('\n');
  rows.forEach((row, index) => {
    const end = index < rows.length - 1 ? '\n' : '';
    const note = noteOf.get(row.trim());
    const pieces =
      note !== undefined ? [{ text: row, uncertain: true, note }] : markUncertainWords(row, words);
    for (const piece of pieces) if (piece.text) segments.push(piece);
    if (!end) return;
    const last = segments[segments.length - 1];
    if (last && !last.uncertain) last.text += end;
    else segments.push({ text: end, uncertain: false });
  });
  return segments;
}
