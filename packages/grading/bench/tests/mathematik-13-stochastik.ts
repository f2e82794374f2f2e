import { defineTest } from '../corpus';

// Abitur stochastics: binomial distribution, another correct path (complement rule), a rounding slip.
export default defineTest({
  subject: 'Mathematik',
  class: 13,
  title: 'Abiturvorbereitung Stochastik',
  features: ['notation-BE', 'other-path', 'folgefehler', 'total-line', 'names-formulas', 'dash-topic'],
  key: `
Mathematik LK 13 – Vorabiturklausur Stochastik – Erwartungshorizont

Aufgabe 1 – Binomialverteilung (10 BE)
Ein Würfel wird 10-mal geworfen. X zählt die Sechsen.
a) Begründe, dass X binomialverteilt ist, und gib n und p an. (3 BE)
zwei Ausgänge (Sechs / keine Sechs), p bleibt gleich, Würfe unabhängig (2 BE); n = 10, p = 1/6 (1 BE)
b) Berechne P(X = 2). (3 BE)
P(X = 2) = (10 über 2) · (1/6)² · (5/6)⁸ ≈ 0,2907
c) Berechne die Wahrscheinlichkeit, mindestens eine Sechs zu werfen. (4 BE)
P(X ≥ 1) = 1 - P(X = 0) = 1 - (5/6)^10 ≈ 0,8385

Aufgabe 2 – Erwartungswert (4 BE)
Berechne Erwartungswert und Standardabweichung von X.
E(X) = n · p = 10/6 ≈ 1,67 (2 BE); σ = √(n · p · (1 - p)) = √(50/36) ≈ 1,18 (2 BE)

Summe: 14 BE
`,
  answer: `
1a) Es gibt nur Treffer (Sechs) oder Niete, die Trefferwahrscheinlichkeit ist bei jedem Wurf gleich und die Würfe beeinflussen sich nicht. Also Bernoulli-Kette mit n = 10 und p = 1/6.

1b) P(X = 2) = (10 über 2) · (1/6)² · (5/6)⁸ = 45 · 0,0278 · 0,2326 ≈ 0,2907

1c) P(X ≥ 1) = P(X = 1) + P(X = 2) + … + P(X = 10)
Mit dem GTR (binomcdf): P(X ≤ 10) - P(X ≤ 0) = 1 - 0,1615 = 0,8385

2) E(X) = n · p = 10 · 1/6 ≈ 1,67
σ = √(n · p · (1 - p)) = √(10 · 1/6 · 5/6) = √1,39 ≈ 1,39
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 3, max: 3 },
      { task: '1', sub: 'b', points: 3, max: 3 },
      {
        task: '1',
        sub: 'c',
        points: 4,
        max: 4,
        note: 'mit dem GTR über die Summenfunktion, anderer richtiger Weg',
      },
      { task: '2', points: 3, max: 4, note: 'Wurzel nicht gezogen: √1,39 ≈ 1,18' },
    ],
    grade: 1,
    errors: [{ quote: '√1,39 ≈ 1,39', kind: 'maths', note: '≈ 1,18' }],
    nonErrors: [
      { quote: 'Bernoulli-Kette' },
      { quote: 'binomcdf' },
      { quote: '1 - 0,1615 = 0,8385' },
      { quote: '45 · 0,0278 · 0,2326 ≈ 0,2907' },
    ],
  },
});
