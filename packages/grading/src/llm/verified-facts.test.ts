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
  });

  it('says there is no key by giving no structure, and still names the verified calculations', async () => {
    const facts = await verifiedFacts({ text: 'Aufgabe 1 (2 P)\n7 · 8 = 54' }, { subject: 'Mathematik' });
    const lines = facts.lines.join('\n');
    expect(lines).not.toContain('Aufbau des Erwartungshorizonts');
    expect(lines).toContain('„54“');
  });
});
