import { defineTest } from '../corpus';

// Task number alone on its line, then a) lines with the solution on the line below; a Folgefehler.
export default defineTest({
  subject: 'Mathematik',
  class: 7,
  title: 'Lineare Gleichungen',
  features: ['number-alone', 'solution-below', 'folgefehler', 'other-path', 'notation-P.'],
  key: `
Mathearbeit Nr. 3 – Lösungen

Aufgabe 1
a) Löse: 3x + 7 = 22 (2 P.)
x = 5
b) Löse: 5(x - 2) = 2x + 8 (3 P.)
5x - 10 = 2x + 8; 3x = 18; x = 6
c) Löse: x/4 + 3 = 5 (2 P.)
x = 8

Aufgabe 2
Ein Rechteck ist 4 cm länger als breit. Sein Umfang beträgt 36 cm. Berechne Länge und Breite. (4 P.)
Ansatz 2b + 2(b + 4) = 36 (2 P.), b = 7 cm (1 P.), Länge 11 cm (1 P.)
`,
  answer: `
Aufgabe 1
a) 3x + 7 = 22   | -7
3x = 15   | :3
x = 5

b) 5(x - 2) = 2x + 8
5x - 2 = 2x + 8   | -2x
3x - 2 = 8   | +2
3x = 10   | :3
x = 10/3

c) x/4 + 3 = 5   | -3
x/4 = 2   | ·4
x = 8

Aufgabe 2
Breite b, Länge b + 4
Umfang: b + b + 4 + b + b + 4 = 36
4b + 8 = 36
4b = 28
b = 7
Die Breite ist 7 cm und die Länge 11 cm.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 2, max: 2 },
      {
        task: '1',
        sub: 'b',
        points: 1.5,
        max: 3,
        note: 'Klammer falsch aufgelöst (5·2 = 10), danach folgerichtig weitergerechnet (Folgefehler)',
      },
      { task: '1', sub: 'c', points: 2, max: 2 },
      {
        task: '2',
        points: 4,
        max: 4,
        note: 'anderer Ansatz (alle vier Seiten addiert), gleichwertig und richtig',
      },
    ],
    grade: 2,
    errors: [{ quote: '5x - 2 = 2x + 8', kind: 'maths', note: '5(x - 2) = 5x - 10' }],
    nonErrors: [
      { quote: '3x - 2 = 8', note: 'Folgefehler, richtig umgeformt' },
      { quote: 'x = 10/3', note: 'Folgefehler, richtig umgeformt' },
      { quote: 'b + b + 4 + b + b + 4 = 36', note: 'anderer richtiger Ansatz' },
      { quote: 'x = 8' },
    ],
  },
});
