import {
  classEvaluationMessages as m,
  classEvaluationScreenMessages as t,
  type ClassEvaluationDetail,
  type ClassEvaluationSplitRequest,
  type PageRef,
} from '@korrigo/domain';

/** A paper as the teacher edits it; `key` stays with the card while papers are merged and split. */
export type DraftPaper = {
  key: string;
  studentId: string | null;
  pages: PageRef[];
  detectedName: string | null;
  confidence: number | null;
};

/** The teacher's split of a stack before PUT /papers (ADR 0012 §3): every page is in a paper, unassigned or discarded. */
export type SplitDraft = {
  papers: DraftPaper[];
  unassigned: PageRef[];
  discarded: PageRef[];
  absent: string[];
  /** the stack's page order, to keep each paper's pages in it */
  order: string[];
  nextKey: number;
};

export const pageKey = (page: PageRef) => `${page.fileId}:${page.pageIndex}`;
const samePage = (a: PageRef) => (b: PageRef) => a.fileId === b.fileId && a.pageIndex === b.pageIndex;

function sorted(draft: SplitDraft, pages: PageRef[]): PageRef[] {
  const at = (page: PageRef) => draft.order.indexOf(pageKey(page));
  return [...pages].sort((a, b) => at(a) - at(b));
}

/** The draft of a set as the prepare job split it; pages no paper holds start unassigned, never hidden. */
export function draftFromDetail(detail: ClassEvaluationDetail): SplitDraft {
  const papers = [...detail.papers]
    .sort((a, b) => a.position - b.position)
    .map((paper) => ({
      key: paper.id,
      studentId: paper.studentId,
      pages: paper.pages,
      detectedName: paper.detectedName,
      confidence: paper.confidence,
    }));
  const held = new Set(papers.flatMap((paper) => paper.pages.map(pageKey)));
  return {
    papers,
    unassigned: detail.pages
      .filter((page) => !held.has(pageKey(page)))
      .map(({ fileId, pageIndex }) => ({ fileId, pageIndex })),
    discarded: [],
    absent: detail.students.filter((student) => student.absent).map((student) => student.id),
    order: detail.pages.map(pageKey),
    nextKey: 1,
  };
}

/** Takes a page out of wherever it is; papers left without pages go. */
function withoutPage(draft: SplitDraft, page: PageRef): SplitDraft {
  const keep = (pages: PageRef[]) => pages.filter((entry) => !samePage(page)(entry));
  return {
    ...draft,
    papers: draft.papers
      .map((paper) => ({ ...paper, pages: keep(paper.pages) }))
      .filter((paper) => paper.pages.length > 0),
    unassigned: keep(draft.unassigned),
    discarded: keep(draft.discarded),
  };
}

export function mergeWithNext(draft: SplitDraft, index: number): SplitDraft {
  const first = draft.papers[index];
  const second = draft.papers[index + 1];
  if (!first || !second) return draft;
  const merged: DraftPaper = {
    ...first,
    studentId: first.studentId ?? second.studentId,
    detectedName: first.detectedName ?? second.detectedName,
    pages: sorted(draft, [...first.pages, ...second.pages]),
  };
  return {
    ...draft,
    papers: [...draft.papers.slice(0, index), merged, ...draft.papers.slice(index + 2)],
  };
}

/** A new paper starts after the page at `pageIndexInPaper`; it has no student until the teacher picks one. */
export function splitAfter(draft: SplitDraft, index: number, pageIndexInPaper: number): SplitDraft {
  const paper = draft.papers[index];
  if (!paper || pageIndexInPaper >= paper.pages.length - 1) return draft;
  const head: DraftPaper = { ...paper, pages: paper.pages.slice(0, pageIndexInPaper + 1) };
  const tail: DraftPaper = {
    key: `new-${draft.nextKey}`,
    studentId: null,
    pages: paper.pages.slice(pageIndexInPaper + 1),
    detectedName: null,
    confidence: null,
  };
  return {
    ...draft,
    nextKey: draft.nextKey + 1,
    papers: [...draft.papers.slice(0, index), head, tail, ...draft.papers.slice(index + 1)],
  };
}

/** Moves a page (from a paper, the unassigned or the discarded pages) into the paper with `targetKey`, or a new one. */
export function movePage(draft: SplitDraft, page: PageRef, targetKey: string | 'new'): SplitDraft {
  const target = draft.papers.find((paper) => paper.key === targetKey);
  const moved = withoutPage(draft, page);
  if (targetKey === 'new' || !target) {
    return {
      ...moved,
      nextKey: moved.nextKey + 1,
      papers: [
        ...moved.papers,
        { key: `new-${moved.nextKey}`, studentId: null, pages: [page], detectedName: null, confidence: null },
      ],
    };
  }
  const existing = moved.papers.some((paper) => paper.key === targetKey);
  const withTarget = existing ? moved.papers : [...moved.papers, { ...target, pages: [] }];
  return {
    ...moved,
    papers: withTarget.map((paper) =>
      paper.key === targetKey ? { ...paper, pages: sorted(moved, [...paper.pages, page]) } : paper,
    ),
  };
}

/** The teacher throws a page away explicitly (an empty back, a cover sheet). */
export function discardPage(draft: SplitDraft, page: PageRef): SplitDraft {
  const moved = withoutPage(draft, page);
  return { ...moved, discarded: sorted(moved, [...moved.discarded, page]) };
}

export function restorePage(draft: SplitDraft, page: PageRef): SplitDraft {
  const moved = withoutPage(draft, page);
  return { ...moved, unassigned: sorted(moved, [...moved.unassigned, page]) };
}

/** A paper the teacher rejects: its pages become unassigned, to be put elsewhere or discarded. */
export function removePaper(draft: SplitDraft, key: string): SplitDraft {
  const paper = draft.papers.find((entry) => entry.key === key);
  if (!paper) return draft;
  return {
    ...draft,
    papers: draft.papers.filter((entry) => entry.key !== key),
    unassigned: sorted(draft, [...draft.unassigned, ...paper.pages]),
  };
}

export function setStudent(draft: SplitDraft, key: string, studentId: string | null): SplitDraft {
  return {
    ...draft,
    papers: draft.papers.map((paper) =>
      // the teacher's choice is certain; the detected name stays for her to compare
      paper.key === key ? { ...paper, studentId, confidence: studentId ? 1 : null } : paper,
    ),
    // a pupil with a paper was not absent
    absent: studentId ? draft.absent.filter((id) => id !== studentId) : draft.absent,
  };
}

export function toggleAbsent(draft: SplitDraft, studentId: string): SplitDraft {
  return {
    ...draft,
    absent: draft.absent.includes(studentId)
      ? draft.absent.filter((id) => id !== studentId)
      : [...draft.absent, studentId],
  };
}

/**
 * The body of PUT /papers, or what is missing first: unassigned pages (the contract's message), a paper without
 * a student, a student with two papers. The server checks the same; this saves a round trip.
 */
export function splitRequest(
  draft: SplitDraft,
  studentName: (id: string) => string,
): { ok: true; body: ClassEvaluationSplitRequest } | { ok: false; message: string } {
  if (draft.unassigned.length > 0) return { ok: false, message: m.unassignedPages };
  const missing = draft.papers.findIndex((paper) => !paper.studentId);
  if (missing >= 0) return { ok: false, message: t.studentMissing(missing + 1) };
  const seen = new Set<string>();
  for (const paper of draft.papers) {
    if (seen.has(paper.studentId!))
      return { ok: false, message: m.studentTwice(studentName(paper.studentId!)) };
    seen.add(paper.studentId!);
  }
  if (draft.papers.length === 0) return { ok: false, message: m.noPapers };
  return {
    ok: true,
    body: {
      papers: draft.papers.map((paper) => ({ studentId: paper.studentId!, pages: paper.pages })),
      discardedPages: draft.discarded,
      absentStudentIds: draft.absent.filter((id) => !seen.has(id)),
    },
  };
}
