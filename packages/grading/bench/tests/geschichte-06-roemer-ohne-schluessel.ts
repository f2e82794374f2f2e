import { defineTest } from '../corpus';

// No key; a matching task whose answers stand on the sheet, the rest open.
export default defineTest({
  subject: 'Geschichte',
  class: 6,
  title: 'Das Römische Reich',
  features: ['no-key', 'names-formulas', 'spelling'],
  key: null,
  answer: `
Geschichte – Test Römer – Klasse 6a

Aufgabe 1 (3 P) Rechne: Wie viele Jahre liegen zwischen der Gründung Roms (753 v. Chr.) und dem Ende des Weströmischen Reiches (476 n. Chr.)?
753 + 476 = 1229 Jahre

Aufgabe 2 (4 P) Beschreibe den Tagesablauf eines römischen Legionärs.
Ein Legionär stand früh auf und musste viel marschieren, manchmal 30 km am Tag. Er trug seine Ausrüstung selbst, deshalb nannte man sie Maultiere des Marius. Abends bauten sie ein Lager mit Graben und Wall. Sie übten auch mit dem Schwert und dem Schild.

Aufgabe 3 (3 P) Erkläre den Begriff „Limes“.
Der Limes war die Grenze des Römischen Reiches in Germanien. Er bestand aus einem Wall, einem Graben, Palisaden und Wachtürmen. Er sollte die Germanen abhalten und den Handel kontrolieren.
`,
  gold: {
    subtasks: [
      {
        task: '1',
        points: 3,
        max: 3,
        note: 'richtig; dass es kein Jahr 0 gibt, wird in Klasse 6 nicht verlangt',
      },
      { task: '2', points: 4, max: 4, open: true },
      { task: '3', points: 3, max: 3, open: true },
    ],
    grade: 1,
    // added after the language check found it: the corpus author had missed this slip
    errors: [{ quote: 'kontrolieren', kind: 'language', note: 'kontrollieren' }],
    nonErrors: [
      { quote: '753 + 476 = 1229' },
      { quote: 'Maultiere des Marius' },
      { quote: 'Limes', occurrence: 2 },
      { quote: 'Palisaden' },
    ],
  },
});
