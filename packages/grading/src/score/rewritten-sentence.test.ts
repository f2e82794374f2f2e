import { describe, expect, it } from 'vitest';
import { rewrittenSentenceOf, scoreRewrittenSentence } from './rewritten-sentence';

const key = (prompt: string, solution: string) => rewrittenSentenceOf(prompt, solution, false)!;

describe('rewrittenSentenceOf', () => {
  it('knows a sentence to rewrite by the words it keeps', () => {
    expect(key('Tom played football.', "Tom didn't play football.")).toEqual({
      prompt: 'Tom played football.',
      solution: "Tom didn't play football.",
    });
    expect(key('„I am tired,“ Tom said.', 'Tom said (that) he was tired.')).not.toBeNull();
  });

  it('leaves instructions, questions for content, lists, numbers and translations alone', () => {
    expect(
      rewrittenSentenceOf(
        'Ordne Bach, Haydn, Händel, Mozart zu.',
        'Barock: Bach, Händel; Klassik: Haydn, Mozart.',
        false,
      ),
    ).toBeNull();
    expect(
      rewrittenSentenceOf(
        'Erkläre, warum Pflanzen Licht brauchen.',
        'Pflanzen brauchen Licht zur Fotosynthese.',
        false,
      ),
    ).toBeNull();
    expect(
      rewrittenSentenceOf('Man baute die Brücke 1998.', 'Die Brücke wurde 1998 gebaut.', false),
    ).toBeNull();
    expect(
      rewrittenSentenceOf('Wir fuhren jeden Sommer ans Meer.', 'We went to the sea every summer.', true),
    ).toBeNull();
  });
});

describe('scoreRewrittenSentence', () => {
  const negation = key('Tom played football.', "Tom didn't play football.");

  it('takes the exact form, written out or contracted, from the line that answers it', () => {
    expect(scoreRewrittenSentence(negation, 'Tom did not play football.', 1).achieved).toBe(1);
    expect(
      scoreRewrittenSentence(negation, 'We went.\nTom didn’t play football.\nDid Sam find a dog?', 1)
        .achieved,
    ).toBe(1);
  });

  it('gives no point for a wrong form and shows the sentence as it should read', () => {
    const r = scoreRewrittenSentence(negation, "Tom didn't played football.", 1);
    expect(r.achieved).toBe(0);
    expect(r.findings[0]).toMatchObject({
      quoted: "Tom didn't played football.",
      suggestion: "Tom didn't play football.",
    });
    expect(r.feedback).toContain("Richtig: Tom didn't play football.");
  });

  it('allows optional words and alternatives, and keeps half of a larger item for one word otherwise', () => {
    const reported = key(
      '„We will visit London next week,“ they said.',
      'They said (that) they would visit London the following / the next week.',
    );
    expect(
      scoreRewrittenSentence(reported, 'They said they would visit London the next week.', 2).achieved,
    ).toBe(2);
    expect(
      scoreRewrittenSentence(reported, 'They said that they would visit London the following week.', 2)
        .achieved,
    ).toBe(2);
    expect(
      scoreRewrittenSentence(reported, 'They said they will visit London the next week.', 2).achieved,
    ).toBe(1);
    expect(scoreRewrittenSentence(reported, 'They said we will visit London next week.', 2).achieved).toBe(0);
    const which = key('I have a dog. It loves water.', 'I have a dog which/that loves water.');
    expect(scoreRewrittenSentence(which, 'I have a dog that loves water.', 1).achieved).toBe(1);
  });

  it('forgives a one-letter slip in a long word with a note', () => {
    const passive = key('Someone stole my bike yesterday.', 'My bike was stolen yesterday.');
    const r = scoreRewrittenSentence(passive, 'My bike was stolen yesterdy.', 1);
    expect(r.achieved).toBe(1);
    expect(r.feedback).toContain('„yesterdy“ schreibt man „yesterday“');
  });
});
