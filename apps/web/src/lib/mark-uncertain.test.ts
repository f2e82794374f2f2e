import { describe, expect, it } from 'vitest';
import { markRecognisedText, markUncertainWords } from './mark-uncertain';

describe('transcription check', () => {
  it('marks low-confidence words, punctuation around them included', () => {
    const segments = markUncertainWords('Die Pflanze nimmt Kohlenstofdioxid, auf.', ['Kohlenstofdioxid']);
    expect(segments.filter((s) => s.uncertain).map((s) => s.text)).toEqual(['Kohlenstofdioxid,']);
    expect(segments.map((s) => s.text).join('')).toBe('Die Pflanze nimmt Kohlenstofdioxid, auf.');
  });

  it('marks a doubtful calculation line whole, with its note, and the words elsewhere (issue 34 §2)', () => {
    const text = 'Aufgabe 1 Waser\n3 - 4 = 12\n5 · 6 = 30';
    const segments = markRecognisedText(
      text,
      ['Waser'],
      [{ text: '3 - 4 = 12', note: '„-“ könnte „·“ sein' }],
    );
    expect(segments.filter((s) => s.uncertain)).toEqual([
      { text: 'Waser', uncertain: true },
      { text: '3 - 4 = 12', uncertain: true, note: '„-“ könnte „·“ sein' },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });
});
