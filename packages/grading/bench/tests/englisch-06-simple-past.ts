import { defineTest } from '../corpus';

// English grammar: the answers are English; German-style spelling suggestions would be absurd.
export default defineTest({
  subject: 'Englisch',
  class: 6,
  title: 'Simple past – irregular verbs',
  features: ['english', 'number-alone', 'solution-below', 'spelling', 'notation-Punkte'],
  key: `
Englisch Klasse 6 – Test Unit 3 – Lösungen

1
Fill in the simple past. (5 Punkte, je 1)
a) Yesterday we (go) to the zoo.
went
b) She (buy) a new bike last week.
bought
c) I (not see) the film.
didn't see
d) They (write) a letter to their grandma.
wrote
e) (you / eat) pizza at the party?
Did you eat

2
Write three sentences about your last weekend. (3 Punkte)
(jeder richtige Satz im simple past 1 Punkt)
`,
  answer: `
1
a) goed
b) bought
c) didn't saw
d) wrote
e) Did you eat

2
Last weekend I visited my uncle in Hamburg. We played football in the park. In the evening we watched a film and eated popcorn.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 0, max: 1, note: 'went' },
      { task: '1', sub: 'b', points: 1, max: 1 },
      { task: '1', sub: 'c', points: 0, max: 1, note: "didn't see" },
      { task: '1', sub: 'd', points: 1, max: 1 },
      { task: '1', sub: 'e', points: 1, max: 1 },
      { task: '2', points: 2.5, max: 3, note: '„eated“ statt „ate“' },
    ],
    grade: 3,
    errors: [
      { quote: 'goed', kind: 'language', note: 'went' },
      { quote: "didn't saw", kind: 'language', note: "didn't see" },
      { quote: 'eated', kind: 'language', note: 'ate' },
    ],
    nonErrors: [{ quote: 'Hamburg' }, { quote: 'popcorn' }, { quote: 'football' }, { quote: 'uncle' }],
  },
});
