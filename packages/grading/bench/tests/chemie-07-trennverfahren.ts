import { defineTest } from '../corpus';

// Bullets with points; a missing task; a paraphrase.
export default defineTest({
  subject: 'Chemie',
  class: 7,
  title: 'Stofftrennung',
  features: ['bullet-marks', 'missing-task', 'paraphrase', 'spelling'],
  key: `
Stofftrennung – Test Klasse 7

Aufgabe 1 (3 P): Wie trennt man ein Gemisch aus Sand, Salz und Wasser?
- Filtrieren: der Sand bleibt im Filter zurück (1,5 P)
- Eindampfen: das Wasser verdampft, das Salz bleibt zurück (1,5 P)

Aufgabe 2 (2 P): Nenne das Trennverfahren, mit dem man aus Rotwein Alkohol gewinnt, und die Eigenschaft, die es nutzt.
- Destillation (1 P)
- unterschiedliche Siedetemperaturen (1 P)

Aufgabe 3 (2 P): Was ist eine Suspension? Nenne ein Beispiel.
- Gemisch aus einem Feststoff in einer Flüssigkeit, fein verteilt, nicht gelöst (1 P)
- Beispiel: Orangensaft mit Fruchtfleisch, Lehmwasser (1 P)
`,
  answer: `
1. Zuerst schüttet man alles durch einen Filter, dann bleibt der Sand im Filterpapier hängen. Danach erhitzt man das Salzwasser so lange, bis das Wasser weg ist und nur noch das Salz übrig bleibt.

2. Man macht eine Destilation, weil Alkohol früher kocht als Wasser.
`,
  gold: {
    subtasks: [
      { task: '1', points: 3, max: 3, note: 'umschrieben, vollständig' },
      { task: '2', points: 2, max: 2, note: '„früher kocht“ = niedrigere Siedetemperatur' },
      { task: '3', points: 0, max: 2, note: 'nicht bearbeitet' },
    ],
    grade: 3,
    errors: [{ quote: 'Destilation', kind: 'language', note: 'Destillation' }],
    nonErrors: [{ quote: 'Filterpapier' }, { quote: 'Salzwasser' }],
  },
});
