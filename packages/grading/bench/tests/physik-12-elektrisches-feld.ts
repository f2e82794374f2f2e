import { defineTest } from '../corpus';

// Abitur layout (Teil A / Teil B, A1 … B2); a result in another correct unit; a unit slip in the next step.
export default defineTest({
  subject: 'Physik',
  class: 12,
  title: 'Klausur Elektrisches Feld',
  features: ['notation-bracket', 'notation-BE', 'other-path', 'wrong-unit', 'folgefehler', 'names-formulas'],
  key: `
Physik Q1 (LK) – Klausur Elektrisches Feld – Erwartungshorizont

Teil A – Grundlagen
A1 Definieren Sie die elektrische Feldstärke. [2 BE]
E = F / q: Kraft auf eine Probeladung geteilt durch deren Ladung
A2 Beschreiben Sie den Verlauf der Feldlinien im Plattenkondensator. [2 BE]
parallel und mit gleichem Abstand, homogenes Feld [1 BE]; von der positiven zur negativen Platte [1 BE]

Teil B – Rechnung
B1 Ein Plattenkondensator mit d = 2 cm liegt an U = 400 V. Berechnen Sie die Feldstärke. [3 BE]
E = U / d = 400 V / 0,02 m = 20 000 V/m
B2 Berechnen Sie die Kraft auf ein Elektron (e = 1,6 · 10^-19 C) in diesem Feld. [3 BE]
F = e · E = 1,6 · 10^-19 C · 20 000 V/m = 3,2 · 10^-15 N
`,
  answer: `
A1 Die elektrische Feldstärke gibt an, wie groß die Kraft auf eine Ladung ist, geteilt durch diese Ladung: E = F/q.

A2 Die Feldlinien verlaufen parallel und in gleichen Abständen vom Minuspol zum Pluspol.

B1 E = U / d = 400 V / 2 cm = 200 V/cm

B2 F = e · E = 1,6 · 10^-19 C · 200 V/cm = 3,2 · 10^-17 N
`,
  gold: {
    subtasks: [
      { task: 'A', sub: '1', points: 2, max: 2 },
      { task: 'A', sub: '2', points: 1, max: 2, note: 'Richtung falsch (von + nach −)' },
      { task: 'B', sub: '1', points: 3, max: 3, note: '200 V/cm = 20 000 V/m, richtig in anderer Einheit' },
      {
        task: 'B',
        sub: '2',
        points: 1.5,
        max: 3,
        note: 'Ansatz richtig; V/cm nicht in V/m umgerechnet, daher um den Faktor 100 zu klein',
      },
    ],
    grade: 3,
    errors: [
      { quote: 'vom Minuspol zum Pluspol', kind: 'content', note: 'von + nach −' },
      { quote: '3,2 · 10^-17 N', kind: 'maths', note: '3,2 · 10^-15 N' },
    ],
    nonErrors: [{ quote: '200 V/cm', occurrence: 1 }, { quote: 'E = F/q' }, { quote: 'E = U / d' }],
  },
});
