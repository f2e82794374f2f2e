import { describe, expect, it } from 'vitest';
import { markUncertainWords, needsTranscriptionCheck } from './transcription';

const page = (confidence: number | null) => ({
  fileIndex: 0,
  pageIndex: 0,
  text: '',
  source: confidence === null ? 'text' : 'ocr',
  confidence,
  lowConfidenceWords: [],
});

describe('transcription check', () => {
  it('is needed for pages read from pixels or when the extraction asks', () => {
    expect(needsTranscriptionCheck({ needsReview: false, pages: [page(null)] })).toBe(false);
    expect(needsTranscriptionCheck({ needsReview: false, pages: [page(91)] })).toBe(true);
    expect(needsTranscriptionCheck({ needsReview: true, pages: [page(null)] })).toBe(true);
  });

  it('marks low-confidence words, punctuation around them included', () => {
    const segments = markUncertainWords('Die Pflanze nimmt Kohlenstofdioxid, auf.', ['Kohlenstofdioxid']);
    expect(segments.filter((s) => s.uncertain).map((s) => s.text)).toEqual(['Kohlenstofdioxid,']);
    expect(segments.map((s) => s.text).join('')).toBe('Die Pflanze nimmt Kohlenstofdioxid, auf.');
  });
});
