import { defineTest } from '../corpus';

// Note values add up per bar (a checkable sum); instrument families with one wrong assignment.
export default defineTest({
  subject: 'Musik',
  class: 7,
  title: 'Rhythmus und Instrumentenkunde',
  features: ['wrong-fact', 'names-formulas', 'solution-below', 'notation-P.', 'spelling'],
  key: `
Musik 7 – Test – Lösungen

1. Wie viele Viertelnoten passen in einen 3/4-Takt, wie viele Achtelnoten? (2 P.)
3 Viertel (1 P.), 6 Achtel (1 P.)

2. Ein 4/4-Takt enthält eine halbe Note und zwei Viertel. Ist er vollständig? Begründe mit einer Rechnung. (2 P.)
1/2 + 1/4 + 1/4 = 1, also vollständig

3. Ordne die Instrumente den Instrumentenfamilien zu: Trompete, Klarinette, Cello, Pauke. (4 P.)
Trompete: Blechblasinstrument; Klarinette: Holzblasinstrument; Cello: Streichinstrument; Pauke: Schlaginstrument (je 1 P.)

4. Was bedeutet „crescendo“? (1 P.)
allmählich lauter werden
`,
  answer: `
1. In einen 3/4-Takt passen 3 Viertelnoten oder 6 Achtelnoten.

2. 1/2 + 1/4 + 1/4 = 1
Der Takt ist voll.

3. Trompete – Blechbläser
Klarinette – Blechbläser
Cello – Streicher
Pauke – Schlagwerk

4. Crescendo heißt, das die Musik immer leiser wird.
`,
  gold: {
    subtasks: [
      { task: '1', points: 2, max: 2 },
      { task: '2', points: 2, max: 2 },
      {
        task: '3',
        points: 3,
        max: 4,
        note: 'Klarinette ist ein Holzblasinstrument (auch wenn aus Metall gebaut, Rohrblatt)',
      },
      { task: '4', points: 0, max: 1, note: 'lauter, nicht leiser' },
    ],
    grade: 3,
    errors: [
      { quote: 'Klarinette – Blechbläser', kind: 'content', note: 'Holzbläser' },
      { quote: 'immer leiser', kind: 'content', note: 'lauter (leiser: decrescendo)' },
      { quote: 'heißt, das die', kind: 'language', note: 'dass' },
    ],
    nonErrors: [{ quote: '1/2 + 1/4 + 1/4 = 1' }, { quote: 'Schlagwerk' }, { quote: '3/4-Takt' }],
  },
});
