import { defineTest } from '../corpus';

// Erststimme/Zweitstimme, a percentage calculation, the Sperrklausel; a negation.
export default defineTest({
  subject: 'Politik',
  class: 10,
  title: 'Bundestagswahl',
  features: ['swapped-roles', 'negation', 'notation-bracket', 'number-alone', 'names-formulas'],
  key: `
Politik/Wirtschaft 10 – Klassenarbeit Wahlen

1
a) Wozu dient die Erststimme, wozu die Zweitstimme? [4]
Erststimme: Direktkandidat im Wahlkreis [2]; Zweitstimme: Landesliste einer Partei, entscheidet über die Sitzverteilung [2]
b) Was bedeutet die Fünf-Prozent-Hürde? [2]
Eine Partei braucht mindestens 5 % der Zweitstimmen, um in den Bundestag einzuziehen.

2
Partei X erhält 2,1 Mio. von 42 Mio. gültigen Zweitstimmen. Kommt sie in den Bundestag? [3]
2,1 : 42 = 0,05 = 5 % [2] → ja, genau 5 % reichen [1]

3
Nenne zwei Wahlrechtsgrundsätze aus Art. 38 GG. [2]
allgemein, unmittelbar, frei, gleich, geheim (zwei davon)
`,
  answer: `
1
a) Mit der Erststimme wählt man eine Partei und mit der Zweitstimme einen Kandidaten aus dem eigenen Wahlkreis. Die Zweitstimme ist wichtiger.
b) Parteien die weniger als 5 % der Stimmen haben, kommen nicht in den Bundestag.

2
2,1 : 42 = 0,05 = 5 %
Die Partei kommt nicht in den Bundestag, weil sie nicht mehr als 5 % hat.

3
frei und geheim
`,
  gold: {
    subtasks: [
      {
        task: '1',
        sub: 'a',
        points: 1,
        max: 4,
        note: 'Erst- und Zweitstimme vertauscht; „Zweitstimme wichtiger“ richtig (1)',
      },
      { task: '1', sub: 'b', points: 2, max: 2 },
      { task: '2', points: 2, max: 3, note: 'Rechnung richtig, Schluss falsch (5 % reichen)' },
      { task: '3', points: 2, max: 2 },
    ],
    grade: 4,
    errors: [
      {
        quote: 'Mit der Erststimme wählt man eine Partei und mit der Zweitstimme einen Kandidaten',
        kind: 'content',
        note: 'umgekehrt',
      },
      { quote: 'Die Partei kommt nicht in den Bundestag', kind: 'content', note: 'genau 5 % reichen' },
      { quote: 'Parteien die', kind: 'language', note: 'Komma vor dem Relativsatz' },
    ],
    nonErrors: [{ quote: '2,1 : 42 = 0,05 = 5 %' }, { quote: 'frei und geheim' }],
  },
});
