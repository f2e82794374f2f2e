import { countOf } from '@korrigo/domain';
import { sameThing } from '../score/key-lists';

/**
 * A word equation ("Kohlenstoffdioxid + Wasser → Traubenzucker + Sauerstoff", in biology and chemistry):
 * each substance is right only on its side of the arrow. A pupil who names all four with the sides swapped
 * has not written the reaction, though every word of the key is there. Conditions over the arrow ("(Licht,
 * Chlorophyll)") are no substances; "Traubenzucker (Glucose)" may be named either way.
 */

const arrow = /\s*(?:→|->|⟶|=>)\s*/;

type Side = string[];

function sidesOf(text: string): [Side, Side] | null {
  const parts = text.split(arrow);
  if (parts.length !== 2) return null;
  const side = (s: string) =>
    s
      // the conditions written at the arrow: "(Licht, Chlorophyll)" at the start of the right side
      .replace(/^\s*\([^()]*\)\s*/, '')
      .split(/\s+\+\s+/)
      .map((x) => x.trim().replace(/[.;]$/, ''))
      .filter((x) => x.length > 0);
  const [left, right] = [side(parts[0]!), side(parts[1]!)];
  // words, not formulas (those are the reaction-equation checker's), and at least one "+"
  const words = [...left, ...right].every(
    (x) => /^\p{L}[\p{L}\s()-]*$/u.test(x) && x.split(/\s+/).length <= 4,
  );
  return words && left.length + right.length >= 3 ? [left, right] : null;
}

/** Points of a key that is one word equation, by substances on their right side; null when it is not one. */
export function scoreWordEquation(
  keyText: string,
  answer: string,
  max: number,
): { achieved: number; count: number; feedback: string; misplaced: string[] } | null {
  const lines = keyText.split('\n').filter((l) => l.trim().length > 0);
  if (lines.length !== 1) return null;
  const key = sidesOf(lines[0]!.replace(/\((?:je|\d)[^()]*\)\s*$/, ''));
  if (!key) return null;
  const line = answer.split('\n').find((l) => arrow.test(l));
  const given = line ? sidesOf(line) : null;
  if (!given) return null;
  const count = key[0].length + key[1].length;
  let right = 0;
  const misplaced: string[] = [];
  key.forEach((side, s) => {
    for (const substance of side) {
      if (given[s]!.some((g) => sameThing(substance, g))) right++;
      else if (given[1 - s]!.some((g) => sameThing(substance, g))) misplaced.push(substance);
    }
  });
  return {
    achieved: Math.round(((right * max) / count) * 2) / 2,
    count,
    feedback: `${right} von ${countOf(count, 'Stoff', 'Stoffen')} auf der richtigen Seite des Pfeils.`,
    misplaced,
  };
}
