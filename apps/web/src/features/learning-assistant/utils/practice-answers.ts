import { clozeParts, type PracticeAnswers, type PracticeItem } from '@korrigo/domain';

/**
 * Her answer to one item as the form holds it: multiple choice [optionId], cloze one entry per blank,
 * matching one chosen right entry per left entry, open [text].
 */
export type ItemAnswer = string[];
export type AnswerDraft = Record<string, ItemAnswer>;

/** How many answer slots an item has (blanks of a cloze, left entries of a matching). */
export function slotCount(item: PracticeItem): number {
  if (item.type === 'cloze') return Math.max(clozeParts(item.text).length - 1, 0);
  if (item.type === 'matching') return item.matchingLeft.length;
  return 1;
}

// '|' separates the blanks and the matched entries: typed into one slot it would shift all later ones
const slotValue = (value: string | undefined) => (value ?? '').replaceAll('|', ' ');

/** The contract's encoding (learning-assistant.ts, practiceAnswersSchema): one string per item. */
export function encodeAnswer(item: PracticeItem, answer: ItemAnswer | undefined): string {
  if (item.type === 'cloze' || item.type === 'matching') {
    return Array.from({ length: slotCount(item) }, (_, index) => slotValue(answer?.[index])).join('|');
  }
  return answer?.[0] ?? '';
}

export function encodeAnswers(items: PracticeItem[], draft: AnswerDraft): PracticeAnswers['answers'] {
  return items.map((item) => ({ itemId: item.id, answer: encodeAnswer(item, draft[item.id]) }));
}
