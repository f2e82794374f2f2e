import { defineTest } from '../corpus';

// Supply and demand: direction of effects must agree (price up → demand down); a revenue calculation.
export default defineTest({
  subject: 'Wirtschaft',
  class: 10,
  title: 'Markt und Preisbildung',
  features: ['swapped-roles', 'wrong-fact', 'wrong-unit', 'notation-Punkte', 'dash-topic', 'das-dass'],
  key: `
Wirtschaft 10 – Klassenarbeit – Erwartungshorizont

Aufgabe 1 – Nachfrage (3 Punkte)
Wie verändert sich die nachgefragte Menge, wenn der Preis steigt? Begründe.
die nachgefragte Menge sinkt (1 Punkt), weil weniger Käufer bereit oder in der Lage sind, den höheren Preis zu zahlen (2 Punkte)

Aufgabe 2 – Gleichgewicht (3 Punkte)
Was passiert bei einem Preis über dem Gleichgewichtspreis?
Angebotsüberhang (1 Punkt): Anbieter bleiben auf Ware sitzen (1 Punkt) und senken den Preis (1 Punkt)

Aufgabe 3 – Umsatz (3 Punkte)
Ein Bäcker verkauft 400 Brötchen zu 0,45 €. Berechne den Umsatz. Der Preis steigt auf 0,50 €, er verkauft noch 340 Brötchen. Wie hat sich der Umsatz verändert?
400 · 0,45 € = 180 € (1 Punkt); 340 · 0,50 € = 170 € (1 Punkt); der Umsatz sinkt um 10 € (1 Punkt)
`,
  answer: `
Aufgabe 1
Wenn der Preis steigt, steigt auch die Nachfrage, weil das Produkt dann als wertvoller gilt.

Aufgabe 2
Dann gibt es einen Nachfrageüberhang, weil die Anbieter mehr verkaufen wollen als die Käufer kaufen. Die Anbieter müssen dann die Preise senken, damit sie ihre Ware loswerden.

Aufgabe 3
400 · 0,45 = 180 €
340 · 0,50 = 170 €
Der Umsatz ist um 10 % gesunken. Ich finde das der Bäcker den Preis wieder senken sollte.
`,
  gold: {
    subtasks: [
      { task: '1', points: 0, max: 3, note: 'Richtung falsch' },
      {
        task: '2',
        points: 2,
        max: 3,
        note: 'Begriff vertauscht (Nachfrage- statt Angebotsüberhang), Beschreibung richtig',
      },
      { task: '3', points: 2, max: 3, note: 'Beträge richtig; Veränderung 10 €, nicht 10 % (≈ 5,6 %)' },
    ],
    grade: 5,
    errors: [
      { quote: 'steigt auch die Nachfrage', kind: 'content', note: 'die nachgefragte Menge sinkt' },
      { quote: 'Nachfrageüberhang', kind: 'content', note: 'Angebotsüberhang' },
      { quote: 'um 10 % gesunken', kind: 'maths', note: 'um 10 € (rund 5,6 %)' },
      { quote: 'finde das der', kind: 'language', note: 'finde, dass der' },
    ],
    nonErrors: [{ quote: '400 · 0,45 = 180 €' }, { quote: '340 · 0,50 = 170 €' }],
  },
});
