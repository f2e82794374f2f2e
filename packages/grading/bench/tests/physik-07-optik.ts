import { defineTest } from '../corpus';

// Content answers with negation and swapped terms; bullets with points in the key.
export default defineTest({
  subject: 'Physik',
  class: 7,
  title: 'Licht und Schatten',
  features: ['bullet-marks', 'notation-Punkte', 'negation', 'swapped-roles', 'paraphrase'],
  key: `
Aufgabe 1: Reflexion (3 Punkte)
Formuliere das Reflexionsgesetz.
• Einfallswinkel und Reflexionswinkel sind gleich groß (2 Punkte)
• einfallender Strahl, Lot und reflektierter Strahl liegen in einer Ebene (1 Punkt)

Aufgabe 2: Brechung (3 Punkte)
Ein Lichtstrahl geht schräg von Luft in Wasser. Beschreibe, was passiert.
• der Strahl wird gebrochen (1 Punkt)
• zum Lot hin (2 Punkte)

Aufgabe 3: Schatten (2 Punkte)
Wie entsteht ein Kernschatten bei zwei Lichtquellen?
• Bereich, in den von keiner der beiden Lichtquellen Licht fällt (2 Punkte)
`,
  answer: `
Aufgabe 1
Der Einfallswinkel ist genauso groß wie der Reflexionswinkel.

Aufgabe 2
Der Lichtstrahl wird an der Wasseroberfläche gebrochen, und zwar vom Lot weg, weil Wasser optisch dichter ist.

Aufgabe 3
Der Kernschatten ist dort, wo kein Licht von den beiden Lampen hinkommt.
`,
  gold: {
    subtasks: [
      { task: '1', points: 2, max: 3, note: 'Ebene fehlt' },
      { task: '2', points: 1, max: 3, note: 'gebrochen ja, Richtung falsch (vom Lot weg statt zum Lot hin)' },
      { task: '3', points: 2, max: 2, note: 'umschrieben' },
    ],
    grade: 4,
    errors: [{ quote: 'vom Lot weg', kind: 'content', note: 'zum Lot hin' }],
    nonErrors: [{ quote: 'optisch dichter' }, { quote: 'Kernschatten' }],
  },
});
