import { defineTest } from '../corpus';

// "Aufgabe 2 – Fotosynthese (4 P)"; a word equation with swapped sides; roles reversed (A braucht B / A bildet B).
export default defineTest({
  subject: 'Biologie',
  class: 8,
  title: 'Fotosynthese und Zellatmung',
  features: ['dash-topic', 'swapped-roles', 'wrong-fact', 'names-formulas', 'das-dass'],
  key: `
Aufgabe 1 – Blattaufbau (3 P)
Nenne die Schichten eines Laubblattes von oben nach unten.
obere Epidermis, Palisadengewebe, Schwammgewebe, untere Epidermis (mit Spaltöffnungen) (3 P, bei einem Fehler 2 P)

Aufgabe 2 – Fotosynthese (4 P)
Gib die Wortgleichung der Fotosynthese an und erkläre, wo sie stattfindet.
Kohlenstoffdioxid + Wasser → Traubenzucker + Sauerstoff (mit Lichtenergie) (2 P)
in den Chloroplasten (1 P), mit Hilfe von Chlorophyll (1 P)

Aufgabe 3 – Zellatmung (3 P)
Vergleiche Fotosynthese und Zellatmung.
Die Zellatmung braucht Sauerstoff und Traubenzucker (1 P) und bildet Kohlenstoffdioxid und Wasser (1 P); dabei wird Energie frei (1 P).
`,
  answer: `
Aufgabe 1
obere Epidermis, Schwammgewebe, Palisadengewebe, untere Epidermis

Aufgabe 2
Traubenzucker + Sauerstoff → Kohlenstoffdioxid + Wasser
Die Fotosynthese findet in den Chloroplasten statt. Das grüne Chlorophyll fängt das Licht ein.

Aufgabe 3
Die Zellatmung ist das Gegenteil der Fotosynthese. Sie bildet Sauerstoff und braucht Kohlenstoffdioxid. Ich denke das dabei Energie frei wird.
`,
  gold: {
    subtasks: [
      { task: '1', points: 2, max: 3, note: 'Palisaden- und Schwammgewebe vertauscht' },
      {
        task: '2',
        points: 2,
        max: 4,
        note: 'Wortgleichung umgedreht (Zellatmung), Ort und Chlorophyll richtig',
      },
      { task: '3', points: 1, max: 3, note: 'Stoffe vertauscht; Energie frei richtig' },
    ],
    grade: 4,
    errors: [
      { quote: 'Schwammgewebe, Palisadengewebe', kind: 'content', note: 'Palisadengewebe liegt oben' },
      {
        quote: 'Traubenzucker + Sauerstoff → Kohlenstoffdioxid + Wasser',
        kind: 'content',
        note: 'das ist die Zellatmung',
      },
      { quote: 'Sie bildet Sauerstoff und braucht Kohlenstoffdioxid', kind: 'content', note: 'umgekehrt' },
      { quote: 'das dabei', kind: 'language', note: 'dass' },
    ],
    nonErrors: [{ quote: 'Chloroplasten' }, { quote: 'Chlorophyll' }, { quote: 'Epidermis', occurrence: 1 }],
  },
});
