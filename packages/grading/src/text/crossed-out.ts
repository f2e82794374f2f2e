/**
 * What the pupil crossed out is not her answer: teachers do not grade it. A transcription writes it as
 * "[durchgestrichen: …]" (or "[gestrichen: …]", "~~…~~"). Each such span is blanked with spaces of the same
 * length, so every offset into the text stays that of the written text and the result still points there.
 */
const crossedOut = /\[(?:durch)?gestrichen:[^\]\n]*\]|~~[^~\n]+~~/gi;

export function blankCrossedOut(text: string): string {
  return text.replace(crossedOut, (span) => ' '.repeat(span.length));
}
