import { defineTest } from '../corpus';

// Code in the answer must not be spell-checked; a trace table; complexity stated wrongly.
export default defineTest({
  subject: 'Informatik',
  class: 11,
  title: 'Sortieralgorithmen',
  features: ['names-formulas', 'wrong-fact', 'notation-BE', 'dash-topic', 'paraphrase'],
  key: `
Informatik EF – Klausur Nr. 2 – Erwartungshorizont

Aufgabe 1 – Bubblesort (5 BE)
Beschreibe das Verfahren Bubblesort und gib die Liste [5, 1, 4, 2] nach dem ersten Durchlauf an.
benachbarte Elemente werden verglichen und vertauscht, wenn sie in falscher Reihenfolge sind (2 BE); nach jedem Durchlauf steht das größte Element am Ende (1 BE); nach dem ersten Durchlauf: [1, 4, 2, 5] (2 BE)

Aufgabe 2 – Laufzeit (3 BE)
Gib die Laufzeit von Bubblesort im schlechtesten Fall an und begründe.
O(n²) (1 BE), weil bis zu n Durchläufe mit je bis zu n Vergleichen nötig sind (2 BE)

Aufgabe 3 – Python (4 BE)
Schreibe eine Funktion, die das Maximum einer Liste zurückgibt (ohne max()).
def maximum(liste): m = liste[0]; for x in liste: if x > m: m = x; return m (Initialisierung 1 BE, Schleife 1 BE, Vergleich 1 BE, Rückgabe 1 BE)
`,
  answer: `
Aufgabe 1
Bei Bubblesort geht man die Liste von vorne nach hinten durch und vergleicht immer zwei Nachbarn. Wenn der linke größer ist als der rechte, werden sie getauscht. So wandert die größte Zahl wie eine Blase nach hinten.
[5, 1, 4, 2] → [1, 5, 4, 2] → [1, 4, 5, 2] → [1, 4, 2, 5]

Aufgabe 2
Die Laufzeit ist O(n log n), weil man die Liste immer wieder durchgehen muss.

Aufgabe 3
def maximum(liste):
    m = liste[0]
    for x in liste:
        if x > m:
            m = x
    return m
`,
  gold: {
    subtasks: [
      { task: '1', points: 5, max: 5 },
      { task: '2', points: 0.5, max: 3, note: 'O(n log n) falsch; Begründung nur angedeutet' },
      { task: '3', points: 4, max: 4 },
    ],
    grade: 3,
    errors: [{ quote: 'O(n log n)', kind: 'content', note: 'O(n²)' }],
    nonErrors: [
      { quote: 'def maximum(liste):' },
      { quote: 'if x > m:' },
      { quote: '[1, 4, 2, 5]' },
      { quote: 'Bubblesort', occurrence: 1 },
    ],
  },
});
