import { defineTest } from '../corpus';

// A key pasted from a word-processor table: task, expected answer and points in tab-separated columns.
export default defineTest({
  subject: 'Geschichte',
  class: 12,
  title: 'Das Deutsche Kaiserreich',
  features: ['table-key', 'total-line', 'paraphrase', 'wrong-fact', 'names-formulas'],
  key: `
Erwartungshorizont Geschichte Q1 – Klausur Nr. 1: Das Deutsche Kaiserreich

Aufgabe	Erwartete Leistung	Punkte
1	Nennen Sie Datum und Ort der Reichsgründung und ihren Anlass.	
	18. Januar 1871, Spiegelsaal von Versailles	2
	nach dem Sieg im Deutsch-Französischen Krieg	2
2	Erläutern Sie Bismarcks Politik gegenüber der Sozialdemokratie.	
	Sozialistengesetz 1878: Verbot sozialdemokratischer Vereine, Versammlungen und Zeitungen	3
	Sozialversicherung (Kranken- 1883, Unfall- 1884, Rentenversicherung 1889), um die Arbeiter an den Staat zu binden	3
3	Beurteilen Sie, ob das Kaiserreich eine Demokratie war.	
	Reichstag nach allgemeinem Männerwahlrecht gewählt, aber Reichskanzler nur dem Kaiser verantwortlich	3
	begründetes eigenes Urteil	3
Summe		16
`,
  answer: `
1. Das Deutsche Kaiserreich wurde am 18. Januar 1871 im Spiegelsaal von Versailles gegründet, nachdem Preußen und die anderen deutschen Staaten den Krieg gegen Frankreich gewonnen hatten. Wilhelm I. wurde zum Kaiser ausgerufen.

2. Bismarck bekämpfte die Sozialdemokraten mit dem Sozialistengesetz von 1878, das ihre Vereine, Versammlungen und Zeitungen verbot. Gleichzeitig führte er die Sozialversicherung ein, z. B. die Krankenversicherung 1883 und die Rentenversicherung 1889. Damit wollte er die Arbeiter für den Staat gewinnen („Zuckerbrot und Peitsche“).

3. Das Kaiserreich war eine Demokratie, weil der Reichstag vom Volk gewählt wurde und der Kanzler vom Reichstag abgesetzt werden konnte. Deshalb hatten die Bürger die Macht.
`,
  gold: {
    subtasks: [
      { task: '1', points: 4, max: 4 },
      { task: '2', points: 6, max: 6 },
      {
        task: '3',
        points: 2.5,
        max: 6,
        note: 'Wahl des Reichstags genannt (1,5), Kanzler war nur dem Kaiser verantwortlich; Urteil beruht darauf (1)',
      },
    ],
    grade: 3,
    errors: [
      {
        quote: 'der Kanzler vom Reichstag abgesetzt werden konnte',
        kind: 'content',
        note: 'nur der Kaiser ernannte und entließ den Kanzler',
      },
    ],
    nonErrors: [
      { quote: 'Wilhelm I.' },
      { quote: 'Spiegelsaal von Versailles' },
      { quote: '„Zuckerbrot und Peitsche“' },
      { quote: 'Sozialistengesetz' },
    ],
  },
});
