import { defineTest } from '../corpus';

// No key: reaction equations can be checked by their atom balance, the explanation must stay open.
export default defineTest({
  subject: 'Chemie',
  class: 9,
  title: 'Kurztest Redoxreaktionen',
  features: ['no-key', 'unbalanced-equation', 'names-formulas', 'name-line', 'notation-BE'],
  key: null,
  answer: `
Chemie – Kurztest Redoxreaktionen – Klasse 9
Name: Finn Becker

1. Stelle die Reaktionsgleichungen auf. (6 BE)
a) Eisen reagiert mit Sauerstoff zu Eisen(III)-oxid.
4 Fe + 3 O2 → 2 Fe2O3
b) Aluminium reagiert mit Sauerstoff zu Aluminiumoxid.
2 Al + O2 → Al2O3
c) Kupferoxid reagiert mit Kohlenstoff zu Kupfer und Kohlenstoffdioxid.
2 CuO + C → 2 Cu + CO2

2. Erkläre, was bei einer Redoxreaktion passiert. (4 BE)
Bei einer Redoxreaktion gibt ein Stoff Elektronen ab, er wird oxidiert. Ein anderer Stoff nimmt die Elektronen auf, er wird reduziert. Oxidation und Reduktion laufen immer gleichzeitig ab.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 2, max: 2 },
      {
        task: '1',
        sub: 'b',
        points: 1,
        max: 2,
        note: 'Formeln richtig, O nicht ausgeglichen: 4 Al + 3 O2 → 2 Al2O3',
      },
      { task: '1', sub: 'c', points: 2, max: 2 },
      { task: '2', points: 4, max: 4, open: true },
    ],
    grade: 2,
    errors: [{ quote: '2 Al + O2 → Al2O3', kind: 'chemistry', note: '4 Al + 3 O2 → 2 Al2O3' }],
    nonErrors: [
      { quote: '4 Fe + 3 O2 → 2 Fe2O3' },
      { quote: '2 CuO + C → 2 Cu + CO2' },
      { quote: 'Eisen(III)-oxid' },
      { quote: 'Finn Becker' },
    ],
    student: 'Finn Becker',
  },
});
