/** spec 001 §9: the analysis options the analyse screen offers and the engines read. */
export const analysisSubjects = [
  'Auto',
  'Physik',
  'Mathematik',
  'Chemie',
  'Biologie',
  'Deutsch',
  'Geschichte',
  'Informatik',
  'Sonstiges',
] as const;
export const analysisGradeLevels = [
  'Auto',
  'Grundschule',
  'Mittelstufe',
  'Oberstufe',
  'Hochschule',
  'Weiterbildung',
] as const;
export const analysisDepths = ['Auto', 'Einfach', 'Umfassend', 'Detailliert', 'Experte'] as const;
export const feedbackOptions = [
  { id: 'content_accuracy', label: 'Inhaltliche Richtigkeit' },
  { id: 'formula_check', label: 'Formelprüfung' },
  { id: 'concept_understanding', label: 'Konzeptverständnis' },
  { id: 'improvement_suggestions', label: 'Verbesserungsvorschläge' },
  { id: 'plagiarism_detection', label: 'Plagiatserkennung', isNew: true },
] as const;
export type FeedbackOptionId = (typeof feedbackOptions)[number]['id'];

/** spec 001 §9: temperature 0 to 2 in steps of 0.1, default 0.1 */
export const temperature = { min: 0, max: 2, step: 0.1, default: 0.1 } as const;
