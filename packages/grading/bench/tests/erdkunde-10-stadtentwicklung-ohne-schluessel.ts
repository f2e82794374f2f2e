import { defineTest } from '../corpus';

// No key: a population calculation can be checked, the analysis must stay open.
export default defineTest({
  subject: 'Erdkunde',
  class: 10,
  title: 'Verstädterung',
  features: ['no-key', 'solution-below', 'names-formulas', 'das-dass'],
  key: null,
  answer: `
Test Erdkunde Klasse 10 – Verstädterung

1. Die Einwohnerzahl von Lagos stieg von 1,4 Mio. (1970) auf 15,4 Mio. (2020). Berechne den Faktor und die Zunahme in Prozent. (4 P)
15,4 : 1,4 = 11
Die Bevölkerung hat sich verelffacht. Zunahme: 11 · 100 % = 1100 %

2. Erkläre die Push- und Pull-Faktoren der Landflucht an einem Beispiel. (6 P)
Push-Faktoren sind Gründe, die Menschen vom Land vertreiben, z. B. Armut, fehlende Schulen und Ärzte oder Dürren. Pull-Faktoren ziehen die Menschen in die Stadt, z. B. die Hoffnung auf Arbeit, bessere Bildung und Krankenhäuser. In Nigeria ziehen viele junge Menschen nach Lagos, weil sie hoffen das sie dort einen Job finden.
`,
  gold: {
    subtasks: [
      {
        task: '1',
        points: 2,
        max: 4,
        note: 'Faktor richtig (2); Zunahme ist (15,4 - 1,4) : 1,4 = 1000 %, nicht 1100 %',
      },
      { task: '2', points: 5, max: 6, open: true, note: 'gut erklärt, Beispiel knapp' },
    ],
    grade: 3,
    errors: [
      { quote: '11 · 100 % = 1100 %', kind: 'maths', note: 'Zunahme 1000 %' },
      { quote: 'hoffen das', kind: 'language', note: 'hoffen, dass' },
    ],
    nonErrors: [
      { quote: '15,4 : 1,4 = 11' },
      { quote: 'Lagos', occurrence: 1 },
      { quote: 'Pull-Faktoren', occurrence: 2 },
    ],
  },
});
