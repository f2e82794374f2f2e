import { describe, expect, it } from 'vitest';
import { gradedTextOf, testToText } from './graded-text';
import type { SavedTest } from './test';

describe('gradedTextOf', () => {
  it('joins the typed and the recognised text as the job graded them', () => {
    expect(gradedTextOf({ inputText: ' a ', extractedText: 'b\n' })).toBe('a\n\nb');
    expect(gradedTextOf({ inputText: '', extractedText: 'nur erkannt' })).toBe('nur erkannt');
    expect(gradedTextOf({ inputText: 'nur getippt ', extractedText: null })).toBe('nur getippt ');
  });
});

describe('testToText', () => {
  it('writes title, subject, grade, topic, numbered questions with points and lettered options', () => {
    const test = {
      title: 'Brüche',
      subject: 'Mathematik',
      grade: '6',
      topic: 'Addition ',
      learningObjectives: '',
      questions: [
        { text: 'Zweite', points: 2, orderIndex: 1, options: [] },
        { text: 'Erste', points: 1, orderIndex: 0, options: [{ text: '1/2' }, { text: '3/4' }] },
      ],
    } as unknown as SavedTest;
    expect(testToText(test)).toBe(
      'Brüche\nFach: Mathematik\nKlasse: 6\nThema: Addition\n\n1. Erste (1 P.)\n   a) 1/2\n   b) 3/4\n\n2. Zweite (2 P.)',
    );
  });
});
