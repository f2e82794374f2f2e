export type WordSegment = { text: string; uncertain: boolean };

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
