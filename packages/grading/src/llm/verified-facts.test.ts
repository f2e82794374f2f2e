import { describe, expect, it } from 'vitest';
import { verifiedFacts } from './verified-facts';

describe('verifiedFacts', () => {
  it('gives the model the key as read and what the checks verified', async () => {
    const key =
      'Aufgabe 1 (2 P): Nenne zwei Aufgaben der Leber.\nDie Leber entgiftet das Blut (1 P) und bildet Galle (1 P).\n\n' +
      'Aufgabe 2 (3 P): Berechne.\n1/4 + 1/3 = 7/12 (2 P)\n1 - 7/12 = 5/12 (1 P)\n\nNotenschlüssel: 1: 5 P, 2: 4 P, 3: 3 P, 4: 2 P, 5: 1 P, 6: 0 P';
    const text = 'Aufgabe 1\nDie Leber entgiftet das Blut.\n\nAufgabe 2\n1/4 + 1/3 = 2/7\n1 - 2/7 = 5/7';
    const facts = await verifiedFacts({ text, answerKey: { kind: 'text', text: key } }, {});
    const lines = facts.lines.join('\n');
    expect(lines).toContain(
      '- Aufgabe 1 (max. 2 P): erwartet „Die Leber entgiftet das Blut“ (1 P); „bildet Galle“ (1 P)',
    );
    expect(lines).toContain('- Aufgabe 2 (max. 3 P)');
    expect(lines).toContain('Gesamtpunktzahl: 5 P');
    expect(lines).toContain('Notenschlüssel: aus dem Erwartungshorizont');
    expect(lines).toContain('„2/7“: Falsches Ergebnis');
    expect(facts.reading.total_points).toBe(5);
    // where each answer was read (issue 32 §9)
    expect(lines).toContain('- Aufgabe 1: „Die Leber entgiftet das Blut.“');
    expect(lines).toContain('- Aufgabe 2: „1/4 + 1/3 = 2/7 1 - 2/7 = 5/7“');
    expect(lines).not.toContain('Unsicher:');
  });

  it('names the passages read and the tasks it could not place, with the flag for the result', async () => {
    const key =
      'Aufgabe 1 (2 P): Hauptstadt von Frankreich?\nParis (2 P)\nAufgabe 2 (2 P): Hauptstadt von Italien?\nRom (2 P)';
    const text = 'Die Hauptstadt von Italien ist Rom.\nFrankreichs Hauptstadt ist Paris.';
    const facts = await verifiedFacts({ text, answerKey: { kind: 'text', text: key } }, {});
    const lines = facts.lines.join('\n');
    expect(lines).toContain('Zuordnung der Antworten');
    expect(lines).toMatch(
      /Unsicher: Die Antworten zu den Aufgaben 1 und 2 konnten nicht sicher zugeordnet werden/,
    );
    expect(facts.reading.review_flags.map((flag) => flag.code)).toContain('alignment_uncertain');
  });

  it('says there is no key by giving no structure, and still names the verified calculations', async () => {
    const facts = await verifiedFacts({ text: 'Aufgabe 1 (2 P)\n7 · 8 = 54' }, { subject: 'Mathematik' });
    const lines = facts.lines.join('\n');
    expect(lines).not.toContain('Aufbau des Erwartungshorizonts');
    expect(lines).toContain('„54“');
  });
});
