/**
 * Grouping the answers of a class to one question (issue 16 §4, review by question): the teacher judges a group
 * of identical answers once instead of 28 times. Near-identical answers are grouped too, marked 'similar', so
 * the teacher knows to look before she changes the points of the whole group.
 */
import { editDistance } from '../text/tokenize';

export type AnswerGroupKind = 'identical' | 'similar' | 'single';

export type AnswerGroup<T> = {
  /** the answer as the group's first item gave it */
  answer: string;
  kind: AnswerGroupKind;
  /** in the order given */
  items: T[];
};

/** Near-identical: at most one difference in ten characters (a typo, a missing word ending). */
const SIMILARITY = 0.9;

/** Case, surrounding and repeated whitespace and the closing full stop say nothing about the answer. */
export function normaliseAnswer(answer: string): string {
  return answer
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?,;:…]+$/u, '');
}

/** The words, without punctuation, sorted: "Wasser und Sauerstoff" = "Sauerstoff und Wasser". */
function sortedWords(normalised: string): string {
  return normalised
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .sort()
    .join(' ');
}

/** The numbers in order: "x = 12" and "x = 13" differ in what counts, however close the letters are. */
function numbers(normalised: string): string {
  return (normalised.match(/\d+(?:[.,]\d+)?/g) ?? []).join(' ');
}

/** A lower bound of the edit distance from the letters' counts, so far-apart long answers skip the full table. */
function letterCountBound(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of b) counts.set(c, (counts.get(c) ?? 0) - 1);
  let difference = 0;
  for (const n of counts.values()) difference += Math.abs(n);
  // one edit changes the counts by at most two
  return Math.ceil(difference / 2);
}

function nearIdentical(a: string, b: string): boolean {
  if (numbers(a) !== numbers(b)) return false;
  if (sortedWords(a) === sortedWords(b)) return true;
  const allowed = Math.floor((1 - SIMILARITY) * Math.max(a.length, b.length));
  if (allowed === 0 || letterCountBound(a, b) > allowed) return false;
  return editDistance(a, b, allowed) <= allowed;
}

type Cluster = { founder: string; indices: number[]; forms: number };

/**
 * Groups answers for review by question: identical answers after normalising (case, whitespace, the closing
 * punctuation) form an 'identical' group; answers near-identical to a group's most frequent form (edit similarity
 * ≥ 0.9, or the same words in another order, with the same numbers) join it, and the group is then 'similar';
 * empty answers form a group of their own; the rest are 'single'. Groups come largest first, in the order
 * given on equal size.
 */
export function groupAnswers<T>(answers: { answer: string; item: T }[]): AnswerGroup<T>[] {
  const normalised = answers.map((a) => normaliseAnswer(a.answer));

  // identical answers first, in the order they appear
  const identical = new Map<string, number[]>();
  normalised.forEach((form, index) => {
    const indices = identical.get(form) ?? [];
    indices.push(index);
    identical.set(form, indices);
  });

  // the most frequent forms found the clusters, so a variant joins the common answer and not the other way round
  const forms = [...identical.entries()].sort((a, b) => b[1].length - a[1].length);
  const clusters: Cluster[] = [];
  for (const [form, indices] of forms) {
    // empty answers are never near anything: the teacher decides them apart
    const home =
      form === '' ? undefined : clusters.find((c) => c.founder !== '' && nearIdentical(c.founder, form));
    if (home) {
      home.indices.push(...indices);
      home.forms++;
    } else {
      clusters.push({ founder: form, indices: [...indices], forms: 1 });
    }
  }

  return clusters
    .map((cluster) => {
      const indices = cluster.indices.sort((a, b) => a - b);
      const kind: AnswerGroupKind =
        cluster.forms > 1 ? 'similar' : indices.length > 1 ? 'identical' : 'single';
      return {
        first: indices[0]!,
        group: { answer: answers[indices[0]!]!.answer, kind, items: indices.map((i) => answers[i]!.item) },
      };
    })
    .sort((a, b) => b.group.items.length - a.group.items.length || a.first - b.first)
    .map(({ group }) => group);
}
