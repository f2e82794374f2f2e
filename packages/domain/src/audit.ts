import { z } from 'zod';
import { formatPointsValue } from './points';
import { countOf } from './plural';

/**
 * The audit trail of one analysis (issue 19 point 3): what the engine suggested, what the teacher changed and
 * confirmed, and when the grade reached the pupil. Systems that evaluate learning outcomes are high-risk under
 * the EU AI Act (Annex III 3(b)), so the teacher's oversight is shown, and exported as a PDF when parents
 * object to a grade (Widerspruch).
 */

export const auditEventKinds = [
  'submitted',
  'transcription_checked',
  'graded',
  'failed',
  'changed',
  'confirmed',
  'reopened',
  'released',
  'release_updated',
] as const;
export type AuditEventKind = (typeof auditEventKinds)[number];

const at = z.string();

export const auditEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('submitted'), at, by: z.string() }),
  z.object({ kind: z.literal('transcription_checked'), at, by: z.string() }),
  z.object({
    kind: z.literal('graded'),
    at,
    engine: z.string(),
    engineVersion: z.string(),
    model: z.string().nullable(),
    outcome: z.enum(['success', 'needs_review', 'failed']),
    durationMs: z.number(),
  }),
  /** the analysis ended failed; the message is the German one the teacher saw */
  z.object({ kind: z.literal('failed'), at, message: z.string().nullable() }),
  z.object({
    kind: z.literal('changed'),
    at,
    by: z.string(),
    /** what was changed, in German: 'Aufgabe 2 b, Punkte' */
    what: z.string(),
    /** display strings; null where there is no value on that side (an error added has no 'before') */
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  z.object({ kind: z.literal('confirmed'), at, by: z.string() }),
  z.object({ kind: z.literal('reopened'), at, by: z.string() }),
  z.object({
    kind: z.literal('released'),
    at,
    /** the pupil's name */
    to: z.string(),
    /** the record's type: 'Korrektur', 'Klassenarbeit' */
    type: z.string(),
    by: z.string().nullable(),
    /** the figures released at that moment (issue 33 §1), never the record's present ones */
    grade: z.string().nullable(),
    achievedPoints: z.number().nullable(),
    totalPoints: z.number().nullable(),
  }),
  /** a later confirmation brought the pupil's record up to date */
  z.object({
    kind: z.literal('release_updated'),
    at,
    to: z.string(),
    grade: z.string().nullable(),
    achievedPoints: z.number().nullable(),
    totalPoints: z.number().nullable(),
  }),
]);
export type AuditEvent = z.infer<typeof auditEventSchema>;

const figuresSchema = z.object({
  grade: z.string().nullable(),
  achievedPoints: z.number().nullable(),
  totalPoints: z.number().nullable(),
});
export type AuditFigures = z.infer<typeof figuresSchema>;

/** `GET /api/analyses/:id/audit` */
export const analysisAuditSchema = z.object({
  analysisId: z.string(),
  title: z.string(),
  studentName: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  reviewState: z.enum(['suggested', 'confirmed']),
  /** the result as it stands (the teacher's) */
  final: figuresSchema,
  /** the engine's original suggestion, kept unchanged; null when the analysis was never graded */
  suggested: figuresSchema.nullable(),
  /** oldest first */
  events: z.array(auditEventSchema),
});
export type AnalysisAudit = z.infer<typeof analysisAuditSchema>;

/** ours: what the Verlauf section, its PDF and the web say (Sie to the teacher). */
export const auditLabels = {
  section: 'Verlauf',
  sectionHint:
    'Wer hat wann was entschieden: Vorschlag der Bewertungshilfe, Ihre Änderungen, Bestätigung und Freigabe.',
  show: 'Verlauf anzeigen',
  hide: 'Verlauf ausblenden',
  download: 'Verlauf als PDF',
  downloading: 'PDF wird erstellt …',
  loading: 'Verlauf wird geladen …',
  loadFailed: 'Der Verlauf konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  retry: 'Erneut versuchen',
  empty: 'Zu dieser Analyse ist noch nichts aufgezeichnet.',
  listLabel: 'Ereignisse der Bewertung',
  /** read out before the old and the new value of a change */
  before: 'bisher:',
  after: 'neu:',
  pdfTitle: 'Korrigo – Verlauf der Bewertung',
  title: 'Titel',
  pupil: 'Schülerin oder Schüler',
  subject: 'Fach',
  created: 'Eingereicht',
  finalResult: 'Endgültiges Ergebnis',
  // ours (issue 34 §8): before the teacher's confirmation nothing is final
  currentResult: 'Vorläufiges Ergebnis',
  suggestedResult: 'Vorschlag der Bewertungshilfe',
  grade: 'Note',
  points: 'Punkte',
  time: 'Zeitpunkt',
  event: 'Ereignis',
  details: 'Einzelheiten',
  by: (name: string) => `durch ${name}`,
  none: '–',
  empty_value: '(leer)',
  closingTitle: 'Hinweis',
  closingConfirmed:
    'Die Bewertung hat die Lehrkraft entschieden und bestätigt. Die Bewertungshilfe hat nur einen Vorschlag gemacht.',
  closingUnconfirmed:
    'Die Bewertung ist noch nicht von der Lehrkraft bestätigt; sie ist ein Vorschlag der Bewertungshilfe.',
  /** „Endgültig“ only once the teacher has confirmed (issue 34 §8); before, the result now is „vorläufig“ */
  closingSuggestion: (suggested: string, current: string, confirmed: boolean) =>
    `Der Vorschlag der Bewertungshilfe ist unverändert gespeichert: ${suggested}. ${confirmed ? 'Endgültig' : 'Vorläufig, noch nicht bestätigt'}: ${current}.`,
  generated: (when: string) => `Erstellt am ${when}`,
  fileName: 'Verlauf',
} as const;

export const auditEventLabels: Record<AuditEventKind, string> = {
  submitted: 'Eingereicht',
  transcription_checked: 'Abschrift geprüft',
  graded: 'Bewertet (Vorschlag)',
  failed: 'Bewertung fehlgeschlagen',
  changed: 'Geändert',
  confirmed: 'Bestätigt',
  reopened: 'Wieder geöffnet',
  released: 'Freigegeben',
  release_updated: 'Freigabe aktualisiert',
};

const outcomeLabels = {
  success: 'Vorschlag erstellt',
  needs_review: 'Vorschlag erstellt, Prüfung empfohlen',
  failed: 'fehlgeschlagen',
} as const;

/** 'Note 2-, 15 von 20 Punkten': the figures as one line, with '–' for what is not there. */
export function auditFiguresText({ grade, achievedPoints, totalPoints }: AuditFigures): string {
  const parts: string[] = [];
  parts.push(`${auditLabels.grade} ${grade ?? auditLabels.none}`);
  if (achievedPoints !== null || totalPoints !== null) {
    const achieved = achievedPoints === null ? auditLabels.none : formatPointsValue(achievedPoints);
    parts.push(
      totalPoints === null
        ? `${achieved} ${auditLabels.points}`
        : `${achieved} von ${countOf(formatPointsValue(totalPoints), 'Punkt', 'Punkten')}`,
    );
  }
  return parts.join(', ');
}

/** 'builtin-2.3.1', or the engine and its version where the version does not name it; the model if any. */
function engineName(event: { engine: string; engineVersion: string; model: string | null }): string {
  const version = event.engineVersion.startsWith(event.engine)
    ? event.engineVersion
    : `${event.engine} ${event.engineVersion}`;
  return event.model ? `${version} (Modell ${event.model})` : version;
}

/** 850 → '850 ms', 12400 → '12,4 s' */
function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
}

/** The details of one event as one German line (the PDF's column and the web's detail). */
export function auditEventDetails(event: AuditEvent): string {
  switch (event.kind) {
    case 'submitted':
    case 'transcription_checked':
    case 'confirmed':
    case 'reopened':
      return auditLabels.by(event.by);
    case 'graded':
      return `${engineName(event)}: ${outcomeLabels[event.outcome]}, Dauer ${durationText(event.durationMs)}`;
    case 'failed':
      return event.message ?? '';
    case 'changed': {
      // words, not an arrow: the PDF's font has no arrow glyph, and words read out alike
      const values =
        event.from === null && event.to === null
          ? ''
          : ` – ${auditLabels.before} ${event.from ?? auditLabels.none}, ${auditLabels.after} ${event.to ?? auditLabels.none}`;
      return `${event.what}${values} (${auditLabels.by(event.by)})`;
    }
    case 'released':
      return `an ${event.to} (${event.type}, ${auditFiguresText(event)})${
        event.by ? ` ${auditLabels.by(event.by)}` : ''
      }`;
    case 'release_updated':
      return `${event.to} erhält das neu bestätigte Ergebnis (${auditFiguresText(event)})`;
  }
}

/** Task and subtask names from the result, when it is at hand; else their numbers. */
export type AuditUnitNames = {
  tasks: { title: string; subtasks: { subtask_label: string }[] }[];
};

/** One thing a logged change changed: what, and the values before and after as display strings. */
export type ChangeDescription = { what: string; from: string | null; to: string | null };

/**
 * A teacher's text in quotes, whole: the trail is what a Widerspruch is answered with, and a shortened text
 * can hide the very change (two versions that differ after the first line looked the same).
 */
export function quotedText(value: unknown): string {
  if (typeof value !== 'string') return auditLabels.empty_value;
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat ? `„${flat}“` : auditLabels.empty_value;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** 1 → '1 Punkt', 2.5 → '2,5 Punkte', null → '–' (not scored). */
export function pointsText(value: unknown): string {
  const n = num(value);
  if (n === null) return auditLabels.none;
  return n === 1 ? '1 Punkt' : `${formatPointsValue(n)} Punkte`;
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return auditLabels.empty_value;
  if (typeof value === 'number') return formatPointsValue(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** 'Aufgabe 2 „Brüche“, b' from the indices, with the names where the result has them. */
function unitName(change: Record<string, unknown>, names?: AuditUnitNames): string {
  const taskIndex = num(change.taskIndex);
  if (taskIndex === null) return 'Gesamt';
  const task = names?.tasks[taskIndex];
  const number = `Aufgabe ${taskIndex + 1}`;
  const title = task?.title.trim() ?? '';
  // a title that starts with its own label ('Aufgabe 2: Brüche', 'Aufgabe 1:') does not get the label again
  // (issue 34 §8: no „Aufgabe 2 „Aufgabe 2 …““): its label, then what follows it
  const own = /^(aufgabe\s+\d+[a-z]?)(?![\da-z])[\s.:)\u2013\u2014-]*(.*)$/i.exec(title);
  const taskName = own
    ? own[2]
      ? `${own[1]} „${own[2]}“`
      : own[1]!
    : title
      ? `${number} „${title}“`
      : number;
  const subtaskIndex = num(change.subtaskIndex);
  if (subtaskIndex === null) return taskName;
  const label = task?.subtasks[subtaskIndex]?.subtask_label.trim();
  return `${taskName}, Teilaufgabe ${label || subtaskIndex + 1}`;
}

const detailFields: Record<string, { label: string; points?: boolean }> = {
  title: { label: 'Titel' },
  subject: { label: 'Fach' },
  student_name: { label: 'Name der Schülerin oder des Schülers' },
  grade_level: { label: 'Klassenstufe' },
  grade: { label: 'Note' },
  achieved_points: { label: 'Erreichte Punkte', points: true },
  total_points: { label: 'Gesamtpunkte', points: true },
};

function errorTitle(error: unknown): string {
  const title = (error as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim() ? `„${title.trim()}“` : '(ohne Titel)';
}

function deduction(error: unknown): string {
  const points = num((error as { point_deduction?: unknown } | null)?.point_deduction);
  return points ? `, Abzug ${pointsText(points)}` : '';
}

/**
 * What one entry of the change log (`analysis_changes.change`) changed, in German, as the review writes it
 * (analysis.review.ts, the history's detail edit, a class set's change for a group of papers): points,
 * texts, errors added or removed, the details. Confirm and reopen are events of their own and answer none,
 * and so does a value set to what it already was (sent twice: logged, but nothing changed).
 * An entry of a shape not known here reads 'Bewertung geändert' with its field names: never a crash.
 */
export function describeChange(change: Record<string, unknown>, names?: AuditUnitNames): ChangeDescription[] {
  const group = change.group as { papers?: unknown } | undefined;
  const papers = num(group?.papers);
  const together =
    papers !== null ? ` (gemeinsam für ${countOf(papers, 'Arbeit', 'Arbeiten')} der Klassenarbeit)` : '';
  const one = (what: string, from: string | null, to: string | null) => [{ what: what + together, from, to }];
  const moved = change.points as { before?: unknown; after?: unknown } | undefined;

  switch (change.type) {
    case 'confirm':
    case 'reopen':
      return [];
    case 'set_points': {
      const max = num(change.maxPoints);
      if (max === null && change.points === change.before) return [];
      const to = pointsText(change.points) + (max === null ? '' : ` von ${formatPointsValue(max)}`);
      return one(`${unitName(change, names)}: Punkte`, pointsText(change.before), to);
    }
    case 'set_feedback': {
      if (change.text === change.before) return [];
      const where =
        change.target === 'overall' ? 'Gesamtrückmeldung' : `${unitName(change, names)}: Rückmeldung`;
      return one(where, quotedText(change.before), quotedText(change.text));
    }
    case 'add_error': {
      const what = `${unitName(change, names)}: Fehler ${errorTitle(change.error)} hinzugefügt${deduction(change.error)}`;
      return moved
        ? one(`${what}; Punkte`, pointsText(moved.before), pointsText(moved.after))
        : one(what, null, null);
    }
    case 'dismiss_error': {
      const what = `${unitName(change, names)}: Fehler ${errorTitle(change.before)} entfernt${deduction(change.before)}`;
      return moved
        ? one(`${what}; Punkte`, pointsText(moved.before), pointsText(moved.after))
        : one(what, null, null);
    }
    case 'place_answer': {
      const lines = Array.isArray(change.lines) ? change.lines.map(num) : null;
      const to = lines
        ? lines[0] === lines[1]
          ? `Zeile ${lines[0]}`
          : `Zeilen ${Math.min(lines[0] ?? 0, lines[1] ?? 0)}–${Math.max(lines[0] ?? 0, lines[1] ?? 0)}`
        : 'keine Antwort';
      return one(`${unitName(change, names)}: Antwort neu zugeordnet`, quotedText(change.before), to);
    }
    case 'confirm_alignment':
      return change.before === null ? [] : one('Zuordnung der Antworten geprüft', null, null);
    case 'edit_details': {
      const before = (change.before ?? {}) as Record<string, unknown>;
      const found = Object.entries(detailFields)
        .filter(([field]) => field in change)
        .map(([field, { label, points }]) => ({
          what: label + together,
          from: points ? pointsText(before[field]) : plain(before[field]),
          to: points ? pointsText(change[field]) : plain(change[field]),
        }));
      if (found.length > 0) return found;
      break;
    }
  }
  const fields = Object.keys(change).filter((key) => key !== 'type' && key !== 'before' && key !== 'group');
  return one(
    'Bewertung geändert',
    null,
    fields.length > 0 ? `Felder: ${fields.join(', ')}` : typeof change.type === 'string' ? change.type : null,
  );
}

/** '25.11.2026, 14:03:12 Uhr' in German time: when an event of the trail happened, to the second. */
export function auditDateTime(iso: string): string {
  const text = new Date(iso).toLocaleString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return `${text} Uhr`;
}
