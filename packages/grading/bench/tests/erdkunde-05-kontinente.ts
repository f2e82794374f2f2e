import { defineTest } from '../corpus';

// Class 5: lists of names; a matching task answered "1 – C"; a missing task.
export default defineTest({
  subject: 'Erdkunde',
  class: 5,
  title: 'Unsere Erde – Kontinente und Ozeane',
  features: ['multiple-choice', 'missing-task', 'names-formulas', 'spelling', 'notation-Punkte'],
  key: `
Erdkunde 5 – Test „Orientierung auf der Erde“ – Lösungen

Aufgabe 1 (7 Punkte)
Nenne die sieben Kontinente.
Europa, Asien, Afrika, Nordamerika, Südamerika, Australien (Ozeanien), Antarktis (je 1 Punkt)

Aufgabe 2 (3 Punkte)
Ordne zu: 1 Pazifik, 2 Atlantik, 3 Indischer Ozean
A liegt zwischen Afrika und Australien, B liegt zwischen Europa und Nordamerika, C größter Ozean zwischen Asien und Amerika
Lösung: 1 – C, 2 – B, 3 – A (je 1 Punkt)

Aufgabe 3 (2 Punkte)
Was ist der Äquator?
gedachte Linie um die Erde (1 Punkt), teilt die Erde in Nord- und Südhalbkugel (1 Punkt)
`,
  answer: `
Aufgabe 1
Europa, Asien, Afrika, Amerika, Australien, Antarktis, Grönland

Aufgabe 2
1 – C
2 – A
3 – B
`,
  gold: {
    subtasks: [
      {
        task: '1',
        points: 5,
        max: 7,
        note: 'Amerika nicht in Nord- und Südamerika geteilt (1 statt 2), Grönland ist kein Kontinent',
      },
      { task: '2', points: 1, max: 3, note: 'Atlantik und Indischer Ozean vertauscht' },
      { task: '3', points: 0, max: 2, note: 'fehlt' },
    ],
    grade: 4,
    errors: [
      { quote: 'Grönland', kind: 'content', note: 'Insel, kein Kontinent' },
      { quote: '2 – A', kind: 'content', note: '2 – B' },
      { quote: '3 – B', kind: 'content', note: '3 – A' },
    ],
    nonErrors: [{ quote: 'Antarktis' }, { quote: '1 – C' }],
  },
});
