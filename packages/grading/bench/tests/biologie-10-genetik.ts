import { defineTest } from '../corpus';

// Transcription and translation swapped; a Mendel cross with a correct Punnett square in words.
export default defineTest({
  subject: 'Biologie',
  class: 10,
  title: 'Genetik – Proteinbiosynthese und Vererbung',
  features: ['number-alone', 'swapped-roles', 'names-formulas', 'notation-BE', 'comma'],
  key: `
Erwartungshorizont Biologie 10 – Genetik

Aufgabe 1
a) Beschreibe die Transkription. (3 BE)
Im Zellkern wird ein DNA-Abschnitt (Gen) abgelesen (1 BE) und in mRNA umgeschrieben (1 BE); die mRNA verlässt den Zellkern (1 BE).
b) Beschreibe die Translation. (3 BE)
An den Ribosomen (1 BE) wird die Basenfolge der mRNA in eine Aminosäurekette übersetzt (1 BE); tRNA bringt die passenden Aminosäuren (1 BE).

Aufgabe 2
Bei Erbsen ist die Blütenfarbe violett (A) dominant über weiß (a). Zwei mischerbige Pflanzen (Aa) werden gekreuzt. Gib das Zahlenverhältnis der Phänotypen in der F2 an. (4 BE)
Keimzellen A und a (1 BE), Genotypen AA : Aa : aa = 1 : 2 : 1 (1 BE), Phänotypen violett : weiß = 3 : 1 (2 BE)
`,
  answer: `
Aufgabe 1
a) Bei der Transkription wird an den Ribosomen die mRNA in Aminosäuren übersetzt.
b) Bei der Translation wird im Zellkern die DNA abgelesen und in mRNA umgeschrieben die dann zu den Ribosomen wandert. Dort bringt die tRNA Aminosäuren.

Aufgabe 2
Aa x Aa
Keimzellen: A, a und A, a
AA, Aa, Aa, aa
Also sind 3 von 4 Pflanzen violett und 1 von 4 weiß, das Verhältnis ist 3 : 1.
`,
  gold: {
    subtasks: [
      { task: '1', sub: 'a', points: 0, max: 3, note: 'beschreibt die Translation' },
      { task: '1', sub: 'b', points: 1, max: 3, note: 'beschreibt die Transkription; tRNA richtig' },
      { task: '2', points: 4, max: 4 },
    ],
    grade: 4,
    errors: [
      {
        quote: 'an den Ribosomen die mRNA in Aminosäuren übersetzt',
        kind: 'content',
        note: 'das ist die Translation',
      },
      { quote: 'im Zellkern die DNA abgelesen', kind: 'content', note: 'das ist die Transkription' },
      { quote: 'umgeschrieben die', kind: 'language', note: 'Komma vor dem Relativsatz' },
    ],
    nonErrors: [{ quote: 'tRNA' }, { quote: 'Aa x Aa' }, { quote: '3 : 1' }],
  },
});
