import { defineTest } from '../corpus';

// Dates and named facts that must agree; a wrong fact sharing many words with the key.
export default defineTest({
  subject: 'Geschichte',
  class: 8,
  title: 'Die Französische Revolution',
  features: ['wrong-fact', 'paraphrase', 'names-formulas', 'das-dass', 'total-line'],
  key: `
Geschichte 8 – Klassenarbeit Französische Revolution – Erwartungshorizont

Aufgabe 1 (3 P): Nenne drei Ursachen der Französischen Revolution.
Staatsverschuldung / Finanzkrise (1 P), Ungleichheit der Stände – der Dritte Stand trägt die Steuerlast (1 P), Ideen der Aufklärung (1 P); auch: Missernten und hohe Brotpreise

Aufgabe 2 (2 P): Was geschah am 14. Juli 1789?
Sturm auf die Bastille in Paris (2 P)

Aufgabe 3 (3 P): Erkläre die Bedeutung der Erklärung der Menschen- und Bürgerrechte (26. August 1789).
alle Menschen sind frei und gleich an Rechten geboren (1 P), Volkssouveränität (1 P), Grundlage späterer Verfassungen (1 P)

Aufgabe 4 (2 P): Wer war Maximilian de Robespierre?
führender Jakobiner (1 P), verantwortlich für die Schreckensherrschaft (Terreur) 1793/94 (1 P)

Gesamt: 10 P
`,
  answer: `
1. Der König hatte zu viele Schulden, weil er viel Geld für Kriege und den Hof in Versailles ausgegeben hat. Außerdem musste nur der Dritte Stand Steuern zahlen, Adel und Klerus nicht. Dazu kamen schlechte Ernten, so das das Brot sehr teuer wurde.

2. Am 14. Juli 1789 stürmten die Pariser Bürger das Schloss Versailles.

3. In der Erklärung steht, dass alle Menschen frei und gleich geboren sind. Das war sehr wichtig.

4. Robespierre war der Anführer der Jakobiner und hat die Schreckensherrschaft zu verantworten, in der viele Menschen mit der Guillotine hingerichtet wurden.
`,
  gold: {
    subtasks: [
      { task: '1', points: 3, max: 3, note: 'Schulden, Steuerlast, Missernten: drei gültige Ursachen' },
      { task: '2', points: 0, max: 2, note: 'Bastille, nicht Versailles' },
      { task: '3', points: 1, max: 3, note: 'nur Freiheit und Gleichheit' },
      { task: '4', points: 2, max: 2 },
    ],
    grade: 4,
    errors: [
      { quote: 'so das das', kind: 'language', note: 'sodass / so dass' },
      { quote: 'das Schloss Versailles', kind: 'content', note: 'die Bastille' },
    ],
    nonErrors: [
      { quote: 'Robespierre' },
      { quote: 'Jakobiner' },
      { quote: 'Guillotine' },
      { quote: 'Klerus' },
    ],
  },
});
