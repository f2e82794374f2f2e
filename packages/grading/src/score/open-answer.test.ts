import { describe, expect, it } from 'vitest';
import { parseExpectedAnswer } from './expected-answer';
import { scoreOpenAnswer } from './open-answer';
import { termMatch } from './term-match';

const key =
  'Pflanzen nutzen die Energie des Lichts (1 P), um in den Chloroplasten mit Chlorophyll (1 P) Traubenzucker herzustellen (1 P). Ohne Licht findet keine Fotosynthese statt (1 P).';

describe('parseExpectedAnswer', () => {
  it('splits at point marks into aspects with their points', () => {
    const e = parseExpectedAnswer(key, 4, 'Warum brauchen Pflanzen Licht?');
    expect(e.marked).toBe(true);
    expect(e.totalPoints).toBe(4);
    expect(e.aspects.map((a) => a.points)).toEqual([1, 1, 1, 1]);
    expect(e.aspects[1]!.text).toContain('Chlorophyll');
  });
  it('reads decimal marks like (0.25 P) and (0,5 Punkte)', () => {
    const e = parseExpectedAnswer('Foto machen (0.25 P) und notieren (0,5 Punkte)', 1);
    expect(e.aspects.map((a) => a.points)).toEqual([0.25, 0.5]);
  });
  it('shares the points over sentences when there are no marks', () => {
    const e = parseExpectedAnswer('Sauerstoff entsteht. Zucker entsteht.', 4);
    expect(e.marked).toBe(false);
    expect(e.aspects.map((a) => a.points)).toEqual([2, 2]);
  });
});

describe('termMatch', () => {
  it('matches compounds, participles, synonyms and slips', () => {
    expect(termMatch('schreib', 'informationsschreib')).toBeGreaterThan(0.8);
    expect(termMatch('kauf', 'gekauft')).toBeGreaterThan(0.8);
    expect(termMatch('ursach', 'grund')).toBeGreaterThan(0.8);
    expect(termMatch('sauerstoff', 'sauerstof')).toBeGreaterThan(0.7);
    expect(termMatch('licht', 'wass')).toBe(0);
  });
});

describe('scoreOpenAnswer', () => {
  const expected = parseExpectedAnswer(key, 4, 'Warum brauchen Pflanzen Licht?');

  it('gives full points for an answer that covers every aspect in other words', () => {
    const r = scoreOpenAnswer(
      'Mit der Energie vom Licht stellen die Pflanzen in den Chloroplasten mit dem grünen Chlorophyll Traubenzucker her. Ohne Licht gibt es keine Fotosynthese.',
      expected,
      4,
    );
    expect(r.achieved).toBe(4);
  });

  it('gives partial points and names what is missing', () => {
    const r = scoreOpenAnswer('Die Pflanzen brauchen Licht als Energie.', expected, 4);
    expect(r.achieved).toBeGreaterThan(0);
    expect(r.achieved).toBeLessThan(4);
    const missing = r.aspects.filter((a) => a.credit < 1).flatMap((a) => a.missingTerms);
    expect(missing).toContain('Chlorophyll');
    const energy = r.aspects[0]!;
    expect(energy.matchedWords.map((w) => w.text)).toContain('Energie');
  });

  it('gives little for an unrelated answer', () => {
    const r = scoreOpenAnswer('Weiß ich nicht.', expected, 4);
    expect(r.achieved).toBeLessThanOrEqual(1);
  });

  it('does not credit a negated statement of a required aspect', () => {
    const e = parseExpectedAnswer('Es muss ein Foto gemacht werden (1 P).', 1);
    const yes = scoreOpenAnswer('Ich mache ein Foto von der Tür und schreibe den Zustand auf.', e, 1);
    const no = scoreOpenAnswer('Ich mache kein Foto von der Tür und schreibe den Zustand auf.', e, 1);
    expect(yes.achieved).toBeGreaterThan(no.achieved);
  });

  it('checks numeric results and accepts a Folgefehler once', () => {
    const e = parseExpectedAnswer('3,5 * 2 = 7 (2 P)\n7 * 4 = 28 (2 P)', 4);
    expect(scoreOpenAnswer('3,5 * 2 = 7\n7 * 4 = 28', e, 4).achieved).toBe(4);
    expect(scoreOpenAnswer('3,5 * 2 = 8\n8 * 4 = 32', e, 4).achieved).toBe(0);
    const withFollowOn = scoreOpenAnswer('3,5 * 2 = 8\n8 * 4 = 32', e, 4, undefined, [
      { written: 32, expected: 28 },
    ]);
    expect(withFollowOn.achieved).toBe(2);
  });

  it('scales the key points to the question points', () => {
    const r = scoreOpenAnswer(
      'Mit der Energie vom Licht stellen die Pflanzen in den Chloroplasten mit dem grünen Chlorophyll Traubenzucker her. Ohne Licht gibt es keine Fotosynthese.',
      expected,
      8,
    );
    expect(r.max).toBe(8);
    expect(r.achieved).toBe(8);
  });
});
