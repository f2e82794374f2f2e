import { defineTest } from '../corpus';

// No key; the student's sheet carries "(x BE)"; calculations checkable, the explanation is not.
export default defineTest({
  subject: 'Physik',
  class: 11,
  title: 'Energieerhaltung',
  features: ['no-key', 'notation-BE', 'wrong-unit', 'names-formulas'],
  key: null,
  answer: `
Physik Kurs 11 – Test Energie

Aufgabe 1 (3 BE)
Ein Ball (m = 0,2 kg) wird aus 5 m Höhe fallen gelassen. Berechne seine Lageenergie (g = 10 m/s²).
E = m · g · h = 0,2 kg · 10 m/s² · 5 m = 10 J

Aufgabe 2 (3 BE)
Berechne die Geschwindigkeit kurz vor dem Aufprall (ohne Reibung).
E = 1/2 · m · v²
v = √(2E/m) = √(2 · 10 J / 0,2 kg) = √100 = 10 m/s

Aufgabe 3 (4 BE)
Erkläre, warum der Ball in Wirklichkeit nicht wieder auf 5 m Höhe springt.
Beim Aufprall und durch den Luftwiderstand wird ein Teil der Energie in Wärme (innere Energie) umgewandelt und ist dann nicht mehr als Lageenergie verfügbar. Die Energie geht aber nicht verloren.

Aufgabe 4 (2 BE)
Ein Motor hebt 50 kg in 10 s um 2 m. Berechne die Leistung.
P = W / t = 50 kg · 10 m/s² · 2 m / 10 s = 100 J
`,
  gold: {
    subtasks: [
      { task: '1', points: 3, max: 3 },
      { task: '2', points: 3, max: 3 },
      { task: '3', points: 4, max: 4, open: true, note: 'vollständig, aber nur mit Sachwissen prüfbar' },
      { task: '4', points: 1, max: 2, note: 'Zahlenwert richtig, Einheit W statt J' },
    ],
    grade: 2,
    errors: [{ quote: '100 J', kind: 'maths', note: 'Leistung in W' }],
    nonErrors: [
      { quote: 'E = m · g · h = 0,2 kg · 10 m/s² · 5 m = 10 J' },
      { quote: 'v = √(2E/m)' },
      { quote: 'Luftwiderstand' },
    ],
  },
});
