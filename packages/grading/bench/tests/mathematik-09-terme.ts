import { defineTest } from '../corpus';

// The key line "7 · 8 = 56 (2 P); Rechenweg z. B. …"; a name line; a sentence that earns nothing.
export default defineTest({
  subject: 'Mathematik',
  class: 9,
  title: 'Terme und binomische Formeln',
  features: ['multi-marks', 'name-line', 'padding', 'other-path', 'solution-below'],
  key: `
Mathematik 9 – Test Terme und binomische Formeln – Lösungen

Aufgabe 1 (4 P) Berechne geschickt im Kopf und gib deinen Rechenweg an.
a) 7 · 98 = 686 (1 P); Rechenweg z. B. 7 · 98 = 7 · 100 − 7 · 2 (1 P)
b) 51² = 2601 (1 P); Rechenweg z. B. (50 + 1)² = 2500 + 100 + 1 (1 P)

Aufgabe 2 (4 P) Multipliziere aus und fasse zusammen.
a) (x + 3)² = x² + 6x + 9 (2 P)
b) (2a − 5)(2a + 5) = 4a² − 25 (2 P)

Aufgabe 3 (3 P) Faktorisiere: x² − 10x + 25
(x − 5)²
`,
  answer: `
Name: Lena Schmidt, Klasse 9b

Aufgabe 1
a) 7 · 98 = 7 · 100 - 7 · 2 = 700 - 14 = 686
b) 51² = 51 · 51 = 2551

Aufgabe 2
a) (x + 3)² = x² + 9
b) (2a - 5)(2a + 5) = 4a² - 25

Aufgabe 3
x² - 10x + 25 = (x - 5)²
Binomische Formeln finde ich sehr praktisch. Mein Lieblingsfach ist übrigens Sport.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 2, max: 2 },
      { task: '1', sub: 'b', points: 0, max: 2, note: '51 · 51 ist kein Rechenweg, Ergebnis falsch (2601)' },
      { task: '2', sub: 'a', points: 0, max: 2, note: 'gemischtes Glied 6x fehlt' },
      { task: '2', sub: 'b', points: 2, max: 2 },
      { task: '3', points: 3, max: 3, note: 'der Satz über Sport bringt nichts und kostet nichts' },
    ],
    grade: 4,
    errors: [
      { quote: '51 · 51 = 2551', kind: 'maths', note: '= 2601' },
      { quote: '(x + 3)² = x² + 9', kind: 'maths', note: 'x² + 6x + 9' },
    ],
    nonErrors: [
      { quote: 'Lena Schmidt' },
      { quote: '700 - 14 = 686' },
      { quote: '(2a - 5)(2a + 5) = 4a² - 25' },
      { quote: 'x² - 10x + 25 = (x - 5)²' },
    ],
    student: 'Lena Schmidt',
  },
});
