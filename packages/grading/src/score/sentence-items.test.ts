import { beforeAll, describe, expect, it } from 'vitest';
import { gradeBuiltin as grade } from '../compose';
import { loadDictionaries } from '../language/check-language';
import { scoreSentenceItems, sentenceItemsOf } from './sentence-items';

beforeAll(async () => {
  await loadDictionaries();
}, 120_000);

describe('sentenceItemsOf', () => {
  it('reads numbered solution sentences with their alternatives and leaves out the notes', () => {
    const items = sentenceItemsOf(
      [
        '1 The girl who sits next to me is from Spain.      (defining: no commas)',
        '2 Paris, which is the capital of France, is big.',
        '  (also: Paris, that is the capital … )',
        '3 I like the song (that) you sang.   – NOT: "… you sang it"',
        '4 Children playing (AE: playin) outside are happy.',
        '→ only correct with the right commas',
      ].join('\n'),
    );
    expect(items?.map((i) => i.solutions)).toEqual([
      ['The girl who sits next to me is from Spain.'],
      ['Paris, which is the capital of France, is big.'],
      ['I like the song (that) you sang.'],
      ['Children playing/playin outside are happy.'],
    ]);
  });

  it('reads items written in a row, a question with its short answer as one item', () => {
    const items = sentenceItemsOf(
      '1 Is Ben reading? – Yes, he is.   2 Are they swimming? – No, they aren’t.',
    );
    expect(items?.map((i) => i.label)).toEqual(['1', '2']);
    expect(items?.[1]?.solutions).toEqual(['Are they swimming? – No, they aren’t.']);
  });

  it('leaves each item’s points set off at its line’s end out of the items', () => {
    const items = sentenceItemsOf(
      '1 The girl who lives next door is my friend.      2 P\n2 The bike which I bought is broken.      2 P',
    );
    expect(items?.map((i) => i.solutions[0])).toEqual([
      'The girl who lives next door is my friend.',
      'The bike which I bought is broken.',
    ]);
  });

  it('is no sentence list for single words, definitions or content notes', () => {
    expect(sentenceItemsOf('1 who   2 whose   3 where')).toBeNull();
    expect(
      sentenceItemsOf('a lifeguard – a person who saves swimmers\nb fridge – a machine that keeps food cold'),
    ).toBeNull();
    expect(sentenceItemsOf('The Romans built roads.\nThey built aqueducts.')).toBeNull();
  });
});

describe('scoreSentenceItems', () => {
  const items = sentenceItemsOf(
    [
      '1 My uncle, who lives in York, is a doctor.',
      '2 This is Tom, whose sister is in my class.',
      '3 The house that we bought is old.',
    ].join('\n'),
  )!;

  it('compares each sentence as a whole: the copied words of a wrong sentence earn nothing', () => {
    const answer = [
      '1 My uncle, who lives in York, is a doctor.',
      "2 This is Tom who's sister is in my class.",
      '3 The house what we bought is old.',
    ].join('\n');
    const r = scoreSentenceItems(items, answer, 6);
    // 1 right (2 P); 2 "who's" for "whose" is two words off (0); 3 one word off: half of 2 P
    expect(r.achieved).toBe(3);
    expect(r.findings.map((f) => f.title)).toEqual(['Satz 2 nicht richtig', 'Satz 3 nicht richtig']);
    expect(r.findings[1]!.quoted).toBe('The house what we bought is old.');
    expect(r.feedback).toBe('1 von 3 Sätzen richtig (falsch oder leer: Satz 2, Satz 3).');
  });

  it('takes unnumbered lines in order, and "-" as no answer', () => {
    const answer = [
      'My uncle, who lives in York, is a doctor.',
      'This is Tom, whose sister is in my class.',
      '-',
    ].join('\n');
    const r = scoreSentenceItems(items, answer, 3);
    expect(r.achieved).toBe(2);
    expect(r.findings.map((f) => f.kind)).toEqual(['missing']);
  });
});

describe('a language test graded end to end', () => {
  it('marks a relative-clause exercise by its sentences, not by the words they share', async () => {
    const key = [
      'Ex. 1 ........ 4 marks (1 each)',
      '  1 The man who repaired my bike is nice.',
      '  2 The film that we saw was boring.',
      '  3 Anna, whose dog is black, lives here.',
      '  4 Berlin, which is big, is in Germany.',
      '',
      'Total: 4 marks',
    ].join('\n');
    const answer = [
      'Ex. 1',
      '1 The man which repaired my bike is nice.',
      '2 The film what we saw was boring.',
      "3 Anna who's dog is black lives here.",
      '4 Berlin, which is big, is in Germany.',
    ].join('\n');
    const result = await grade(
      { text: answer, answerKey: { kind: 'text', text: key } },
      { subject: 'Englisch', date: '2026-11-29' },
    );
    // word overlap gave 4 of 4: every content word of the solutions is in the pupil's sentences
    expect(result.achieved_points).toBe(1);
    expect(result.total_points).toBe(4);
  });
});
