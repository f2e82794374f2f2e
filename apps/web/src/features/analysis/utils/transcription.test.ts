import { describe, expect, it } from 'vitest';
import { markUncertainWords } from './transcription';

describe('transcription check', () => {
  it('marks low-confidence words, punctuation around them included', () => {
    const segments = markUncertainWords('Die Pflanze nimmt Kohlenstofdioxid, auf.', ['Kohlenstofdioxid']);
    expect(segments.filter((s) => s.uncertain).map((s) => s.text)).toEqual(['Kohlenstofdioxid,']);
    expect(segments.map((s) => s.text).join('')).toBe('Die Pflanze nimmt Kohlenstofdioxid, auf.');
  });
});
