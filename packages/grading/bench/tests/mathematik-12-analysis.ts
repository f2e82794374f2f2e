import { defineTest } from '../corpus';

// Oberstufe key with VP, a total line and its own Notenschlüssel in points.
export default defineTest({
  subject: 'Mathematik',
  class: 12,
  title: 'Klausur Analysis – Kurvendiskussion',
  features: ['notation-VP', 'total-line', 'notenschluessel', 'folgefehler', 'names-formulas'],
  key: `
Klausur Q1 Mathematik (GK) – Erwartungshorizont
f(x) = x³ - 3x² - 9x + 2

1.1 Bestimme f'(x) und f''(x).  4 VP
f'(x) = 3x² - 6x - 9 (2 VP), f''(x) = 6x - 6 (2 VP)
1.2 Bestimme die Extremstellen und ihre Art.  8 VP
f'(x) = 0 ⇔ x² - 2x - 3 = 0 ⇔ x = 3 oder x = -1 (4 VP)
f''(3) = 12 > 0: Tiefpunkt bei x = 3 (2 VP); f''(-1) = -12 < 0: Hochpunkt bei x = -1 (2 VP)
1.3 Bestimme die Wendestelle.  4 VP
f''(x) = 0 ⇔ x = 1 (2 VP), f'''(x) = 6 ≠ 0 (1 VP), Wendepunkt W(1 | -9) (1 VP)
1.4 Berechne die Steigung der Tangente bei x = 0.  2 VP
f'(0) = -9

Summe: 18 VP
Notenschlüssel: 1: ab 17 VP, 2: ab 14 VP, 3: ab 11 VP, 4: ab 8 VP, 5: ab 4 VP, 6: darunter
`,
  answer: `
1.1 f'(x) = 3x² - 6x - 9
f''(x) = 6x - 6

1.2 f'(x) = 0
3x² - 6x - 9 = 0 | :3
x² - 2x - 3 = 0
x = 1 ± √(1 + 3) = 1 ± 2
x₁ = 3, x₂ = -1
f''(3) = 6·3 - 6 = 12 > 0 → Hochpunkt
f''(-1) = -12 < 0 → Tiefpunkt

1.3 f''(x) = 0 → 6x - 6 = 0 → x = 1
f(1) = 1 - 3 - 9 + 2 = -9
W(1 | -9)

1.4 m = f'(0) = -9
`,
  gold: {
    subtasks: [
      { task: '1', sub: '1', points: 4, max: 4 },
      {
        task: '1',
        sub: '2',
        points: 4,
        max: 8,
        note: 'Nullstellen richtig, Art der Extrema vertauscht (0 von 4)',
      },
      { task: '1', sub: '3', points: 3, max: 4, note: 'hinreichende Bedingung f′′′ fehlt' },
      { task: '1', sub: '4', points: 2, max: 2 },
    ],
    grade: 3,
    scale: [17, 14, 11, 8, 4],
    errors: [
      { quote: '12 > 0 → Hochpunkt', kind: 'maths', note: 'f′′ > 0 heißt Tiefpunkt' },
      { quote: '-12 < 0 → Tiefpunkt', kind: 'maths', note: 'f′′ < 0 heißt Hochpunkt' },
    ],
    nonErrors: [
      { quote: "f'(x) = 3x² - 6x - 9" },
      { quote: 'x = 1 ± √(1 + 3) = 1 ± 2' },
      { quote: 'W(1 | -9)' },
    ],
  },
});
