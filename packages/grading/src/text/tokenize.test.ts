import { describe, expect, it } from 'vitest';
import { detectLanguage } from './tokenize';

describe('detectLanguage', () => {
  it('reads English and German by their small words', () => {
    expect(
      detectLanguage('The router forwards the packet to the next hop because it has the shortest path.'),
    ).toBe('en');
    expect(detectLanguage('Der Router leitet das Paket weiter, weil es der kürzeste Weg ist.')).toBe('de');
  });

  it('keeps a German answer with English terms German, and a short text German', () => {
    expect(
      detectLanguage('Die Gewalten kontrollieren sich gegenseitig (checks and balances), das ist das Ziel.'),
    ).toBe('de');
    expect(detectLanguage('Mitochondrien')).toBe('de');
  });
});
