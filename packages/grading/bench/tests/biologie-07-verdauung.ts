import { defineTest } from '../corpus';

// The simplest key: two marks on one line, each with its own aspect; headings with a dash and a topic.
export default defineTest({
  subject: 'Biologie',
  class: 7,
  title: 'Klassenarbeit Nr. 2 – Verdauung',
  features: ['dash-topic', 'multi-marks', 'bullet-marks', 'swapped-roles', 'paraphrase', 'das-dass', 'comma'],
  key: `
Biologie Klasse 7 – Klassenarbeit Nr. 2 – Erwartungshorizont

Aufgabe 1 – Leber (2 P)
Nenne zwei Aufgaben der Leber.
Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).

Aufgabe 2 – Enzyme (3 P)
Erkläre, warum das Enzym Amylase nur Stärke spaltet.
- Enzyme sind substratspezifisch (1 P)
- Schlüssel-Schloss-Prinzip: nur Stärke passt in das aktive Zentrum der Amylase (2 P)

Aufgabe 3 – Weg der Nahrung (3 P)
Bringe in die richtige Reihenfolge: Magen, Mund, Dünndarm, Speiseröhre, Dickdarm.
Mund – Speiseröhre – Magen – Dünndarm – Dickdarm (3 P; je vertauschtes Paar 1 P Abzug)

Aufgabe 4 – Zähne (2 P)
Wozu dienen die Schneidezähne, wozu die Backenzähne?
Schneidezähne: abbeißen (1 P), Backenzähne: zermahlen/zerkauen (1 P)
`,
  answer: `
Aufgabe 1: Die Leber entgiftet das Blut.

Aufgabe 2: Jedes Enzym passt nur zu einem bestimmten Stoff. Das ist wie bei einem Schlüssel und einem Schloss, nur die Stärke passt in die Amylase hinein.

Aufgabe 3: Mund, Speiseröhre, Dünndarm, Magen, Dickdarm

Aufgabe 4: Mit den Backenzähnen beißt man ab und mit den Schneidezähnen zermahlt man das Essen. Ich weiß das man die Zähne braucht weil man sonst nicht essen kann.
`,
  gold: {
    subtasks: [
      { task: '1', points: 1, max: 2, note: 'es fehlt: bildet Galle' },
      {
        task: '2',
        points: 2.5,
        max: 3,
        note: 'Substratspezifität umschrieben (1), Schlüssel-Schloss richtig, „aktives Zentrum“ fehlt (1,5)',
      },
      { task: '3', points: 2, max: 3, note: 'Magen und Dünndarm vertauscht' },
      { task: '4', points: 0, max: 2, note: 'Rollen der Zähne vertauscht' },
    ],
    grade: 4,
    errors: [
      { quote: 'Dünndarm, Magen', kind: 'content', note: 'Reihenfolge vertauscht' },
      { quote: 'Mit den Backenzähnen beißt man ab', kind: 'content', note: 'Schneidezähne beißen ab' },
      { quote: 'mit den Schneidezähnen zermahlt man', kind: 'content', note: 'Backenzähne zermahlen' },
      { quote: 'das man', kind: 'language', note: 'dass' },
      { quote: 'braucht weil', kind: 'language', note: 'Komma vor „weil“' },
    ],
    nonErrors: [{ quote: 'Amylase' }, { quote: 'Speiseröhre' }],
  },
});
