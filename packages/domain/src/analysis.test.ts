import { describe, expect, it } from 'vitest';
import { needsTranscriptionCheck, transcriptionRequestSchema, analysisMessages } from './analysis';

const page = (confidence: number | null) => ({ confidence });

describe('needsTranscriptionCheck', () => {
  it('is needed for pages read from pixels or when the extraction asks', () => {
    expect(needsTranscriptionCheck({ needsReview: false, pages: [page(null)] })).toBe(false);
    expect(needsTranscriptionCheck({ needsReview: false, pages: [page(91)] })).toBe(true);
    expect(needsTranscriptionCheck({ needsReview: true, pages: [page(null)] })).toBe(true);
  });
});

describe('transcriptionRequestSchema', () => {
  it('asks for text in German', () => {
    const empty = transcriptionRequestSchema.safeParse({ text: '  ' });
    expect(empty.error?.issues[0]?.message).toBe(analysisMessages.transcriptionEmpty);
    const missing = transcriptionRequestSchema.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe(analysisMessages.transcriptionEmpty);
    expect(transcriptionRequestSchema.parse({ text: 'Licht' })).toEqual({ text: 'Licht' });
  });
});
