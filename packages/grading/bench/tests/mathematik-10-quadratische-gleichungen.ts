import { defineTest } from '../corpus';

// BE notation; factorising instead of the pq formula; a sign error with Folgefehler.
export default defineTest({
  subject: 'Mathematik',
  class: 10,
  title: 'Quadratische Gleichungen und Parabeln',
  features: ['notation-BE', 'number-alone', 'solution-below', 'other-path', 'folgefehler'],
  key: `
Lösungsskizze Klassenarbeit Mathematik 10

Aufgabe 1
a) x² - 6x + 8 = 0 lösen (3 BE)
pq-Formel: x = 3 ± √(9 - 8), x₁ = 4, x₂ = 2
b) 2x² - 8x - 10 = 0 lösen (3 BE)
x² - 4x - 5 = 0, x = 2 ± √(4 + 5) = 2 ± 3, x₁ = 5, x₂ = -1

Aufgabe 2
Gegeben ist f(x) = x² + 4x + 1.
a) Bestimme den Scheitelpunkt. (3 BE)
f(x) = (x + 2)² - 3, S(-2 | -3)
b) Gib an, ob die Parabel nach oben oder unten geöffnet ist, und begründe. (2 BE)
nach oben geöffnet, weil der Faktor vor x² positiv ist (a = 1 > 0)
`,
  answer: `
Aufgabe 1
a) x² - 6x + 8 = 0
(x - 4)(x - 2) = 0
x₁ = 4, x₂ = 2

b) 2x² - 8x - 10 = 0   | :2
x² - 4x - 5 = 0
x = 2 ± √(4 - 5)
√(-1) gibt es nicht, also keine Lösung.

Aufgabe 2
a) f(x) = x² + 4x + 4 - 4 + 1
f(x) = (x + 2)² - 3
S(2 | -3)

b) Die Parabel ist nach oben geöffnet, da a = 1 positiv ist.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 3, max: 3, note: 'faktorisiert statt pq-Formel: richtig' },
      {
        task: '1',
        sub: 'b',
        points: 1.5,
        max: 3,
        note: 'Normalform richtig; Vorzeichenfehler unter der Wurzel, Schluss daraus folgerichtig',
      },
      {
        task: '2',
        sub: 'a',
        points: 2,
        max: 3,
        note: 'Scheitelpunktform richtig, x-Koordinate Vorzeichen falsch',
      },
      { task: '2', sub: 'b', points: 2, max: 2 },
    ],
    grade: 3,
    errors: [
      { quote: 'x = 2 ± √(4 - 5)', kind: 'maths', note: 'q = -5, also 4 + 5 unter der Wurzel' },
      { quote: 'S(2 | -3)', kind: 'maths', note: 'S(-2 | -3)' },
    ],
    nonErrors: [
      { quote: '(x - 4)(x - 2) = 0', note: 'anderer richtiger Weg' },
      { quote: 'f(x) = (x + 2)² - 3' },
      { quote: 'x² - 4x - 5 = 0' },
    ],
  },
});
