/**
 * Splitting a scanned or typed stack of a class's papers into papers (issue 16 §2): by the names at the top of
 * the pages, else by a page count the teacher gives. The result is a proposal; the teacher checks it before
 * grading, so every page lands in exactly one paper and nothing is guessed.
 */
import { matchStudent, readName, type RosterEntry } from './names';

/** A page of the stack, in order. */
export type StackPage = { text: string };

export type DetectedPaper = {
  /** indices into the stack's pages, ascending; every page is in exactly one paper */
  pages: number[];
  /** the matched roster entry */
  studentId: string | null;
  /** 0..1 for a match by name; null when unmatched */
  confidence: number | null;
  /** the name as read at the top of the paper's first page */
  detectedName: string | null;
  match: 'name' | 'page_count' | 'none';
};

export type SplitOptions = {
  /** split by the names at the top of the pages (the modal's auto-detection toggle) */
  autoDetect: boolean;
  /** pages per paper: the split without names, or when no page carries a name */
  pagesPerPaper?: number;
};

type PageName = { name: string; clear: boolean; studentId: string | null; confidence: number | null };

function readPage(page: StackPage, roster: RosterEntry[]): PageName | null {
  const read = readName(page.text);
  if (!read) return null;
  const match = matchStudent(read.name, roster);
  return { ...read, studentId: match?.studentId ?? null, confidence: match?.confidence ?? null };
}

/** Pages 0..count-1 from `start`. */
function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Papers by the names: a paper starts at every page with a roster name or a clear name. */
function splitByNames(names: (PageName | null)[]): DetectedPaper[] {
  const papers: DetectedPaper[] = [];
  names.forEach((name, index) => {
    // an unmatched heading-like line ("Albert Einstein Gymnasium") on a later page must not cut a paper in two
    const startsPaper = name !== null && (name.studentId !== null || name.clear);
    const current = papers.at(-1);
    if (startsPaper) {
      papers.push({
        pages: [index],
        studentId: name.studentId,
        confidence: name.confidence,
        detectedName: name.name,
        match: name.studentId ? 'name' : 'none',
      });
    } else if (current) {
      current.pages.push(index);
    } else {
      // pages before the first name: a paper of their own, so the teacher sees them and assigns them
      papers.push({ pages: [index], studentId: null, confidence: null, detectedName: null, match: 'none' });
    }
  });
  return papers;
}

/** Papers of `pagesPerPaper` pages (the last may be shorter), matched by a name on their first page if any. */
function splitByCount(names: (PageName | null)[], pagesPerPaper: number): DetectedPaper[] {
  const papers: DetectedPaper[] = [];
  for (let start = 0; start < names.length; start += pagesPerPaper) {
    const name = names[start] ?? null;
    const pages = range(start, Math.min(pagesPerPaper, names.length - start));
    papers.push(
      name?.studentId
        ? {
            pages,
            studentId: name.studentId,
            confidence: name.confidence,
            detectedName: name.name,
            match: 'name',
          }
        : // an unclear unmatched line ("Zellwand Zellmembran": German nouns are capitalised) is no name
          {
            pages,
            studentId: null,
            confidence: null,
            detectedName: name?.clear ? name.name : null,
            match: 'page_count',
          },
    );
  }
  return papers;
}

/**
 * One pupil, one paper: when two papers match the same roster entry (her second sheet carries her name again,
 * or OCR read two names alike), both stay papers for the teacher to merge or fix, but only the more confident
 * one keeps the pupil (the earlier one on a tie).
 */
function keepOnePaperPerStudent(papers: DetectedPaper[], unmatched: DetectedPaper['match']): DetectedPaper[] {
  const bestByStudent = new Map<string, DetectedPaper>();
  for (const paper of papers) {
    if (!paper.studentId) continue;
    const best = bestByStudent.get(paper.studentId);
    if (!best || (paper.confidence ?? 0) > (best.confidence ?? 0)) bestByStudent.set(paper.studentId, paper);
  }
  return papers.map((paper) =>
    paper.studentId && bestByStudent.get(paper.studentId) !== paper
      ? { ...paper, studentId: null, confidence: null, match: unmatched }
      : paper,
  );
}

/**
 * Splits a stack into papers. With `autoDetect`, a paper starts at every page whose top carries a name the roster
 * knows, or a clear name the roster does not know (then unmatched); pages without a name belong to the paper
 * before. Without `autoDetect`, or when no page carries a name, papers of `pagesPerPaper` pages. With neither,
 * the whole stack is one unmatched paper for the teacher to split. Never drops a page.
 */
export function splitStack(
  pages: StackPage[],
  roster: RosterEntry[],
  options: SplitOptions,
): DetectedPaper[] {
  const { autoDetect, pagesPerPaper } = options;
  if (pagesPerPaper !== undefined && (!Number.isInteger(pagesPerPaper) || pagesPerPaper < 1)) {
    // the request schema allows 1..20; anything else here is a programming error, not the teacher's
    throw new RangeError(`pagesPerPaper must be a positive integer, got ${pagesPerPaper}`);
  }
  if (pages.length === 0) return [];

  const names = pages.map((page) => readPage(page, roster));
  if (autoDetect) {
    const byNames = splitByNames(names);
    // no name anywhere leaves one paper of unnamed pages: the page count, if given, says more
    const foundNames = byNames.some((paper) => paper.detectedName !== null);
    if (foundNames || pagesPerPaper === undefined) return keepOnePaperPerStudent(byNames, 'none');
  }
  if (pagesPerPaper !== undefined)
    return keepOnePaperPerStudent(splitByCount(names, pagesPerPaper), 'page_count');
  return [
    { pages: range(0, pages.length), studentId: null, confidence: null, detectedName: null, match: 'none' },
  ];
}
