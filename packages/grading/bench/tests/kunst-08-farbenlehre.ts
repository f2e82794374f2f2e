import { defineTest } from '../corpus';

// Colour theory: pairs that must agree; an artist's name and a painting title must not be flagged.
export default defineTest({
  subject: 'Kunst',
  class: 8,
  title: 'Farbenlehre nach Itten',
  features: ['swapped-roles', 'wrong-fact', 'names-formulas', 'bullet-marks', 'total-line'],
  key: `
Kunst 8 – Test Farbenlehre – Erwartungshorizont

Aufgabe 1 (3 P)
Nenne die drei Grundfarben (Primärfarben) nach Itten.
– Gelb, Rot, Blau (je 1 P)

Aufgabe 2 (3 P)
Nenne die Komplementärfarbe zu: Rot, Blau, Gelb.
– Rot – Grün (1 P)
– Blau – Orange (1 P)
– Gelb – Violett (1 P)

Aufgabe 3 (4 P)
Beschreibe den Kalt-Warm-Kontrast an einem Bild deiner Wahl.
– Erklärung: warme Farben (Gelb, Orange, Rot) wirken nah und aktiv, kalte (Blau, Grün, Blaugrün) fern und ruhig (2 P)
– passende Beschreibung am Bild (2 P)

Gesamt: 10 P
`,
  answer: `
Aufgabe 1
Gelb, Rot und Grün

Aufgabe 2
Rot – Grün
Blau – Violett
Gelb – Orange

Aufgabe 3
In Vincent van Goghs „Sternennacht“ ist der Himmel in kalten Blautönen gemalt, die Sterne und der Mond leuchten dagegen in warmem Gelb. Warme Farben wirken so, als ob sie nach vorne kommen, kalte Farben treten zurück. Dadurch wirken die Sterne besonders hell und lebendig.
`,
  gold: {
    subtasks: [
      { task: '1', points: 2, max: 3, note: 'Blau statt Grün' },
      { task: '2', points: 1, max: 3, note: 'Orange und Violett vertauscht' },
      { task: '3', points: 4, max: 4 },
    ],
    grade: 3,
    errors: [
      { quote: 'Rot und Grün', kind: 'content', note: 'Blau ist Grundfarbe, Grün nicht' },
      { quote: 'Blau – Violett', kind: 'content', note: 'Blau – Orange' },
      { quote: 'Gelb – Orange', kind: 'content', note: 'Gelb – Violett' },
    ],
    nonErrors: [{ quote: 'Vincent van Goghs' }, { quote: '„Sternennacht“' }, { quote: 'Blautönen' }],
  },
});
