import { defineTest } from '../corpus';

// Reaction equations: one unbalanced, one balanced in another correct way; formulas must not be flagged.
export default defineTest({
  subject: 'Chemie',
  class: 8,
  title: 'Chemische Reaktionen',
  features: ['unbalanced-equation', 'names-formulas', 'notation-P.', 'solution-below', 'other-path'],
  key: `
Chemie 8 – Test: Reaktionsgleichungen (Erwartungshorizont)

1. Stelle die Reaktionsgleichung auf.
a) Wasserstoff reagiert mit Sauerstoff zu Wasser. (2 P.)
2 H2 + O2 → 2 H2O
b) Magnesium verbrennt mit Sauerstoff zu Magnesiumoxid. (2 P.)
2 Mg + O2 → 2 MgO
c) Methan verbrennt vollständig. (3 P.)
CH4 + 2 O2 → CO2 + 2 H2O

2. Natrium reagiert mit Chlor zu Natriumchlorid. Benenne die Reaktionsart und begründe. (2 P.)
exotherme Reaktion (1 P.), weil Energie (Licht, Wärme) frei wird (1 P.)
`,
  answer: `
1.
a) 2 H2 + O2 → 2 H2O
b) Mg + O2 → MgO
c) CH4 + 2 O2 → CO2 + 2 H2O

2. Das ist eine exotherme Reaktion, weil dabei Wärme und ein helles Licht frei werden. Es entsteht NaCl (Kochsalz).
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 2, max: 2 },
      { task: '1', sub: 'b', points: 1, max: 2, note: 'Formeln richtig, nicht ausgeglichen' },
      { task: '1', sub: 'c', points: 3, max: 3 },
      { task: '2', points: 2, max: 2 },
    ],
    grade: 2,
    errors: [
      { quote: 'Mg + O2 → MgO', kind: 'chemistry', note: 'O-Atome nicht ausgeglichen: 2 Mg + O2 → 2 MgO' },
    ],
    nonErrors: [{ quote: 'CH4 + 2 O2 → CO2 + 2 H2O' }, { quote: 'NaCl' }, { quote: 'exotherme' }],
  },
});
