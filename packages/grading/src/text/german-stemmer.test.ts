import { describe, expect, it } from 'vitest';
import { stemGerman } from './german-stemmer';
import { editDistance, foldForComparison, tokenize } from './tokenize';

describe('stemGerman', () => {
  it('gives the Snowball stems of the reference vocabulary', () => {
    expect(stemGerman('aufeinanderfolgenden')).toBe('aufeinanderfolg');
    expect(stemGerman('kategorie')).toBe('kategori');
    expect(stemGerman('kategorien')).toBe('kategori');
    expect(stemGerman('häuser')).toBe('haus');
  });
  it('folds inflections and typed umlauts onto one stem', () => {
    expect(stemGerman('begrüßung')).toBe(stemGerman('begruessung'));
    expect(stemGerman('mitarbeiter')).toBe(stemGerman('mitarbeitern'));
    expect(stemGerman('sauberkeit')).toBe('sauber');
    expect(stemGerman('freundlichkeit')).toBe('freundlich');
  });
});

describe('tokenize', () => {
  it('keeps offsets into the text', () => {
    const text = 'Die Pflanzen  brauchen Licht.';
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
    expect(tokenize(text).map((t) => t.text)).toEqual(['Die', 'Pflanzen', 'brauchen', 'Licht']);
  });
});

describe('comparison helpers', () => {
  it('folds case, ß and umlauts', () => {
    expect(foldForComparison('Straße')).toBe(foldForComparison('STRASSE'));
    expect(foldForComparison('Müller')).toBe('mueller');
  });
  it('counts a transposition as one edit', () => {
    expect(editDistance('haus', 'hasu')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
