import { defineTest } from '../corpus';

// Molar masses and amounts, wrong unit, Folgefehler.
export default defineTest({
  subject: 'Chemie',
  class: 10,
  title: 'Stöchiometrie',
  features: ['folgefehler', 'wrong-unit', 'names-formulas', 'notation-Pkt', 'solution-below'],
  key: `
Chemie 10 – Lernkontrolle Stoffmenge und molare Masse

1 a) Berechne die molare Masse von Wasser (M(H) = 1 g/mol, M(O) = 16 g/mol). 1 Pkt.
M(H2O) = 2 · 1 g/mol + 16 g/mol = 18 g/mol
1 b) Welche Stoffmenge sind 90 g Wasser? 2 Pkt.
n = m / M = 90 g / 18 g/mol = 5 mol
2 Wie viel Gramm Kohlenstoffdioxid entstehen bei der Verbrennung von 24 g Kohlenstoff (C + O2 → CO2; M(C) = 12 g/mol, M(CO2) = 44 g/mol)? 4 Pkt.
n(C) = 24 g / 12 g/mol = 2 mol (1 Pkt.); n(CO2) = n(C) = 2 mol (1 Pkt.); m(CO2) = 2 mol · 44 g/mol = 88 g (2 Pkt.)
`,
  answer: `
1 a) M(H2O) = 1 + 16 = 17 g/mol
1 b) n = m / M = 90 g / 17 g/mol = 5,3 mol

2) n(C) = 24 g / 12 g/mol = 2 mol
n(CO2) = 2 mol
m = n · M = 2 mol · 44 g/mol = 88 mol
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 0, max: 1, note: 'nur ein H-Atom gezählt' },
      { task: '1', sub: 'b', points: 2, max: 2, note: 'Folgefehler aus a), Rechnung richtig' },
      { task: '2', points: 3, max: 4, note: 'Einheit des Ergebnisses falsch (mol statt g)' },
    ],
    grade: 3,
    errors: [
      { quote: 'M(H2O) = 1 + 16 = 17 g/mol', kind: 'chemistry', note: 'zwei H-Atome: 18 g/mol' },
      { quote: '88 mol', kind: 'maths', note: 'Masse in g: 88 g' },
    ],
    nonErrors: [
      { quote: 'n = m / M = 90 g / 17 g/mol = 5,3 mol', note: 'Folgefehler, richtig gerechnet' },
      { quote: 'n(C) = 24 g / 12 g/mol = 2 mol' },
    ],
  },
});
