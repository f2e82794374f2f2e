import { defineTest } from '../corpus';

// Class 5 grammar: word classes, das/dass as a task of its own; names must not be flagged.
export default defineTest({
  subject: 'Deutsch',
  class: 5,
  title: 'Wortarten und das/dass',
  features: ['number-alone', 'solution-below', 'das-dass', 'names-formulas', 'spelling'],
  key: `
Deutsch 5 – Lernzielkontrolle Wortarten

Aufgabe 1
Bestimme die Wortart der unterstrichenen Wörter im Satz „Der kleine Hund bellt laut.“
a) Hund (1 P)
Nomen
b) kleine (1 P)
Adjektiv
c) bellt (1 P)
Verb

Aufgabe 2
Setze „das“ oder „dass“ ein. (4 P)
Ich hoffe, dass du kommst. – Das Buch, das ich lese, ist spannend. – Sie sagt, dass es regnet. – Das ist schön.
dass – das – dass – Das (je 1 P)

Aufgabe 3
Schreibe einen Satz mit einem Nomen, einem Verb und einem Adjektiv. (2 P)
(jeder grammatisch richtige Satz mit allen drei Wortarten)
`,
  answer: `
Aufgabe 1
a) Nomen
b) Verb
c) Verb

Aufgabe 2
dass – dass – dass – Das

Aufgabe 3
Emil isst einen leckeren Apfel. Ich finde das Emil nett ist.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 1, max: 1 },
      { task: '1', sub: 'b', points: 0, max: 1, note: 'Adjektiv' },
      { task: '1', sub: 'c', points: 1, max: 1 },
      { task: '2', points: 3, max: 4, note: 'Relativpronomen: das' },
      { task: '3', points: 2, max: 2, note: 'erster Satz erfüllt die Aufgabe' },
    ],
    grade: 3,
    errors: [
      { quote: 'b) Verb', kind: 'content', note: 'kleine ist ein Adjektiv' },
      { quote: 'dass', occurrence: 2, kind: 'content', note: 'zweite Lücke: das (Relativpronomen)' },
      { quote: 'finde das Emil', kind: 'language', note: 'Komma und dass: „finde, dass Emil“' },
    ],
    nonErrors: [{ quote: 'Emil isst' }, { quote: 'leckeren' }],
  },
});
