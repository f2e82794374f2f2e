import { describe, expect, it } from 'vitest';
import { scoreShortAnswer, shortAnswerOf } from './short-answer';

describe('a solution of one letter or a short word', () => {
  it('is compared as it stands: „N“ for „N“ is right, „D“ for „N“ wrong', () => {
    const right = shortAnswerOf('N', ' n ');
    expect(right).not.toBeNull();
    expect(scoreShortAnswer(right!, 1).achieved).toBe(1);
    const wrong = shortAnswerOf('N (1 P)', 'D');
    const r = scoreShortAnswer(wrong!, 1);
    expect(r.achieved).toBe(0);
    expect(r.findings[0]!.details).toBe('„D“ ist falsch; richtig ist „N“.');
  });

  it('leaves longer solutions and answers to the scorers that read content', () => {
    expect(shortAnswerOf('Stereotyp', 'Stereotyp')).toBeNull();
    expect(shortAnswerOf('N', 'N, weil der Satz Kommas hat')).toBeNull();
    // a result goes to the maths checks, which credit a Folgefehler
    expect(shortAnswerOf('12', '13')).toBeNull();
  });
});
