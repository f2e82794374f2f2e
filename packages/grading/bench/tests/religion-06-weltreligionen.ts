import { defineTest } from '../corpus';

// Multiple choice by letter and by option text, a cloze answered in order, a swapped pair.
export default defineTest({
  subject: 'Religion',
  class: 6,
  title: 'Die abrahamitischen Religionen',
  features: ['multiple-choice', 'swapped-roles', 'names-formulas', 'notation-Punkte', 'number-alone'],
  key: `
Ev. Religion 6 – Lernkontrolle Judentum, Christentum, Islam – Lösungen

1
Kreuze an. (je 1 Punkt)
a) Das heilige Buch des Islam heißt: (A) Tora (B) Koran (C) Bibel – Lösung: B
b) Der wöchentliche Ruhetag im Judentum ist der: (A) Freitag (B) Sonntag (C) Sabbat – Lösung: C

2
Ergänze die Lücken: Das Gotteshaus der Juden heißt ___, das der Muslime ___. (2 Punkte)
Synagoge, Moschee

3
Welche Person ist für alle drei Religionen wichtig? Begründe. (2 Punkte)
Abraham (1 Punkt), er gilt als Stammvater / Vorbild im Glauben an den einen Gott (1 Punkt)
`,
  answer: `
1
a) B
b) Sabbat

2
Moschee, Synagoge

3
Abraham, weil er als erster an nur einen Gott geglaubt hat und alle drei Religionen sich auf ihn berufen.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 1, max: 1 },
      { task: '1', sub: 'b', points: 1, max: 1, note: 'mit Optionstext statt Buchstabe beantwortet' },
      { task: '2', points: 0, max: 2, note: 'vertauscht' },
      { task: '3', points: 2, max: 2 },
    ],
    grade: 4,
    errors: [{ quote: 'Moschee, Synagoge', kind: 'content', note: 'Synagoge, Moschee' }],
    nonErrors: [{ quote: 'Sabbat' }, { quote: 'Abraham' }],
  },
});
