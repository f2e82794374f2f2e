import { describe, expect, it } from 'vitest';
import { mathsDoubts } from './ocr-doubts';

/** OCR words for a text, every word at `confidence` unless `low` names it with its own. */
function words(text: string, confidence = 95, low: Record<string, number> = {}) {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ text: word, confidence: low[word] ?? confidence }));
}

describe('mathsDoubts (issue 34 §2)', () => {
  it('flags a calculation line with a digit read uncertainly, with its place in the text', () => {
    const text = 'Aufgabe 1\n3 · 4 = 12\n6 + 7 = 13';
    const doubts = mathsDoubts(text, words(text, 95, { '13': 41 }));
    expect(doubts).toHaveLength(1);
    expect(doubts[0]).toMatchObject({ line: '6 + 7 = 13', reason: 'confidence', tokens: ['13'] });
    expect(text.slice(doubts[0]!.start, doubts[0]!.end)).toBe('6 + 7 = 13');
    expect(doubts[0]!.note).toBe('unsicher gelesen: „13“');
  });

  it('flags an uncertain operator, and no word line however unsure', () => {
    const text = 'Die Pflanze braucht Licht.\n5 · 6 = 30';
    const doubts = mathsDoubts(text, words(text, 95, { '·': 52, Pflanze: 20 }));
    expect(doubts.map((doubt) => doubt.line)).toEqual(['5 · 6 = 30']);
    expect(doubts[0]!.tokens).toEqual(['·']);
  });

  it('flags a step that is wrong as read but right with the operator OCR confuses („·“ read as „-“ or „:“)', () => {
    const text = '3 - 4 = 12\n8 : 2 = 16\n9 - 4 = 5';
    const doubts = mathsDoubts(text, words(text));
    expect(doubts.map((doubt) => [doubt.line, doubt.reason, doubt.tokens])).toEqual([
      ['3 - 4 = 12', 'operator', ['-']],
      ['8 : 2 = 16', 'operator', [':']],
    ]);
    expect(doubts[0]!.note).toBe('„-“ könnte „·“ sein (mit „·“ wäre die Rechnung richtig)');
  });

  it('leaves a pupil’s own wrong step alone: wrong whatever the operator', () => {
    const text = '3 · 4 = 13\n12 : 4 = 2';
    expect(mathsDoubts(text, words(text))).toEqual([]);
  });

  it('needs no OCR words for the operator test (text read without them)', () => {
    expect(mathsDoubts('7 - 6 = 42', []).map((doubt) => doubt.reason)).toEqual(['operator']);
  });
});

describe('mathsDoubts, both reasons', () => {
  it('says what the pupil most likely wrote when an uncertain line is also right with a confusable operator', () => {
    const text = 'Aufgabe 1: 3 - 4 = 12';
    const [doubt] = mathsDoubts(text, words(text, 95, { '-': 40 }));
    expect(doubt).toMatchObject({ reason: 'confidence', tokens: ['-'] });
    expect(doubt!.note).toBe(
      'unsicher gelesen: „-“; „-“ könnte „·“ sein (mit „·“ wäre die Rechnung richtig)',
    );
  });
});
