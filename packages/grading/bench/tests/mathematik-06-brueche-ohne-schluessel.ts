import { defineTest } from '../corpus';

// No key, all tasks calculations: everything can be verified, so a grade is expected.
export default defineTest({
  subject: 'Mathematik',
  class: 6,
  title: 'Kurztest Bruchrechnung',
  features: ['no-key', 'folgefehler', 'other-path', 'notation-slash', 'name-line'],
  key: null,
  answer: `
Kurztest Brüche                                  Name: Jonas

1) Kürze vollständig.                               /2
a) 12/18 = 2/3
b) 35/50 = 7/10

2) Berechne.                                        /6
a) 1/3 + 1/2 = 2/6 + 3/6 = 5/6
b) 3/4 - 2/5 = 15/20 - 8/20 = 7/20
c) 2/3 · 9/4 = 18/12 = 3/2
d) 5/6 : 5/12 = 5/6 · 12/5 = 60/30 = 2

3) Ein Kuchen wird in 12 Stücke geteilt. Tom isst 1/4 des Kuchens, Lisa 1/3. Welcher Anteil bleibt übrig?   /3
1/4 + 1/3 = 2/7
1 - 2/7 = 5/7
Es bleiben 5/7 übrig.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 1, max: 1 },
      { task: '1', sub: 'b', points: 1, max: 1 },
      { task: '2', sub: 'a', points: 1.5, max: 1.5 },
      { task: '2', sub: 'b', points: 1.5, max: 1.5 },
      { task: '2', sub: 'c', points: 1.5, max: 1.5, note: 'richtig, auf 3/2 gekürzt' },
      {
        task: '2',
        sub: 'd',
        points: 1.5,
        max: 1.5,
        note: 'anderer Weg (nicht gekürzt vor dem Multiplizieren), richtig',
      },
      {
        task: '3',
        points: 1,
        max: 3,
        note: 'Zähler und Nenner addiert (falsch, 7/12); 1 - 2/7 = 5/7 folgerichtig (1 P)',
      },
    ],
    grade: 2,
    errors: [{ quote: '1/4 + 1/3 = 2/7', kind: 'maths', note: '= 7/12' }],
    nonErrors: [
      { quote: '1 - 2/7 = 5/7', note: 'Folgefehler, richtig gerechnet' },
      { quote: '60/30 = 2' },
      { quote: 'Jonas' },
    ],
    student: 'Jonas',
  },
});
