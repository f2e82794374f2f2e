import { defineTest } from '../corpus';

// An essay without any label: the whole text is one task; the key lists criteria with points.
export default defineTest({
  subject: 'Deutsch',
  class: 7,
  title: 'Inhaltsangabe „Das Brot“ (Wolfgang Borchert)',
  features: ['no-label', 'bullet-marks', 'das-dass', 'comma', 'spelling', 'names-formulas', 'wrong-fact'],
  key: `
Klassenarbeit Deutsch 7 – Inhaltsangabe zu Wolfgang Borcherts „Das Brot“

Schreibe eine Inhaltsangabe der Kurzgeschichte. (12 P)

Inhalt:
- Einleitungssatz mit Autor, Titel, Textsorte und Thema (2 P)
- nachts um halb drei wacht die Frau auf und findet ihren Mann in der Küche (2 P)
- Brotkrümel auf dem Tisch: der Mann hat heimlich Brot gegessen, beide tun so, als sei nichts gewesen, er schiebt es auf ein Geräusch (2 P)
- am nächsten Abend gibt die Frau ihm eine ihrer Brotscheiben ab (2 P)
Darstellung:
- Präsens, sachlicher Stil, keine wörtliche Rede (2 P)
- Sprachrichtigkeit (2 P)
`,
  answer: `
In der Kurzgeschichte „Das Brot“ von Wolfgang Borchert geht es um ein altes Ehepaar in der Nachkriegszeit, bei dem das Vertrauen durch eine kleine Lüge auf die Probe gestellt wird.

Eine Frau wacht nachts um halb drei auf, weil sie ein Geräusch in der Küche gehört hat. Sie steht auf und findet ihren Mann in der Küche. Auf dem Tisch liegen Brotkrümel und das Messer, sie merkt also das er heimlich Brot gegessen hat. Der Mann sagt er habe etwas gehört. Die Frau tut so als ob sie ihm glaubt und sie gehen wieder ins Bett. Dabei hört sie ihn leise kauen.
Am nächsten Tag gibt sie ihm beim Abendessen drei Scheiben Brot und sagt: „Iss du man vier. Ich kann abends nicht so gut vertragen.“ Sie selbst isst nur eine Scheibe.
`,
  gold: {
    subtasks: [
      {
        task: '1',
        points: 8.5,
        max: 12,
        note: 'Inhalt vollständig (8); wörtliche Rede (−1), „drei“/„vier“ widersprüchlich (−0,5), Sprachrichtigkeit 1 von 2',
      },
    ],
    grade: 3,
    errors: [
      { quote: 'also das er', kind: 'language', note: 'dass' },
      { quote: 'sagt er habe', kind: 'language', note: 'Komma: sagt, er habe' },
      { quote: 'so als ob', kind: 'language', note: 'Komma: so, als ob' },
      {
        quote: '„Iss du man vier. Ich kann abends nicht so gut vertragen.“',
        kind: 'content',
        note: 'keine wörtliche Rede in der Inhaltsangabe',
      },
      { quote: 'drei Scheiben', kind: 'content', note: 'sie gibt ihm eine ihrer Scheiben, er hat dann vier' },
    ],
    nonErrors: [{ quote: 'Wolfgang Borchert' }, { quote: 'Brotkrümel' }, { quote: 'Nachkriegszeit' }],
  },
});
