import type { Question } from '@korrigo/domain';
import { describe, expect, it } from 'vitest';
import { compareBlank, scoreCloze, scoreMatching, scoreMultipleChoice } from './closed-questions';

function question(overrides: Partial<Question>): Question {
  return {
    id: 'q1',
    text: '',
    type: 'open',
    options: [],
    correctAnswer: '',
    points: 2,
    orderIndex: 0,
    correctionTemplate: '',
    resources: [],
    matchingPairs: [],
    ...overrides,
  };
}

const mc = question({
  type: 'multiple-choice',
  options: [
    { id: 'a', text: 'Berlin', isCorrect: true },
    { id: 'b', text: 'Bonn', isCorrect: false },
    { id: 'c', text: 'Hamburg', isCorrect: true },
  ],
});

describe('scoreMultipleChoice', () => {
  it('gives full points for exactly the correct set, by letters or by marks', () => {
    expect(scoreMultipleChoice(mc, 'Antwort: a, c').achieved).toBe(2);
    expect(scoreMultipleChoice(mc, '[x] Berlin\n[ ] Bonn\n[x] Hamburg').achieved).toBe(2);
  });
  it('gives a partial set its right crosses less its wrong ones and says what is right', () => {
    const r = scoreMultipleChoice(mc, 'Antwort: a');
    expect(r.achieved).toBe(1);
    expect(r.findings[0]!.deduction).toBe(1);
    expect(r.findings[0]!.suggestion).toContain('c) Hamburg');
    expect(scoreMultipleChoice(mc, 'a, b, c').achieved).toBe(1);
    expect(scoreMultipleChoice(mc, 'b').achieved).toBe(0);
  });
  it('reports an empty answer as missing', () => {
    const r = scoreMultipleChoice(mc, '   ');
    expect(r.achieved).toBe(0);
    expect(r.findings[0]!.kind).toBe('missing');
  });
});

describe('compareBlank', () => {
  it('ignores case, ä/ae and ß/ss', () => {
    expect(compareBlank('Straße', 'strasse')).toBe('exact');
    expect(compareBlank('Gemüse', 'Gemuese')).toBe('exact');
  });
  it('accepts one slip in a longer word as a spelling slip', () => {
    expect(compareBlank('Chloroplasten', 'Chloroplasen')).toBe('slip');
    expect(compareBlank('Rhein', 'Rhien')).toBe('slip');
  });
  it('rejects other words and short near misses', () => {
    expect(compareBlank('Mitochondrien', 'Zellkern')).toBe('wrong');
    expect(compareBlank('Ei', 'Eis')).toBe('wrong');
    expect(compareBlank('Ei', '')).toBe('wrong');
  });
});

describe('scoreCloze', () => {
  const cloze = question({
    type: 'cloze',
    text: 'Die Hauptstadt von Deutschland ist [..], die von Frankreich ist [..].',
    correctAnswer: 'Berlin|Paris',
  });
  it('reads blanks from the repeated text and scores per blank', () => {
    const r = scoreCloze(cloze, 'Die Hauptstadt von Deutschland ist Berlin, die von Frankreich ist Pariss.');
    expect(r.achieved).toBe(2);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({
      kind: 'spelling',
      severity: 'minor',
      quoted: 'Pariss',
      deduction: 0,
    });
  });
  it('reads blanks from lines when the text is not repeated', () => {
    const answer = '1. Berlin\n2. Rom';
    const r = scoreCloze(cloze, answer);
    expect(r.achieved).toBe(1);
    const wrong = r.findings.find((f) => f.kind === 'wrong')!;
    expect(answer.slice(wrong.start, wrong.end)).toBe('Rom');
    expect(wrong.suggestion).toContain('Paris');
  });
  it('reads blanks in a row between spaced dashes, not inside a word', () => {
    expect(scoreCloze(cloze, 'Berlin – Paris').achieved).toBe(2);
    const compound = question({
      type: 'cloze',
      text: 'Die Strecke [..] ist lang.',
      correctAnswer: 'Berlin–Paris',
    });
    expect(scoreCloze(compound, 'Berlin–Paris').findings).toEqual([]);
  });
  it('reports missing blanks', () => {
    const r = scoreCloze(cloze, '');
    expect(r.achieved).toBe(0);
    expect(r.findings.map((f) => f.kind)).toEqual(['missing', 'missing']);
  });
});

describe('scoreMatching', () => {
  const matching = question({
    type: 'matching',
    points: 3,
    matchingPairs: [
      { left: 'Produzent', right: 'Pflanze' },
      { left: 'Konsument', right: 'Reh' },
      { left: 'Destruent', right: 'Pilz' },
    ],
  });
  it('counts each right pair', () => {
    const r = scoreMatching(matching, 'Produzent - Pflanze\nKonsument - Pilz\nDestruent -> Reh');
    expect(r.achieved).toBe(1);
    expect(r.findings.map((f) => f.title)).toEqual(['Falsche Zuordnung', 'Falsche Zuordnung']);
  });
  it('gives full points for all pairs', () => {
    expect(scoreMatching(matching, 'Produzent: Pflanze\nKonsument: Reh\nDestruent: Pilz').achieved).toBe(3);
  });
  it('reads the letters of the printed, shuffled right column', () => {
    // printed: A. Pilz, B. Pflanze, C. Reh
    const printed = { ...matching, matchingOrder: [2, 0, 1] };
    expect(scoreMatching(printed, '1 – B\n2 – C\n3 – A').achieved).toBe(3);
    expect(scoreMatching(printed, '1B, 2C, 3A').achieved).toBe(3);
    const r = scoreMatching(printed, '1 – B\n2 – A\n3 – C');
    expect(r.achieved).toBe(1);
    expect(r.findings.map((f) => [f.quoted, f.suggestion])).toEqual([
      ['2 – A', '2 – C'],
      ['3 – C', '3 – A'],
    ]);
    expect(r.findings[0]!.details).toBe('2. „Konsument“ gehört zu C („Reh“), nicht zu A („Pilz“).');
  });
  it('reads letters in list order when the test has no stored shuffle', () => {
    expect(scoreMatching(matching, '1 – A\n2 – B\n3 – C').achieved).toBe(3);
  });
});

describe('scoreMultipleChoice: two right options', () => {
  const q: Question = {
    id: 'q',
    type: 'multiple-choice',
    text: 'Kreuze die zwei richtigen Aussagen an.',
    points: 2,
    options: [
      { id: 'a', text: 'Vögel sind wechselwarm.', isCorrect: false },
      { id: 'b', text: 'Vögel sind gleichwarm.', isCorrect: true },
      { id: 'c', text: 'Vögel haben Zähne.', isCorrect: false },
      { id: 'd', text: 'Vögel legen Eier mit einer Kalkschale.', isCorrect: true },
    ],
    correctAnswer: 'b, d',
  } as Question;

  it('gives each right cross its share and takes one for each wrong cross, not below 0', () => {
    expect(scoreMultipleChoice(q, '[ ] a)\n[x] b)\n[ ] c)\n[x] d)').achieved).toBe(2);
    expect(scoreMultipleChoice(q, '[ ] a)\n[x] b)\n[ ] c)\n[ ] d)').achieved).toBe(1);
    expect(scoreMultipleChoice(q, '[x] a)\n[ ] b)\n[ ] c)\n[x] d)').achieved).toBe(0);
    const all = scoreMultipleChoice(q, '[x] a)\n[x] b)\n[x] c)\n[x] d)');
    expect(all.achieved).toBe(0);
    expect(all.feedback).toBe('Falsch gewählt: a) Vögel sind wechselwarm; c) Vögel haben Zähne.');
  });
});
