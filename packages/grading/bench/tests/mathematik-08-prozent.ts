import { defineTest } from '../corpus';

// Pkt. notation, percentages and money with units, the rule of three as another correct path.
export default defineTest({
  subject: 'Mathematik',
  class: 8,
  title: 'Klassenarbeit Prozentrechnung',
  features: ['notation-Pkt', 'total-line', 'other-path', 'wrong-unit', 'names-formulas'],
  key: `
Erwartungshorizont Klassenarbeit Nr. 2 (Prozentrechnung), Klasse 8b

1. Ein Fahrrad kostet 480 €. Es wird um 15 % reduziert. Berechne den neuen Preis. – 3 Pkt.
   Rabatt: 480 € · 0,15 = 72 € (1 Pkt.); neuer Preis 480 € - 72 € = 408 € (2 Pkt.)
   (auch 480 € · 0,85 = 408 € als ein Schritt)
2. In einer Klasse mit 25 Schülern haben 8 eine Brille. Wie viel Prozent sind das? – 2 Pkt.
   8 : 25 = 0,32 = 32 %
3. Ein Kapital von 2500 € wird ein Jahr lang zu 2,4 % verzinst. Berechne die Zinsen. – 2 Pkt.
   Z = 2500 € · 0,024 = 60 €
4. Der Preis einer Jacke steigt von 80 € auf 92 €. Um wie viel Prozent ist der Preis gestiegen? – 3 Pkt.
   Erhöhung 12 € (1 Pkt.), 12 : 80 = 0,15 = 15 % (2 Pkt.)

Gesamt: 10 Pkt.
`,
  answer: `
1. 100 % ≙ 480 €
1 % ≙ 4,80 €
85 % ≙ 408 €
Das Fahrrad kostet jetzt 408 €.

2. 8 : 25 = 0,32 = 32 %

3. Z = 2500 · 2,4 = 6000
Die Zinsen sind 6000 €.

4. 92 € - 80 € = 12 €
12 : 92 = 0,13 = 13 %
Der Preis ist um 13 % gestiegen.
`,
  gold: {
    subtasks: [
      { task: '1', points: 3, max: 3, note: 'Dreisatz statt Formel: anderer richtiger Weg' },
      { task: '2', points: 2, max: 2 },
      { task: '3', points: 0, max: 2, note: 'Prozentsatz nicht als Dezimalzahl (2,4 statt 0,024)' },
      { task: '4', points: 1, max: 3, note: 'Erhöhung richtig, falscher Grundwert (92 statt 80)' },
    ],
    grade: 4,
    errors: [
      { quote: 'Z = 2500 · 2,4 = 6000', kind: 'maths', note: '2,4 % = 0,024, also 60 €' },
      { quote: '12 : 92 = 0,13', kind: 'maths', note: 'Grundwert ist der alte Preis: 12 : 80 = 0,15' },
    ],
    nonErrors: [{ quote: '1 % ≙ 4,80 €' }, { quote: '85 % ≙ 408 €' }, { quote: '8 : 25 = 0,32 = 32 %' }],
  },
});
