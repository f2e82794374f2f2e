import { defineTest } from '../corpus';

// Number systems: conversions are checkable; a written division method as another path.
export default defineTest({
  subject: 'Informatik',
  class: 8,
  title: 'Zahlensysteme',
  features: ['number-alone', 'solution-below', 'other-path', 'notation-P.', 'names-formulas'],
  key: `
Informatik 8 – Test Zahlensysteme – Lösung

Aufgabe 1
a) Wandle 45 in eine Binärzahl um. (2 P.)
101101
b) Wandle 11010 (binär) in eine Dezimalzahl um. (2 P.)
26
c) Wandle 255 in eine Hexadezimalzahl um. (2 P.)
FF

Aufgabe 2
Wie viele verschiedene Zahlen kann man mit 8 Bit darstellen? Begründe. (2 P.)
2^8 = 256 (1 P.), jedes Bit hat zwei Zustände (1 P.)
`,
  answer: `
Aufgabe 1
a) 45 : 2 = 22 Rest 1
22 : 2 = 11 Rest 0
11 : 2 = 5 Rest 1
5 : 2 = 2 Rest 1
2 : 2 = 1 Rest 0
1 : 2 = 0 Rest 1
von unten gelesen: 101101
b) 1·16 + 1·8 + 0·4 + 1·2 + 0·1 = 16 + 8 + 2 = 24
c) 255 = 15 · 16 + 15 = FF

Aufgabe 2
Mit 8 Bit kann man 2 · 8 = 16 verschiedene Zahlen darstellen, weil jedes Bit 0 oder 1 sein kann.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 2, max: 2, note: 'Divisionsverfahren, richtig' },
      { task: '1', sub: 'b', points: 1, max: 2, note: 'Ansatz richtig, 16 + 8 + 2 = 26 falsch addiert' },
      { task: '1', sub: 'c', points: 2, max: 2 },
      { task: '2', points: 1, max: 2, note: 'Begründung richtig, 2 · 8 statt 2^8' },
    ],
    grade: 3,
    errors: [
      { quote: '16 + 8 + 2 = 24', kind: 'maths', note: '= 26' },
      { quote: '2 · 8 = 16', kind: 'maths', note: '2^8 = 256' },
    ],
    nonErrors: [{ quote: '101101' }, { quote: '255 = 15 · 16 + 15 = FF' }, { quote: '22 : 2 = 11 Rest 0' }],
  },
});
