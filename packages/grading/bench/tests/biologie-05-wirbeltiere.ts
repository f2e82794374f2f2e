import { defineTest } from '../corpus';

// Class 5: multiple choice by letter, Punkte, the solution below each task.
export default defineTest({
  subject: 'Biologie',
  class: 5,
  title: 'Wirbeltiere',
  features: ['multiple-choice', 'solution-below', 'notation-Punkte', 'wrong-fact', 'spelling'],
  key: `
Biologie Klasse 5 – Test Wirbeltiere – Lösungen

1. Kreuze an: Welches Tier ist ein Säugetier? (1 Punkt)
(A) Hai (B) Delfin (C) Pinguin (D) Frosch
Lösung: B

2. Nenne die fünf Klassen der Wirbeltiere. (5 Punkte)
Fische, Amphibien (Lurche), Reptilien (Kriechtiere), Vögel, Säugetiere

3. Erkläre, warum ein Frosch ein wechselwarmes Tier ist. (2 Punkte)
Seine Körpertemperatur hängt von der Umgebungstemperatur ab (2 Punkte).
`,
  answer: `
1. A

2. Fische, Lurche, Kriechtiere, Vögel und Insekten

3. Der Frosch ist wechselwarm, weil seine Körpertemperatur sich der Temperatur der Umgebung anpasst. Im Winter fällt er in eine Kältestarre. Das ist bei Säugetiren anders.
`,
  gold: {
    subtasks: [
      { task: '1', points: 0, max: 1, note: 'der Hai ist ein Fisch' },
      { task: '2', points: 4, max: 5, note: 'Insekten sind keine Wirbeltiere, Säugetiere fehlen' },
      { task: '3', points: 2, max: 2 },
    ],
    grade: 3,
    errors: [
      { quote: '1. A', kind: 'content', note: 'B (Delfin)' },
      { quote: 'Insekten', kind: 'content', note: 'keine Wirbeltiere' },
      { quote: 'Säugetiren', kind: 'language', note: 'Säugetieren' },
    ],
    nonErrors: [{ quote: 'Lurche' }, { quote: 'Kriechtiere' }, { quote: 'Kältestarre' }],
  },
});
