import { defineTest } from '../corpus';

// Several marks on one line; a negation; the key's own Notenschlüssel in percent bands written as points.
export default defineTest({
  subject: 'Chemie',
  class: 9,
  title: 'Säuren und Basen',
  features: [
    'multi-marks',
    'negation',
    'wrong-fact',
    'unbalanced-equation',
    'notenschluessel',
    'names-formulas',
  ],
  key: `
Klassenarbeit Chemie Kl. 9 – Säuren, Basen, Neutralisation

Aufgabe 1 (4 P)
Definiere die Begriffe Säure und Base nach Brønsted.
Eine Säure gibt Protonen ab (2 P), eine Base nimmt Protonen auf (2 P).

Aufgabe 2 (3 P)
Gib den pH-Bereich saurer, neutraler und alkalischer Lösungen an.
sauer: pH < 7 (1 P), neutral: pH = 7 (1 P), alkalisch: pH > 7 (1 P)

Aufgabe 3 (3 P)
Formuliere die Neutralisation von Salzsäure mit Natronlauge.
HCl + NaOH → NaCl + H2O (2 P), Salz und Wasser entstehen (1 P)

Gesamt: 10 P
Notenschlüssel: 10–9 P: 1 | 8 P: 2 | 7–6 P: 3 | 5 P: 4 | 4–2 P: 5 | 1–0 P: 6
`,
  answer: `
1) Eine Säure ist ein Stoff, der keine Protonen abgibt, sondern welche aufnimmt. Eine Base gibt Protonen ab.

2) saure Lösung: pH unter 7, neutral: genau 7, alkalisch (basisch): über 7

3) HCl + NaOH → NaCl + H2O
Bei der Neutralisation entstehen ein Salz und Wasser, die Lösung ist dann neutral.
`,
  gold: {
    subtasks: [
      { task: '1', points: 0, max: 4, note: 'Säure und Base vertauscht, „keine Protonen abgibt“ verneint' },
      { task: '2', points: 3, max: 3 },
      { task: '3', points: 3, max: 3 },
    ],
    grade: 3,
    scale: [9, 8, 6, 5, 2],
    errors: [
      {
        quote: 'keine Protonen abgibt, sondern welche aufnimmt',
        kind: 'content',
        note: 'Säure gibt Protonen ab',
      },
      { quote: 'Eine Base gibt Protonen ab', kind: 'content', note: 'Base nimmt Protonen auf' },
    ],
    nonErrors: [{ quote: 'HCl + NaOH → NaCl + H2O' }, { quote: 'pH unter 7' }],
  },
});
