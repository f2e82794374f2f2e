/**
 * The figures behind the marketing charts (spec 000 §1: claims, not product rules). They match the claims
 * the site makes in words: about 93.3 % agreement, 15x faster correcting, 95 % more learning efficiency.
 */

export const skillRadar = [
  { skill: 'Rechtschreibung', before: 58, after: 84 },
  { skill: 'Grammatik', before: 61, after: 82 },
  { skill: 'Argumentation', before: 52, after: 78 },
  { skill: 'Textverständnis', before: 64, after: 85 },
  { skill: 'Struktur', before: 55, after: 80 },
  { skill: 'Ausdruck', before: 60, after: 79 },
];

const months = ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'];
const withGain = [0, 9, 18, 27, 36, 45, 53, 62, 70, 79, 87, 95];
const withoutGain = [0, 3, 6, 9, 11, 14, 17, 19, 22, 25, 27, 30];
/** learning efficiency gain in percent over 12 months */
export const learningEfficiency = months.map((month, i) => ({
  month,
  withKorrigo: withGain[i]!,
  withoutKorrigo: withoutGain[i]!,
}));

/** agreement with subject experts in percent */
export const accuracyBySubject = [
  { subject: 'Deutsch', accuracy: 93.8 },
  { subject: 'Mathematik', accuracy: 95.1 },
  { subject: 'Englisch', accuracy: 93.4 },
  { subject: 'Geschichte', accuracy: 92.2 },
  { subject: 'Biologie', accuracy: 92.6 },
  { subject: 'Physik', accuracy: 92.7 },
];

/** teacher hours per week */
export const teacherHours = [
  { task: 'Korrigieren', without: 7.5, with: 0.5 },
  { task: 'Feedback schreiben', without: 3, with: 1 },
  { task: 'Noten erfassen', without: 1.5, with: 0.5 },
  { task: 'Aufgaben erstellen', without: 3, with: 1.5 },
];

/** agreement with subject experts in percent */
export const modelComparison = [
  { model: 'Korrigo KI 1.4', accuracy: 93.3 },
  { model: 'Korrigo KI 1.2', accuracy: 89.6 },
  { model: 'Korrigo KI 1.0', accuracy: 84.1 },
  { model: 'Allgemeines Sprachmodell', accuracy: 76.4 },
];

export type ChartKind = 'skills' | 'efficiency' | 'accuracy' | 'hours' | 'models';
