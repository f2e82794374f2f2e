import { defineTest } from '../corpus';

// Abitur level, class 13: long text answer, aspects as bullets with BE, a total line, a Notenschlüssel in percent.
export default defineTest({
  subject: 'Politik',
  class: 13,
  title: 'Gewaltenteilung und Bundesverfassungsgericht',
  features: [
    'bullet-marks',
    'notation-BE',
    'total-line',
    'notenschluessel',
    'paraphrase',
    'wrong-fact',
    'names-formulas',
  ],
  key: `
Sozialkunde LK 13 – Kursarbeit – Erwartungshorizont

Aufgabe 1: Erläutern Sie das Prinzip der Gewaltenteilung im Grundgesetz. (8 BE)
- horizontale Gewaltenteilung: Legislative (Bundestag, Bundesrat), Exekutive (Bundesregierung, Verwaltung), Judikative (Gerichte) (3 BE)
- Ziel: Machtbegrenzung, gegenseitige Kontrolle (checks and balances) (2 BE)
- Gewaltenverschränkung im parlamentarischen System: Regierung geht aus der Parlamentsmehrheit hervor (2 BE)
- vertikale Gewaltenteilung: Bund, Länder, Gemeinden (Föderalismus) (1 BE)

Aufgabe 2: Beurteilen Sie die Rolle des Bundesverfassungsgerichts. (7 BE)
- prüft Gesetze auf Vereinbarkeit mit dem Grundgesetz (Normenkontrolle) (2 BE)
- Verfassungsbeschwerde jedes Bürgers möglich (2 BE)
- Richter je zur Hälfte von Bundestag und Bundesrat gewählt (1 BE)
- eigenes begründetes Urteil (Hüter der Verfassung vs. Kritik „Ersatzgesetzgeber“) (2 BE)

Summe: 15 BE
Bewertung: 1 ab 85 %, 2 ab 70 %, 3 ab 55 %, 4 ab 40 %, 5 ab 20 %
`,
  answer: `
1. Das Grundgesetz teilt die Staatsgewalt auf drei Gewalten auf: die Legislative, also Bundestag und Bundesrat, die Exekutive, das sind die Bundesregierung und die Verwaltung, und die Judikative mit den Gerichten. Dadurch soll verhindert werden, dass eine Person oder Gruppe zu viel Macht bekommt, die Gewalten kontrollieren sich gegenseitig. In Deutschland ist die Trennung aber nicht vollständig, weil der Bundeskanzler vom Bundestag gewählt wird und die Minister meistens selbst Abgeordnete sind. Man spricht von Gewaltenverschränkung.

2. Das Bundesverfassungsgericht in Karlsruhe kontrolliert, ob Gesetze mit dem Grundgesetz vereinbar sind, und kann sie für nichtig erklären. Jeder Bürger kann eine Verfassungsbeschwerde einlegen, wenn er sich in seinen Grundrechten verletzt sieht. Die Richter werden vom Bundespräsidenten auf Lebenszeit ernannt. Ich finde, dass das Gericht als „Hüter der Verfassung“ sehr wichtig ist, weil es auch die Rechte von Minderheiten schützt, auch wenn es manchmal Politik macht.
`,
  gold: {
    subtasks: [
      { task: '1', points: 7, max: 8, note: 'vertikale Gewaltenteilung fehlt' },
      {
        task: '2',
        points: 5.5,
        max: 7,
        note: 'Wahl der Richter falsch (Bundestag/Bundesrat, 12 Jahre); Urteil knapp (1,5 von 2)',
      },
    ],
    grade: 2,
    scale: [12.75, 10.5, 8.25, 6, 3],
    errors: [
      {
        quote: 'vom Bundespräsidenten auf Lebenszeit ernannt',
        kind: 'content',
        note: 'je zur Hälfte von Bundestag und Bundesrat gewählt, 12 Jahre',
      },
    ],
    nonErrors: [
      { quote: 'Legislative' },
      { quote: 'Judikative' },
      { quote: 'Karlsruhe' },
      { quote: 'Gewaltenverschränkung' },
    ],
  },
});
