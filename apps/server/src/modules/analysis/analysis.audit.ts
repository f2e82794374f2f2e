import {
  auditDateTime,
  auditEventDetails,
  auditEventKinds,
  auditEventLabels,
  auditFiguresText,
  auditLabels as labels,
  describeChange,
  type AnalysisAudit,
  type AnalysisResult,
  type AuditEvent,
  type AuditFigures,
} from '@korrigo/domain';
import { asciiFileName } from '../../platform/csv';
import { notFound } from '../../platform/errors';
import { a4Document, renderPdf, type Content, type TDocumentDefinitions } from '../../platform/pdf';
import type { AnalysisRepository, AnalysisRow } from './analysis.repository';

type AuditParts = Awaited<ReturnType<AnalysisRepository['auditOf']>>;

const figuresOf = (result: AnalysisResult | null): AuditFigures | null =>
  result
    ? { grade: result.grade, achievedPoints: result.achieved_points, totalPoints: result.total_points }
    : null;

/**
 * The trail of one analysis, oldest first (issue 19 point 3): submission, the checked transcription, every
 * grading run (engine and version), the end of a failed one, each logged change of the teacher with the
 * values before and after, confirmations and reopenings, and the releases to pupils. Events of one instant
 * keep the order in which they happen (a confirmation before the release record it updates).
 */
export function buildAudit(row: AnalysisRow, ownerName: string, parts: AuditParts): AnalysisAudit {
  const events: AuditEvent[] = [{ kind: 'submitted', at: row.createdAt.toISOString(), by: ownerName }];
  if (row.transcriptionCheckedAt) {
    events.push({
      kind: 'transcription_checked',
      at: row.transcriptionCheckedAt.toISOString(),
      by: ownerName,
    });
  }
  for (const run of parts.runs) {
    events.push({
      kind: 'graded',
      at: run.createdAt.toISOString(),
      engine: run.engine,
      engineVersion: run.engineVersion,
      model: run.model,
      outcome: run.outcome,
      durationMs: run.durationMs,
    });
  }
  if (row.status === 'failed') {
    events.push({
      kind: 'failed',
      at: (row.completedAt ?? row.updatedAt).toISOString(),
      message: row.errorMessage,
    });
  }
  // the suggestion's names: task titles and subtask labels do not change in a review
  const names = row.suggestedResult ?? row.result ?? undefined;
  for (const entry of parts.changes) {
    const at = entry.createdAt.toISOString();
    if (entry.change.type === 'confirm') events.push({ kind: 'confirmed', at, by: entry.by });
    else if (entry.change.type === 'reopen') events.push({ kind: 'reopened', at, by: entry.by });
    else {
      for (const described of describeChange(entry.change, names)) {
        events.push({ kind: 'changed', at, by: entry.by, ...described });
      }
    }
  }
  // the releases as they happened, with the figures and names of their moment (issue 33 §1): a later
  // confirmation adds an entry and never rewrites one; an erased pupil reads „gelöschtes Konto“
  for (const release of parts.releases) {
    const figures = {
      grade: release.grade,
      achievedPoints: release.achievedPoints,
      totalPoints: release.totalPoints,
    };
    const at = release.createdAt.toISOString();
    events.push(
      release.kind === 'released'
        ? {
            kind: 'released',
            at,
            to: release.pupilName,
            type: release.type,
            by: release.releasedByName,
            ...figures,
          }
        : { kind: 'release_updated', at, to: release.pupilName, ...figures },
    );
  }
  // a stable sort: events of one kind and instant (the changes of one review) keep the log's order
  const order = (event: AuditEvent) => auditEventKinds.indexOf(event.kind);
  const sorted = events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || order(a) - order(b));

  return {
    analysisId: row.id,
    title: row.title,
    studentName: row.studentName,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    reviewState: row.reviewState,
    final: { grade: row.grade, achievedPoints: row.achievedPoints, totalPoints: row.totalPoints },
    suggested: figuresOf(row.suggestedResult),
    events: sorted,
  };
}

const orNone = (value: string) => (value.trim() ? value : labels.none);

/** A change in the table: what and who, then the old and the new value on lines of their own. */
function changeCell(event: Extract<AuditEvent, { kind: 'changed' }>): Content {
  const stack: Content[] = [`${event.what} (${labels.by(event.by)})`];
  if (event.from !== null || event.to !== null) {
    stack.push(
      { text: `${labels.before} ${event.from ?? labels.none}`, style: 'muted' },
      { text: `${labels.after} ${event.to ?? labels.none}`, bold: true },
    );
  }
  return { stack };
}

/**
 * The trail on A4 for a Widerspruch: who the paper is, the final result, the events as a table, and a
 * closing note that the teacher decided and that the engine's suggestion is kept as it was.
 */
export function auditDocument(audit: AnalysisAudit, generatedAt: Date): TDocumentDefinitions {
  const meta: [string, string][] = [
    [labels.title, orNone(audit.title)],
    [labels.pupil, orNone(audit.studentName)],
    [labels.subject, orNone(audit.subject)],
    [labels.created, auditDateTime(audit.createdAt)],
    [
      audit.reviewState === 'confirmed' ? labels.finalResult : labels.currentResult,
      auditFiguresText(audit.final),
    ],
  ];
  const header = [labels.time, labels.event, labels.details].map((text) => ({ text, style: 'tableHeader' }));
  const rows = audit.events.map((event) => [
    auditDateTime(event.at),
    { text: auditEventLabels[event.kind], bold: true },
    event.kind === 'changed' ? changeCell(event) : auditEventDetails(event),
  ]);
  const closing: Content[] = [
    audit.reviewState === 'confirmed' ? labels.closingConfirmed : labels.closingUnconfirmed,
  ];
  if (audit.suggested) {
    closing.push(
      labels.closingSuggestion(
        auditFiguresText(audit.suggested),
        auditFiguresText(audit.final),
        audit.reviewState === 'confirmed',
      ),
    );
  }
  const content: Content[] = [
    { text: labels.pdfTitle, style: 'title' },
    {
      table: {
        widths: ['auto', '*'],
        body: meta.map(([label, value]) => [{ text: label, bold: true }, value]),
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 4],
    },
    { text: labels.section, style: 'heading' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [108, 92, '*'],
        body: [header, ...rows],
      },
      layout: 'lightHorizontalLines',
      fontSize: 9,
    },
    { text: labels.closingTitle, style: 'heading' },
    ...closing.map((text) => ({ text, margin: [0, 0, 0, 4] })),
    {
      text: labels.generated(auditDateTime(generatedAt.toISOString())),
      style: 'muted',
      margin: [0, 8, 0, 0],
    },
  ];
  return a4Document(`${labels.pdfTitle}: ${audit.title}`, content);
}

/** The audit of the user's own analysis as data and as PDF; another user's analysis is not found. */
export function createAnalysisAudit(deps: { repository: AnalysisRepository; now?: () => Date }) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function audit(userId: string, id: string): Promise<AnalysisAudit> {
    const row = await repository.findOwned(userId, id);
    if (!row) throw notFound();
    const parts = await repository.auditOf(id);
    const names = await repository.userNames([row.userId]);
    return buildAudit(row, names.get(row.userId) ?? '', parts);
  }

  return {
    audit,
    async pdf(userId: string, id: string) {
      const data = await audit(userId, id);
      const body = await renderPdf(auditDocument(data, now()));
      const name = asciiFileName(`${labels.fileName} ${data.title} ${data.studentName}`, labels.fileName);
      return { fileName: `${name}.pdf`, body };
    },
  };
}

export type AnalysisAuditService = ReturnType<typeof createAnalysisAudit>;
