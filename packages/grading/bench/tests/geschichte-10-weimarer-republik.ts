import { defineTest } from '../corpus';

// The key's own Notenschlüssel in percent, points as "Punkte"; a source analysis with aspects as bullets.
export default defineTest({
  subject: 'Geschichte',
  class: 10,
  title: 'Krisenjahre der Weimarer Republik',
  features: ['notenschluessel', 'bullet-marks', 'notation-Punkte', 'wrong-fact', 'comma'],
  key: `
Erwartungshorizont – Klassenarbeit Geschichte 10: Die Weimarer Republik

Aufgabe 1 – Krisenjahr 1923 (6 Punkte)
Erläutere zwei Krisen des Jahres 1923.
* Ruhrbesetzung durch Frankreich und Belgien wegen ausbleibender Reparationen, passiver Widerstand (2 Punkte)
* Hyperinflation: Geld wird wertlos, Ersparnisse des Mittelstands vernichtet (2 Punkte)
* Hitlerputsch in München scheitert (2 Punkte)
(zwei von drei genügen für volle Punktzahl; max. 6 Punkte, je ausgeführter Krise 3)

Aufgabe 2 – Verfassung (4 Punkte)
Nenne zwei Schwächen der Weimarer Verfassung.
* Artikel 48: Notverordnungsrecht des Reichspräsidenten (2 Punkte)
* reines Verhältniswahlrecht ohne Sperrklausel, Zersplitterung des Reichstags (2 Punkte)

Notenschlüssel: ab 95 % = 1, ab 80 % = 2, ab 65 % = 3, ab 50 % = 4, ab 25 % = 5, darunter 6
`,
  answer: `
Aufgabe 1
Im Jahr 1923 besetzten Frankreich und Belgien das Ruhrgebiet, weil Deutschland die Reparationen nicht bezahlt hatte. Die Regierung rief zum passiven Widerstand auf und bezahlte die streikenden Arbeiter mit neu gedrucktem Geld. Dadurch kam es zur Hyperinflation, ein Brot kostete im November 1923 Milliarden Mark und viele Menschen verloren ihre Ersparnisse.

Aufgabe 2
Eine Schwäche war der Artikel 48 mit dem der Reichstag Notverordnungen erlassen konnte. Außerdem gab es eine Fünf-Prozent-Hürde, deshalb waren zu viele Parteien im Reichstag.
`,
  gold: {
    subtasks: [
      { task: '1', points: 6, max: 6 },
      {
        task: '2',
        points: 1,
        max: 4,
        note: 'Art. 48 genannt, aber dem Reichstag statt dem Reichspräsidenten zugeschrieben (1); Sperrklausel gab es gerade nicht (0)',
      },
    ],
    grade: 3,
    scale: [9.5, 8, 6.5, 5, 2.5],
    errors: [
      { quote: 'der Reichstag Notverordnungen', kind: 'content', note: 'der Reichspräsident' },
      { quote: 'Fünf-Prozent-Hürde', kind: 'content', note: 'keine Sperrklausel' },
      { quote: 'Artikel 48 mit', kind: 'language', note: 'Komma vor dem Relativsatz' },
    ],
    nonErrors: [{ quote: 'Hyperinflation' }, { quote: 'Reparationen' }, { quote: 'Ruhrgebiet' }],
  },
});
