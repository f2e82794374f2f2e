import { describe, expect, it } from 'vitest';
import { isPlaceNoun } from './places';
import { tokenize } from './tokenize';

const places = (text: string) => {
  const tokens = tokenize(text);
  return tokens.filter((_, i) => isPlaceNoun(tokens, i, text)).map((t) => t.text);
};

describe('isPlaceNoun', () => {
  it('reads the noun after a preposition of place or direction', () => {
    expect(places('dann gelangt aber auch weniger Kohlenstoffdioxid ins Blatt')).toEqual(['Blatt']);
    expect(places('Die Fotosynthese findet in den Chloroplasten statt')).toEqual(['Chloroplasten']);
    expect(places('Das Licht fällt auf das grüne Blatt')).toEqual(['Blatt']);
  });

  it('does not read a quantity, a means or a noun in another clause as a place', () => {
    expect(places('Die Pflanze verliert sonst zu viel Wasser durch Verdunstung')).toEqual([]);
    expect(places('Sie nimmt in weniger Zeit mehr Wasser auf')).toEqual([]);
    expect(places('Es geht hinein, Wasser verdunstet')).toEqual([]);
  });
});
