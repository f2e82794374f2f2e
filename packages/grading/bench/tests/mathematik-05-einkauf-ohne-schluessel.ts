import { defineTest } from '../corpus';

// No key: the sheet's points stand in the student's copy; calculations can be checked, the text answer cannot.
export default defineTest({
  subject: 'Mathematik',
  class: 5,
  title: 'Test Grundrechenarten',
  features: ['no-key', 'wrong-unit', 'names-formulas', 'name-line'],
  key: null,
  answer: `
Name: Mia Kowalski, Klasse 5c
Mathetest Grundrechenarten

Aufgabe 1 (4 P)
Berechne.
a) 348 + 275 = 623
b) 1000 - 456 = 544
c) 24 · 6 = 144
d) 144 : 12 = 11

Aufgabe 2 (3 P)
Lena kauft ein Buch für 12 € und einen Füller für 18 €. Sie bezahlt mit einem 40-€-Schein. Wie viel Wechselgeld bekommt sie?
12 € + 18 € = 30 €
40 - 10 = 35 €
Sie bekommt 35 € zurück.

Aufgabe 3 (2 P)
Erkläre, warum man beim Überschlagen rundet.
Damit man schnell sieht ob das Ergebnis ungefähr stimmt, weil man mit runden Zahlen leichter im Kopf rechnen kann.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 1, max: 1 },
      { task: '1', sub: 'b', points: 1, max: 1 },
      { task: '1', sub: 'c', points: 1, max: 1 },
      { task: '1', sub: 'd', points: 0, max: 1, note: '144 : 12 = 12' },
      {
        task: '2',
        points: 1,
        max: 3,
        note: 'Summe richtig (1), dann 40 - 30 falsch angesetzt und falsch gerechnet',
      },
      { task: '3', points: 2, max: 2, open: true, note: 'richtig, aber ohne Schlüssel nicht prüfbar' },
    ],
    grade: 4,
    errors: [
      { quote: '144 : 12 = 11', kind: 'maths', note: '= 12' },
      { quote: '40 - 10 = 35 €', kind: 'maths', note: '40 - 30 = 10 €' },
      { quote: 'sieht ob', kind: 'language', note: 'Komma vor „ob“' },
    ],
    nonErrors: [{ quote: 'Mia Kowalski' }, { quote: '24 · 6 = 144' }, { quote: '12 € + 18 € = 30 €' }],
    student: 'Mia Kowalski',
  },
});
