import { defineTest } from '../corpus';

// No key, an essay: nothing can be scored without the teacher, but the language can be checked.
export default defineTest({
  subject: 'Deutsch',
  class: 9,
  title: 'Erörterung: Handyverbot an Schulen',
  features: ['no-key', 'no-label', 'das-dass', 'comma', 'spelling', 'names-formulas'],
  key: null,
  answer: `
Sollten Handys an Schulen verboten werden?

Immer mehr Schulen in Deutschland verbieten Smartphones auf dem Schulgelände. Laut der JIM-Studie 2023 besitzen fast alle Jugendlichen zwischen 12 und 19 Jahren ein eigenes Handy. Im Folgenden werde ich erörtern ob ein Handyverbot sinnvoll ist.

Für ein Verbot spricht, das die Schüler im Unterricht weniger abgelenkt sind. Wenn das Handy in der Tasche vibriert schaut man sofort nach, auch wenn man eigentlich zuhören sollte. Außerdem können Lehrkräfte Cybermobbing besser verhindern, weil in der Pause keine peinlichen Fotos gemacht werden können.

Gegen ein Verbot spricht aber, dass das Handy auch ein nützliches Werkzeug ist. Man kann damit Begriffe nachschlagen, mit Apps wie Anton Vokabeln lernen oder im Notfall die Eltern anrufen. Ausserdem müssen Jugendliche lernen verantwortungsvoll mit Medien umzugehen, und das lernt man nicht durch Verbote.

Ich bin der Meinung, dass ein komplettes Verbot übertrieben ist. Besser wären klare Regeln, zum Beispiel das Handys im Unterricht ausgeschaltet sind, aber in der Pause benutzt werden dürfen.
`,
  gold: {
    subtasks: [
      { task: '1', points: 11, max: 15, open: true, note: 'gut aufgebaut, Argumente belegt; Sprachfehler' },
    ],
    grade: 3,
    errors: [
      { quote: 'erörtern ob', kind: 'language', note: 'Komma vor „ob“' },
      { quote: 'spricht, das die', kind: 'language', note: 'dass' },
      { quote: 'vibriert schaut', kind: 'language', note: 'Komma nach dem Nebensatz' },
      { quote: 'Ausserdem', kind: 'language', note: 'Außerdem' },
      { quote: 'Beispiel das Handys', kind: 'language', note: 'dass' },
    ],
    nonErrors: [
      { quote: 'JIM-Studie 2023' },
      { quote: 'Anton' },
      { quote: 'Cybermobbing' },
      { quote: 'Smartphones' },
      { quote: 'lernen verantwortungsvoll', note: 'Komma beim Infinitiv hier freigestellt' },
    ],
  },
});
