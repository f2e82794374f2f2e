import { defineTest } from '../corpus';

// Points in square brackets; Ohm's law with a Folgefehler; series and parallel circuits.
export default defineTest({
  subject: 'Physik',
  class: 9,
  title: 'Elektrischer Widerstand',
  features: ['notation-bracket', 'folgefehler', 'swapped-roles', 'names-formulas'],
  key: `
Physik Klassenarbeit – Elektrizitätslehre – Erwartungshorizont

1) Eine Glühlampe liegt an 230 V, es fließt ein Strom von 0,5 A.
a) Berechne den Widerstand der Lampe. [2]
R = U / I = 230 V / 0,5 A = 460 Ω
b) Berechne die elektrische Leistung. [2]
P = U · I = 230 V · 0,5 A = 115 W

2) Zwei Widerstände R1 = 20 Ω und R2 = 30 Ω werden in Reihe geschaltet.
a) Berechne den Gesamtwiderstand. [1]
R = R1 + R2 = 50 Ω
b) Wie verhält sich die Stromstärke in einer Reihenschaltung, wie die Spannung? [2]
Die Stromstärke ist überall gleich [1], die Spannung teilt sich auf die Widerstände auf [1].
`,
  answer: `
1a) R = U · I = 230 V · 0,5 A = 115 Ω
1b) P = U · I = 230 V · 0,5 A = 115 W

2a) R = 20 Ω + 30 Ω = 50 Ω
2b) In einer Reihenschaltung teilt sich die Stromstärke auf und die Spannung ist überall gleich.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 0, max: 2, note: 'R = U / I, nicht U · I' },
      { task: '1', sub: 'b', points: 2, max: 2 },
      { task: '2', sub: 'a', points: 1, max: 1 },
      { task: '2', sub: 'b', points: 0, max: 2, note: 'Strom und Spannung vertauscht' },
    ],
    grade: 5,
    errors: [
      { quote: 'R = U · I', kind: 'maths', note: 'R = U / I = 460 Ω' },
      {
        quote: 'teilt sich die Stromstärke auf',
        kind: 'content',
        note: 'die Stromstärke ist überall gleich',
      },
      { quote: 'die Spannung ist überall gleich', kind: 'content', note: 'die Spannung teilt sich auf' },
    ],
    nonErrors: [{ quote: 'P = U · I = 230 V · 0,5 A = 115 W' }, { quote: 'R = 20 Ω + 30 Ω = 50 Ω' }],
  },
});
