import { defineTest } from '../corpus';

// Oberstufe literature: terms that must agree (Kreuzreim vs. Paarreim), names and line references.
export default defineTest({
  subject: 'Deutsch',
  class: 11,
  title: 'Lyrik der Romantik – Eichendorff, „Mondnacht“',
  features: ['dash-topic', 'notation-P.', 'wrong-fact', 'paraphrase', 'names-formulas', 'comma'],
  key: `
Deutsch EF – Klausur Lyrik – Erwartungshorizont

Teilaufgabe 1 – Formale Analyse (6 P.)
Analysiere Reimschema, Metrum und Strophenform von Eichendorffs „Mondnacht“.
drei Strophen mit je vier Versen (2 P.), durchgehender Kreuzreim (abab) (2 P.), dreihebiger Jambus (2 P.)

Teilaufgabe 2 – Sprachliche Mittel (6 P.)
Untersuche zwei sprachliche Mittel und ihre Wirkung.
Personifikation „Es war, als hätt' der Himmel / Die Erde still geküsst“: Vereinigung von Himmel und Erde (3 P.);
Konjunktiv II (irrealer Vergleich „als hätt'“, „als flöge“): traumhafte, nicht wirkliche Stimmung (3 P.)
(andere sprachliche Mittel mit schlüssiger Deutung gleichwertig)

Teilaufgabe 3 – Epoche (3 P.)
Ordne das Gedicht begründet der Romantik zu.
Sehnsucht, Naturverbundenheit, Nacht als Motiv, Verschmelzung von Seele und Natur (je Merkmal 1 P., max. 3 P.)
`,
  answer: `
1. Das Gedicht „Mondnacht“ von Joseph von Eichendorff besteht aus drei Strophen mit jeweils vier Versen. Es liegt ein Paarreim vor (aabb). Das Metrum ist ein dreihebiger Jambus.

2. In der ersten Strophe wird der Himmel personifiziert, denn er „küsst“ die Erde. Dadurch wirkt es so als würden Himmel und Erde eins werden. Außerdem fällt der Konjunktiv auf („als hätt'“, „als flöge“), der zeigt, dass alles nur wie ein Traum ist und nicht wirklich passiert.

3. Das Gedicht gehört zur Romantik, weil die Natur und die Nacht im Mittelpunkt stehen und das lyrische Ich eine Sehnsucht nach Hause spürt („als flöge sie nach Haus“).
`,
  gold: {
    subtasks: [
      { task: '1', points: 4, max: 6, note: 'Kreuzreim, nicht Paarreim' },
      { task: '2', points: 6, max: 6 },
      { task: '3', points: 3, max: 3 },
    ],
    grade: 2,
    errors: [
      { quote: 'Paarreim vor (aabb)', kind: 'content', note: 'Kreuzreim (abab)' },
      { quote: 'so als würden', kind: 'language', note: 'Komma: so, als würden' },
    ],
    nonErrors: [
      { quote: 'Joseph von Eichendorff' },
      { quote: "„als hätt'“" },
      { quote: 'lyrische Ich' },
      { quote: 'Jambus' },
    ],
  },
});
