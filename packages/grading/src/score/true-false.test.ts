import { describe, expect, it } from 'vitest';
import { parseAnswerKey } from './answer-key';
import { scoreTrueFalse, trueFalseOfKey } from './true-false';

const keyOf = (line: string) => trueFalseOfKey(parseAnswerKey(`Aufgabe 3\n${line}`)[0]!);

describe('trueFalseOfKey', () => {
  it('reads the verdict, the correction and the points of each', () => {
    expect(
      keyOf(
        'b) Hamburg ist die Hauptstadt von Niedersachsen. – falsch (1 P); Berichtigung: Die Hauptstadt ist Hannover. (1 P)',
      ),
    ).toEqual({
      statement: 'Hamburg ist die Hauptstadt von Niedersachsen.',
      isTrue: false,
      verdictPoints: 1,
      correction: 'Die Hauptstadt ist Hannover.',
      correctionPoints: 1,
    });
    expect(keyOf('a) Die Donau mündet ins Schwarze Meer. – richtig (1 P)')).toMatchObject({
      isTrue: true,
      verdictPoints: 1,
      correction: null,
    });
  });

  it('leaves an answer that only starts with a verdict word open', () => {
    expect(keyOf('a) Richtig ist, dass die Donau ins Schwarze Meer mündet. (2 P)')).toBeNull();
  });
});

describe('scoreTrueFalse', () => {
  const statement = keyOf(
    'c) Die Alpen liegen im Norden Deutschlands. – falsch (1 P); Berichtigung: Die Alpen liegen im Süden Deutschlands. (1 P)',
  )!;

  it('gives the verdict its point and the correction its own', () => {
    expect(scoreTrueFalse(statement, 'falsch – die Alpen liegen im Süden', 'de').achieved).toBe(2);
    expect(scoreTrueFalse(statement, 'f', 'de').achieved).toBe(1);
    expect(scoreTrueFalse(statement, '[ ] richtig [x] falsch', 'de').achieved).toBe(1);
  });

  it('marks a wrong verdict on the word and gives no point for a correction of a true statement', () => {
    const r = scoreTrueFalse(statement, 'richtig', 'de');
    expect(r.achieved).toBe(0);
    expect(r.findings[0]).toMatchObject({ kind: 'wrong', quoted: 'richtig', deduction: 1 });
  });
});
