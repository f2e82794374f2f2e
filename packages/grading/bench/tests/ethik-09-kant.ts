import { defineTest } from '../corpus';

// Philosophy: a near-quote with a negation that reverses it; paraphrase elsewhere; no task text in the answer.
export default defineTest({
  subject: 'Ethik',
  class: 9,
  title: 'Pflichtethik – Immanuel Kant',
  features: ['negation', 'paraphrase', 'names-formulas', 'comma', 'notation-Pkt', 'solution-below'],
  key: `
Ethik 9 – Klassenarbeit – Kant

1) Gib den kategorischen Imperativ (Grundformel) sinngemäß wieder. – 3 Pkt.
Handle nur nach derjenigen Maxime, durch die du zugleich wollen kannst, dass sie ein allgemeines Gesetz werde.

2) Erkläre am Beispiel des falschen Versprechens, warum Lügen nach Kant unmoralisch ist. – 4 Pkt.
Maxime „Ich verspreche etwas, obwohl ich es nicht halten will“ (1 Pkt.); verallgemeinert würde niemand mehr Versprechen glauben (2 Pkt.); die Maxime hebt sich selbst auf, Widerspruch (1 Pkt.)

3) Was unterscheidet nach Kant pflichtgemäßes Handeln von Handeln aus Pflicht? – 3 Pkt.
pflichtgemäß: äußerlich richtig, aber aus Eigennutz oder Neigung (1,5 Pkt.); aus Pflicht: aus Achtung vor dem moralischen Gesetz, nur das ist moralisch wertvoll (1,5 Pkt.)
`,
  answer: `
1) Man soll nur so handeln, dass man nicht wollen kann, dass alle anderen auch so handeln.

2) Wenn ich mir Geld leihe und verspreche es zurückzuzahlen, obwohl ich das gar nicht vorhabe, ist das meine Maxime. Wenn das alle machen würden, würde keiner mehr einem Versprechen glauben und dann gäbe es gar keine Versprechen mehr. Die Regel zerstört sich also selbst.

3) Pflichtgemäß handelt zum Beispiel ein Kaufmann, der Kinder nicht betrügt, weil er sonst Kunden verliert. Aus Pflicht handelt jemand, der es tut, weil es richtig ist. Nur das hat nach Kant einen moralischen Wert.
`,
  gold: {
    subtasks: [
      {
        task: '1',
        points: 0.5,
        max: 3,
        note: '„nicht wollen kann“ verkehrt die Formel ins Gegenteil; Verallgemeinerung erkannt',
      },
      { task: '2', points: 4, max: 4 },
      { task: '3', points: 3, max: 3, note: 'Kaufmannsbeispiel, richtig' },
    ],
    grade: 3,
    errors: [{ quote: 'nicht wollen kann', kind: 'content', note: 'wollen kann' }],
    nonErrors: [
      { quote: 'Maxime' },
      { quote: 'Kant' },
      { quote: 'Pflichtgemäß' },
      { quote: 'verspreche es zurückzuzahlen', note: 'Komma beim Infinitiv hier freigestellt' },
    ],
  },
});
