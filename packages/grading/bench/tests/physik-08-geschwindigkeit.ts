import { defineTest } from '../corpus';

// Points written as "/4" after the task; units and unit conversion.
export default defineTest({
  subject: 'Physik',
  class: 8,
  title: 'Test Bewegungen',
  features: ['notation-slash', 'wrong-unit', 'folgefehler', 'names-formulas'],
  key: `
Physik 8 – Test Bewegungen – Lösungen

1. Ein Radfahrer fährt 36 km in 2 h. Berechne seine Durchschnittsgeschwindigkeit in km/h und in m/s.  /4
v = s / t = 36 km / 2 h = 18 km/h (2)
18 km/h = 18 : 3,6 m/s = 5 m/s (2)

2. Wie lange braucht ein Zug mit 120 km/h für 300 km?  /3
t = s / v = 300 km / 120 km/h = 2,5 h

3. Was versteht man unter einer gleichförmigen Bewegung?  /2
Die Geschwindigkeit bleibt gleich (Betrag und Richtung), in gleichen Zeiten werden gleiche Wege zurückgelegt.
`,
  answer: `
1. v = s/t = 36 km : 2 h = 18 km/h
18 km/h · 3,6 = 64,8 m/s

2. t = s · v = 300 km · 120 km/h = 36000 h

3. Bei einer gleichförmigen Bewegung legt der Körper in gleichen Zeitabschnitten gleich lange Strecken zurück, er wird also nicht schneller oder langsamer.
`,
  gold: {
    subtasks: [
      { task: '1', points: 2, max: 4, note: 'km/h in m/s: durch 3,6 statt mal 3,6' },
      { task: '2', points: 0, max: 3, note: 'Formel falsch umgestellt, Einheit sinnlos' },
      { task: '3', points: 2, max: 2, note: 'umschrieben, richtig' },
    ],
    grade: 5,
    errors: [
      { quote: '18 km/h · 3,6 = 64,8 m/s', kind: 'maths', note: '18 km/h = 5 m/s' },
      { quote: 't = s · v', kind: 'maths', note: 't = s / v' },
      { quote: '36000 h', kind: 'maths', note: '2,5 h' },
    ],
    nonErrors: [{ quote: 'v = s/t = 36 km : 2 h = 18 km/h' }],
  },
});
