import { describe, expect, it } from 'vitest';
import { parseExpectedAnswer } from '../score/expected-answer';
import { scoreOpenAnswer } from '../score/open-answer';
import { oppositeIn } from './opposites';

describe('oppositeIn: an answer stating the opposite direction or kind', () => {
  it('reads the opposite direction in the sentence about the same thing', () => {
    expect(oppositeIn('zum Lot hin', 'Der Strahl wird gebrochen, und zwar vom Lot weg.')).toEqual({
      expected: 'hin',
      written: 'weg',
    });
    expect(oppositeIn('zum Lot hin', 'Der Strahl wird zum Lot hin gebrochen.')).toBeNull();
    expect(oppositeIn('warme, feuchte Luft steigt auf', 'Die kalte Luft sinkt ab.')).toMatchObject({
      written: 'sinkt',
    });
  });

  it('reads taking up against giving off', () => {
    const answer = 'Eine Säure ist ein Stoff, der Protonen aufnimmt. Eine Base gibt Protonen ab.';
    expect(oppositeIn('eine Base nimmt Protonen auf', answer)).toMatchObject({ written: 'gibt' });
    expect(oppositeIn('eine Base nimmt Protonen auf', 'Eine Base nimmt Protonen auf.')).toBeNull();
  });

  it('tells points apart by their signed numbers: "f\'\'(3) = 12" is not "f\'\'(-1) = -12"', () => {
    const answer = "f''(3) = 6·3 - 6 = 12 > 0 → Hochpunkt\nf''(-1) = -12 < 0 → Tiefpunkt";
    expect(oppositeIn("f''(3) = 12 > 0: Tiefpunkt bei x = 3", answer)).toMatchObject({
      written: 'Hochpunkt',
    });
    expect(oppositeIn("f''(-1) = -12 < 0: Hochpunkt bei x = -1", answer)).toMatchObject({
      written: 'Tiefpunkt',
    });
    const right = "f''(3) = 12 > 0 → Tiefpunkt\nf''(-1) = -12 < 0 → Hochpunkt";
    expect(oppositeIn("f''(3) = 12 > 0: Tiefpunkt bei x = 3", right)).toBeNull();
  });

  it('reads a negated opposite as no opposite', () => {
    expect(oppositeIn('Der Druck wird größer', 'Der Druck wird nicht kleiner.')).toBeNull();
    expect(oppositeIn('Der Druck wird größer', 'Der Druck wird kleiner.')).toMatchObject({
      written: 'kleiner',
    });
  });

  it('leaves an aspect naming both sides, and prepositions, alone', () => {
    expect(oppositeIn('von der positiven zur negativen Platte', 'vom Minuspol zum Pluspol')).toBeNull();
    expect(oppositeIn('Verschmelzung von Seele und Natur', 'die Sehnsucht zur Natur')).toBeNull();
  });

  it('costs the aspect its points', () => {
    const e = parseExpectedAnswer('der Strahl wird gebrochen (1 Punkt)\nzum Lot hin (2 Punkte)', 3);
    const r = scoreOpenAnswer('Der Lichtstrahl wird gebrochen, und zwar vom Lot weg.', e, 3);
    expect(r.aspects[1]!.points).toBe(0);
    expect(r.aspects[1]!.doubt).toBe('fact');
  });
});
