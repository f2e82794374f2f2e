import type { ClassEvaluationDetail } from '@korrigo/domain';

type Student = ClassEvaluationDetail['students'][number];
type Paper = ClassEvaluationDetail['papers'][number];

/** The rows of the papers table: every pupil of the course, by name as a German reader sorts them. */
export function tableRows(detail: ClassEvaluationDetail): Student[] {
  return [...detail.students].sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

/** A paper whose result can be opened: graded, or waiting for the teacher's look at its text. */
export function isOpenable(paper: Paper | undefined): paper is Paper & { analysisId: string } {
  return Boolean(paper?.analysisId && (paper.status === 'done' || paper.status === 'needs_transcription'));
}

export type ReviewStop = { analysisId: string; name: string };

/**
 * The papers a teacher walks through from one result to the next (issue 34 §7): those the papers table offers
 * to open, in the table's order, so 'Nächste Arbeit' is the row below.
 */
export function reviewOrder(detail: ClassEvaluationDetail): ReviewStop[] {
  const papers = new Map(detail.papers.map((paper) => [paper.id, paper]));
  return tableRows(detail).flatMap((student) => {
    const paper = student.paperId ? papers.get(student.paperId) : undefined;
    return isOpenable(paper) ? [{ analysisId: paper.analysisId, name: student.name }] : [];
  });
}

/** Where a result sits in the walk: its neighbours, its place (from 1) and the number of stops. */
export function neighboursOf(order: ReviewStop[], analysisId: string) {
  const index = order.findIndex((stop) => stop.analysisId === analysisId);
  if (index < 0) return null;
  return {
    previous: order[index - 1] ?? null,
    current: order[index]!,
    next: order[index + 1] ?? null,
    position: index + 1,
    count: order.length,
  };
}

/** The link to one result that keeps the set it was opened from (a reload keeps the walk). */
export const resultInSetPath = (analysisId: string, evaluationId: string) =>
  `/analysis/${analysisId}?set=${encodeURIComponent(evaluationId)}`;
