import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import type { SavedTest } from '@korrigo/domain';
import { blankQuestion, blankTest } from './test-model';
import { buildTestDocument, pdfFileName, pdfPageMarginPt } from './test-pdf';

/** Every text string of a pdfmake content tree, in order. */
function texts(node: Content | Content[] | undefined): string[] {
  if (node === undefined || node === null) return [];
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap((child) => texts(child));
  const value = node as unknown as Record<string, unknown>;
  const out: string[] = [];
  if ('text' in value) out.push(...texts(value.text as Content));
  for (const key of ['stack', 'columns']) if (key in value) out.push(...texts(value[key] as Content[]));
  if ('table' in value) out.push(...texts((value.table as { body: Content[][] }).body.flat()));
  return out;
}

function sampleTest() {
  const test = blankTest('u1', false);
  const mc = {
    ...blankQuestion('multiple-choice', 0),
    text: 'Wähle die Größe',
    points: 1,
    options: [
      { id: 'a', text: 'groß', isCorrect: true },
      { id: 'b', text: '', isCorrect: false },
      { id: 'c', text: 'klein', isCorrect: false },
    ],
  };
  const cloze = {
    ...blankQuestion('cloze', 1),
    text: 'Die Straße ist [..].',
    correctAnswer: 'nass',
    points: 2,
  };
  const matching = {
    ...blankQuestion('matching', 2),
    text: 'Ordne zu',
    matchingPairs: [
      { left: 'a', right: 'x' },
      { left: 'b', right: 'y' },
    ],
  };
  return { ...test, title: 'Übung Maß', questions: [mc, cloze, matching] };
}

/** The sample test with the matching question's stored shuffle. */
function withOrder(test: SavedTest, matchingOrder: number[]): SavedTest {
  return {
    ...test,
    questions: test.questions.map((q) => (q.type === 'matching' ? { ...q, matchingOrder } : q)),
  };
}

describe('test PDF document', () => {
  it('is A4 portrait with 10 mm margins', () => {
    const doc = buildTestDocument(sampleTest(), { solution: false });
    expect(doc.pageSize).toBe('A4');
    expect(doc.pageOrientation).toBe('portrait');
    expect(pdfPageMarginPt).toBeCloseTo(28.35, 2);
    expect(doc.pageMargins).toBe(pdfPageMarginPt);
  });

  it('prints numbered questions with Punkt/Punkte, blanks and no solutions', () => {
    const all = texts(buildTestDocument(withOrder(sampleTest(), [1, 0]), { solution: false }).content).join(
      '\n',
    );
    expect(all).toContain('Übung Maß');
    expect(all).toContain('1. Wähle die Größe');
    expect(all).toContain('1 Punkt');
    expect(all).toContain('2 Punkte');
    expect(all).toContain('A) groß');
    // a blank option is left out, so the letters have no gap
    expect(all).toContain('B) klein');
    expect(all).toContain('(1) __________');
    expect(all).not.toContain('[..]');
    expect(all).not.toContain('nass');
    expect(all).not.toContain('(richtig)');
  });

  it('the Lösungsblatt marks the answers, matching letters in the shuffled order', () => {
    const test = withOrder(sampleTest(), [1, 0]);
    const all = texts(buildTestDocument(test, { solution: true }).content).join('\n');
    expect(all).toContain('Lösungsblatt: Übung Maß');
    expect(all).toContain('A) groß (richtig)');
    expect(all).toContain('nass');
    // right column shows y (A) then x (B): a → x is B, b → y is A
    expect(all).toMatch(/1\. a\nB\nA\. y\n2\. b\nA\nB\. x/);
    expect(pdfFileName(test, true)).toBe('Übung_Maß_Loesungsblatt.pdf');
  });
});
