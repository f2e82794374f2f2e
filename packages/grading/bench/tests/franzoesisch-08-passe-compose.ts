import { defineTest } from '../corpus';

// French answers: neither German nor English spelling suggestions apply; auxiliary être/avoir.
export default defineTest({
  subject: 'Französisch',
  class: 8,
  title: 'Le passé composé',
  features: ['number-alone', 'solution-below', 'spelling', 'names-formulas', 'notation-Punkte'],
  key: `
Französisch 8 – Interrogation écrite – Lösungen

Exercice 1
Mets les verbes au passé composé. (je 1 Punkt)
a) Hier, nous (aller) au cinéma.
sommes allés
b) Elle (finir) ses devoirs.
a fini
c) Ils (prendre) le bus.
ont pris
d) Je (naître) à Lyon.
suis né(e)

Exercice 2
Réponds: Qu'est-ce que tu as fait le week-end dernier? (deux phrases, 2 Punkte)
(jede Antwort im passé composé, sinnvoll und richtig: 1 Punkt pro Satz)
`,
  answer: `
Exercice 1
a) avons allés
b) a fini
c) ont prendu
d) suis née

Exercice 2
Samedi, j'ai joué au foot avec mes copains. Dimanche, je suis allée chez ma grand-mère à Marseille.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 0, max: 1, note: 'Hilfsverb être: sommes allés' },
      { task: '1', sub: 'b', points: 1, max: 1 },
      { task: '1', sub: 'c', points: 0, max: 1, note: 'ont pris' },
      { task: '1', sub: 'd', points: 1, max: 1 },
      { task: '2', points: 2, max: 2 },
    ],
    grade: 4,
    errors: [
      { quote: 'avons allés', kind: 'language', note: 'sommes allés' },
      { quote: 'prendu', kind: 'language', note: 'pris' },
    ],
    nonErrors: [
      { quote: "j'ai joué" },
      { quote: 'Marseille' },
      { quote: 'grand-mère' },
      { quote: 'suis née' },
    ],
  },
});
