import { defineTest } from '../corpus';

// Swapped roles between two institutions; the heading with a dash and a topic.
export default defineTest({
  subject: 'Politik',
  class: 9,
  title: 'Gesetzgebung in Deutschland',
  features: ['dash-topic', 'swapped-roles', 'multi-marks', 'names-formulas', 'notation-Pkt'],
  key: `
Sozialkunde 9 – Test: Wie entsteht ein Gesetz? – Erwartungshorizont

Aufgabe 1 – Bundestag und Bundesrat (4 Pkt.)
Erkläre, wer im Bundestag und wer im Bundesrat sitzt.
Im Bundestag sitzen die vom Volk gewählten Abgeordneten (2 Pkt.), im Bundesrat Vertreter der Landesregierungen (2 Pkt.).

Aufgabe 2 – Gesetzgebung (4 Pkt.)
Beschreibe den Weg eines Gesetzes.
Gesetzesinitiative von Bundesregierung, Bundestag oder Bundesrat (1 Pkt.); drei Lesungen und Beschluss im Bundestag (1 Pkt.); Bundesrat stimmt zu oder legt Einspruch ein (1 Pkt.); Bundespräsident unterzeichnet, Verkündung im Bundesgesetzblatt (1 Pkt.)

Aufgabe 3 – Vermittlungsausschuss (2 Pkt.)
Wann wird der Vermittlungsausschuss angerufen?
wenn Bundestag und Bundesrat sich nicht einigen (2 Pkt.)
`,
  answer: `
Aufgabe 1 – Im Bundesrat sitzen die Abgeordneten, die wir bei der Bundestagswahl wählen. Im Bundestag sitzen die Ministerpräsidenten und Minister der 16 Bundesländer.

Aufgabe 2 – Ein Gesetzentwurf kommt meistens von der Bundesregierung. Der Bundestag berät ihn in drei Lesungen und stimmt dann ab. Danach wird der Bundesrat beteiligt. Zum Schluss unterschreibt der Bundeskanzler das Gesetz und es wird im Bundesgesetzblatt veröffentlicht.

Aufgabe 3 – Wenn Bundestag und Bundesrat unterschiedlicher Meinung sind, wird der Vermittlungsausschuss angerufen und sucht einen Kompromiss.
`,
  gold: {
    subtasks: [
      { task: '1', points: 0, max: 4, note: 'Bundestag und Bundesrat vertauscht' },
      { task: '2', points: 3, max: 4, note: 'Bundespräsident, nicht Bundeskanzler' },
      { task: '3', points: 2, max: 2 },
    ],
    grade: 4,
    errors: [
      { quote: 'Im Bundesrat sitzen die Abgeordneten', kind: 'content', note: 'im Bundestag' },
      { quote: 'Im Bundestag sitzen die Ministerpräsidenten', kind: 'content', note: 'im Bundesrat' },
      { quote: 'der Bundeskanzler', kind: 'content', note: 'der Bundespräsident' },
    ],
    nonErrors: [{ quote: 'Bundesgesetzblatt' }, { quote: 'Vermittlungsausschuss' }],
  },
});
