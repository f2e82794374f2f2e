/**
 * Number agreement in every generated German text (issue 34 §8): one helper instead of a ternary per text, so
 * that no count meets the wrong form („für 1 Arbeiten“). German takes the singular for exactly one and the
 * plural for everything else, nought and fractions included: „1 Arbeit“, „0 Arbeiten“, „1,5 Punkte“.
 * A count may come formatted ('1', '1,5'): only the one reads as singular.
 */
export function plural(count: number | string, singular: string, pluralForm: string): string {
  return count === 1 || count === '1' ? singular : pluralForm;
}

/** The count with its noun: countOf(1, 'Arbeit', 'Arbeiten') → '1 Arbeit', countOf(3, …) → '3 Arbeiten'. */
export function countOf(count: number | string, singular: string, pluralForm: string): string {
  return `${count} ${plural(count, singular, pluralForm)}`;
}

/**
 * Our one written form for pupils (messages.ts): „Schülerin oder Schüler“ for one, „Schülerinnen und Schüler“
 * for more, as a count: pupilCount(1) → '1 Schülerin oder Schüler', pupilCount(25) → '25 Schülerinnen und
 * Schüler'.
 */
export const pupilNoun = { one: 'Schülerin oder Schüler', many: 'Schülerinnen und Schüler' } as const;
export const pupilCount = (count: number) => countOf(count, pupilNoun.one, pupilNoun.many);
