import { describe, expect, it } from 'vitest';
import { unwrapLines } from './line-wrap';

describe('unwrapLines', () => {
  it('joins a long line broken inside its sentence, keeping the length', () => {
    const scanned =
      'Weil die Pflanze sonst zuviel Wasser verdunstet, dann bekommt sie aber weniger\nKohlenstoffdioxyd.';
    const flowing = unwrapLines(scanned);
    expect(flowing).toBe(scanned.replace('\n', ' '));
    expect(flowing.length).toBe(scanned.length);
    expect(
      unwrapLines(
        'Die Zellatmung braucht Sauerstoff und Traubenzucker und bildet Kohlenstoffdioxid,\nund Wasser.',
      ),
    ).not.toContain('\n');
  });

  it('keeps the breaks of lists, finished sentences, formulas, list items and paragraphs', () => {
    const kept = [
      'obere Epidermis\nPalisadengewebe\nSchwammgewebe',
      'Die Pflanze verliert sonst zu viel Wasser durch Verdunstung.\nDann gelangt weniger Kohlenstoffdioxid ins Blatt.',
      'Kohlenstoffdioxid + Wasser → Traubenzucker + Sauerstoff mit Licht\nin den Chloroplasten',
      'Die Fotosynthese findet in den Chloroplasten statt und braucht Licht\n- Chlorophyll fängt das Licht ein',
      'Die Fotosynthese findet in den Chloroplasten statt und braucht Licht\n\nAufgabe 3',
      'Die Zellatmung und die Fotosynthese unterscheiden sich so:\nDie Zellatmung braucht Sauerstoff.',
    ];
    for (const text of kept) expect(unwrapLines(text)).toBe(text);
  });
});
