import { defineTest } from '../corpus';

// Oberstufe: VP, a total line and a Notenschlüssel; a long answer with paraphrases and one wrong fact.
export default defineTest({
  subject: 'Biologie',
  class: 12,
  title: 'Klausur Neurobiologie',
  features: [
    'notation-VP',
    'total-line',
    'notenschluessel',
    'paraphrase',
    'wrong-fact',
    'names-formulas',
    'comma',
  ],
  key: `
Klausur Biologie Q2 – Neurobiologie – Erwartungshorizont

1. Erläutern Sie das Zustandekommen des Ruhepotentials. (6 VP)
   - ungleiche Ionenverteilung: innen viel K+, außen viel Na+ und Cl- (2 VP)
   - Membran in Ruhe v. a. für K+ durchlässig, K+ strömt nach außen (2 VP)
   - Ladungstrennung, innen negativ, ca. -70 mV (1 VP)
   - Natrium-Kalium-Pumpe hält die Verteilung aufrecht (1 VP)
2. Beschreiben Sie die Vorgänge an einer chemischen Synapse. (6 VP)
   - Aktionspotential erreicht die Endknöpfchen, Ca2+-Kanäle öffnen sich (2 VP)
   - Vesikel schütten Acetylcholin in den synaptischen Spalt aus (2 VP)
   - Transmitter bindet an Rezeptoren der postsynaptischen Membran, Na+-Kanäle öffnen, Depolarisation (2 VP)

Gesamt 12 VP. Notenschlüssel: 12–11 VP sehr gut, 10 gut, 9–8 befriedigend, 7–6 ausreichend, 5–3 mangelhaft, 2–0 ungenügend
`,
  answer: `
1. Das Ruhepotential entsteht, weil die Ionen ungleich verteilt sind. Im Zellinneren befinden sich viele Kaliumionen, außen vor allem Natrium- und Chloridionen. Die Membran ist in Ruhe fast nur für K+ durchlässig, sodass Kaliumionen nach außen diffundieren und innen ein Überschuss an negativer Ladung entsteht. So misst man innen etwa -70 mV. Die Natrium-Kalium-Pumpe transportiert Natrium nach innen und Kalium nach außen.

2. Wenn ein Aktionspotential am Endknöpfchen ankommt öffnen sich Calciumkanäle. Dadurch verschmelzen die Vesikel mit der Membran und Acetylcholin gelangt in den synaptischen Spalt. Es bindet an Rezeptoren der postsynaptischen Membran, wodurch sich Na+-Kanäle öffnen und die Membran depolarisiert wird.
`,
  gold: {
    subtasks: [
      {
        task: '1',
        points: 5,
        max: 6,
        note: 'Pumpe in falscher Richtung beschrieben (transportiert Na+ nach außen, K+ nach innen)',
      },
      { task: '2', points: 6, max: 6 },
    ],
    grade: 1,
    scale: [11, 10, 8, 6, 3],
    errors: [
      {
        quote: 'transportiert Natrium nach innen und Kalium nach außen',
        kind: 'content',
        note: 'Na+ nach außen, K+ nach innen',
      },
      { quote: 'ankommt öffnen', kind: 'language', note: 'Komma nach dem Nebensatz' },
    ],
    nonErrors: [
      { quote: 'K+', occurrence: 1 },
      { quote: '-70 mV' },
      { quote: 'Acetylcholin' },
      { quote: 'Na+-Kanäle' },
    ],
  },
});
