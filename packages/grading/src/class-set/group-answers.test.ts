import { describe, expect, it } from 'vitest';
import { groupAnswers, normaliseAnswer } from './group-answers';

/** Answers of pupils p0, p1, … in order; the item is the pupil. */
function answers(...texts: string[]) {
  return texts.map((answer, i) => ({ answer, item: `p${i}` }));
}

describe('[CLASS-SET] normaliseAnswer', () => {
  it('folds case, whitespace and the closing punctuation, not the words', () => {
    expect(normaliseAnswer('  Die   Mitochondrien.  ')).toBe('die mitochondrien');
    expect(normaliseAnswer('Ja!!!')).toBe('ja');
    expect(normaliseAnswer('x = 1,5')).toBe('x = 1,5');
    expect(normaliseAnswer(' …. ')).toBe('');
  });
});

describe('[CLASS-SET] groupAnswers', () => {
  it('groups identical answers after normalising, largest group first', () => {
    const groups = groupAnswers(
      answers('Zellkern', 'Mitochondrien.', 'mitochondrien', 'Ribosomen', '  Mitochondrien  ', 'zellkern'),
    );
    expect(groups).toEqual([
      { answer: 'Mitochondrien.', kind: 'identical', items: ['p1', 'p2', 'p4'] },
      { answer: 'Zellkern', kind: 'identical', items: ['p0', 'p5'] },
      { answer: 'Ribosomen', kind: 'single', items: ['p3'] },
    ]);
  });

  it('puts a near-identical answer (a typo) with the common one and marks the group similar', () => {
    const groups = groupAnswers(
      answers(
        'Die Fotosynthese findet in den Chloroplasten statt.',
        'Die Fotosynthese findet in den Chloroplasten statt',
        'Die Fotosynthese findet in den Chloroplasen statt.',
        'In den Mitochondrien.',
      ),
    );
    expect(groups).toEqual([
      {
        answer: 'Die Fotosynthese findet in den Chloroplasten statt.',
        kind: 'similar',
        items: ['p0', 'p1', 'p2'],
      },
      { answer: 'In den Mitochondrien.', kind: 'single', items: ['p3'] },
    ]);
  });

  it('groups the same words in another order', () => {
    const groups = groupAnswers(
      answers('Wasser und Kohlenstoffdioxid', 'Kohlenstoffdioxid und Wasser', 'Licht'),
    );
    expect(groups[0]).toEqual({
      answer: 'Wasser und Kohlenstoffdioxid',
      kind: 'similar',
      items: ['p0', 'p1'],
    });
  });

  it('keeps answers with different numbers apart however close they are', () => {
    const groups = groupAnswers(
      answers('Die Lösung ist x = 12', 'Die Lösung ist x = 13', 'Die Lösung ist x = 12.'),
    );
    expect(groups).toEqual([
      { answer: 'Die Lösung ist x = 12', kind: 'identical', items: ['p0', 'p2'] },
      { answer: 'Die Lösung ist x = 13', kind: 'single', items: ['p1'] },
    ]);
  });

  it('keeps short different answers apart', () => {
    const groups = groupAnswers(answers('a', 'b', 'ja', 'nein', 'exotherm', 'endotherm'));
    expect(groups.map((g) => g.kind)).toEqual(['single', 'single', 'single', 'single', 'single', 'single']);
    expect(groups.map((g) => g.items[0])).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('gives empty answers a group of their own', () => {
    const groups = groupAnswers(answers('', 'Zellkern', '  ', 'Zellkern', '-'));
    expect(groups).toEqual([
      { answer: '', kind: 'identical', items: ['p0', 'p2'] },
      { answer: 'Zellkern', kind: 'identical', items: ['p1', 'p3'] },
      { answer: '-', kind: 'single', items: ['p4'] },
    ]);
  });

  it('keeps the order given between groups of equal size and returns nothing for no answers', () => {
    expect(groupAnswers(answers('C', 'B', 'A')).map((g) => g.answer)).toEqual(['C', 'B', 'A']);
    expect(groupAnswers([])).toEqual([]);
  });

  it('does not chain variants away from the common answer', () => {
    // each differs from the one before by a letter, but the third is too far from the first
    const base = 'Osmose ist Diffusion durch eine Membran';
    const groups = groupAnswers(
      answers(base, base, 'Osmose ist Diffusion durch eine Membra', 'Osmose ist Difusion durch ne Membra'),
    );
    expect(groups.map((g) => [g.kind, g.items])).toEqual([
      ['similar', ['p0', 'p1', 'p2']],
      ['single', ['p3']],
    ]);
  });

  it('groups a class of 28 long answers quickly', () => {
    const long = (i: number) =>
      `Antwort ${'abcdefghij'.repeat(80)} Variante ${String.fromCharCode(97 + (i % 26)).repeat(i + 1)}`;
    const started = performance.now();
    const groups = groupAnswers(Array.from({ length: 28 }, (_, i) => ({ answer: long(i), item: i })));
    expect(groups.flatMap((g) => g.items).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 28 }, (_, i) => i),
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
