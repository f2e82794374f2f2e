import { defineTest } from '../corpus';

// Causal chains with direction (rising air → rain); reading a climate chart with numbers and units.
export default defineTest({
  subject: 'Erdkunde',
  class: 8,
  title: 'Klima- und Vegetationszonen',
  features: ['solution-below', 'swapped-roles', 'wrong-unit', 'names-formulas', 'notation-P.', 'comma'],
  key: `
Geographie 8 – Klassenarbeit Tropen – Erwartungshorizont

1. Lies aus dem Klimadiagramm von Manaus ab: Jahresmitteltemperatur und Jahresniederschlag. (2 P.)
ca. 27 °C (1 P.), ca. 2300 mm (1 P.)

2. Erkläre den Tageszeitenklimaverlauf im tropischen Regenwald. (4 P.)
Sonne steht mittags fast senkrecht, starke Erwärmung (1 P.) → warme, feuchte Luft steigt auf (1 P.) → kühlt ab, Wasserdampf kondensiert, Wolken (1 P.) → Zenitalregen am Nachmittag (1 P.)

3. Warum ist der Boden im Regenwald trotz der üppigen Vegetation nährstoffarm? (3 P.)
Nährstoffe sind in der Pflanzenmasse gespeichert (1 P.), schneller Nährstoffkreislauf durch Zersetzung (1 P.), hohe Niederschläge waschen den Boden aus (1 P.)
`,
  answer: `
1. Die Jahresmitteltemperatur beträgt ungefähr 27 °C und der Jahresniederschlag ist etwa 2300 °C.

2. Am Vormittag erwärmt die Sonne die Erde sehr stark, weil sie fast senkrecht steht. Die kalte Luft sinkt ab und erwärmt sich dabei, so bilden sich Wolken und am Nachmittag gibt es heftige Gewitter mit Regen.

3. Die Nährstoffe sind fast alle in den Pflanzen gespeichert. Wenn Laub herunterfällt wird es sehr schnell von Pilzen und Bakterien zersetzt und die Nährstoffe werden sofort wieder von den Wurzeln aufgenommen. Der viele Regen spült außerdem die Nährstoffe aus dem Boden.
`,
  gold: {
    subtasks: [
      { task: '1', points: 1.5, max: 2, note: 'Wert richtig, Einheit falsch (°C statt mm)' },
      { task: '2', points: 2, max: 4, note: 'Luft steigt auf und kühlt ab – hier umgekehrt' },
      { task: '3', points: 3, max: 3 },
    ],
    grade: 3,
    errors: [
      { quote: '2300 °C', kind: 'content', note: 'mm' },
      {
        quote: 'Die kalte Luft sinkt ab und erwärmt sich dabei',
        kind: 'content',
        note: 'warme Luft steigt auf und kühlt ab',
      },
      { quote: 'herunterfällt wird', kind: 'language', note: 'Komma nach dem Nebensatz' },
    ],
    nonErrors: [{ quote: '27 °C' }, { quote: 'Bakterien' }],
  },
});
