import { z } from 'zod';

/**
 * How long uploaded student papers (their files: PDFs, photos, scans) are kept (issue 19 point 2, ADR 0016):
 * to the end of the school year they were uploaded in (default), or a number of days. The result of the
 * grading stays; only the original files go. The operator sets it with PAPER_RETENTION.
 */
export const paperRetentionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('school-year') }),
  z.object({ kind: z.literal('days'), days: z.number().int().min(1).max(3650) }),
]);
export type PaperRetention = z.infer<typeof paperRetentionSchema>;

/** School years in Germany run from 1 August to 31 July; the time zone is the schools'. */
export const retentionTimeZone = 'Europe/Berlin';

/** `school-year` or a number of days (1 to 3650), as PAPER_RETENTION is written; undefined for anything else. */
export function parsePaperRetention(value: string): PaperRetention | undefined {
  const text = value.trim();
  if (text === 'school-year') return { kind: 'school-year' };
  if (!/^\d+$/.test(text)) return undefined;
  return paperRetentionSchema.safeParse({ kind: 'days', days: Number(text) }).data;
}

/** The calendar date of an instant in Berlin. */
function berlinDate(instant: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: retentionTimeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The instant a calendar day begins in Berlin (00:00 local time, whatever the offset that day). */
function berlinMidnight(year: number, month: number, day: number): Date {
  const asUtc = Date.UTC(year, month - 1, day);
  // the offset at that moment: Berlin's wall clock read back as if it were UTC, minus the instant
  const wall = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: retentionTimeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((entry) => entry.type === type)!.value);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  };
  const offset = wall(asUtc) - asUtc;
  return new Date(asUtc - offset);
}

/**
 * The retention rule as one instant: at `now`, the files of every paper uploaded before it are past their
 * period. School year: the last 1 August, 00:00 in Berlin, that has begun (a paper of 31 July 23:59 goes in
 * the night to 1 August, one of 1 August 00:01 a year later). Days: `now` minus that many days.
 */
export function retentionCutoff(setting: PaperRetention, now: Date): Date {
  if (setting.kind === 'days') return new Date(now.getTime() - setting.days * 24 * 60 * 60 * 1000);
  const today = berlinDate(now);
  return berlinMidnight(today.month >= 8 ? today.year : today.year - 1, 8, 1);
}

/**
 * The end of the school year `now` is in: 31 July, 23:59:59.999 in Berlin (school years run from 1 August to
 * 31 July). A student ID confirmed on 31 July is valid that night only; one confirmed on 1 August a year.
 */
export function schoolYearEnd(now: Date): Date {
  const today = berlinDate(now);
  const nextAugust = berlinMidnight(today.month >= 8 ? today.year + 1 : today.year, 8, 1);
  return new Date(nextAugust.getTime() - 1);
}

/** Texts about the retention period (ours): the privacy page and the result view. */
export const retentionMessages = {
  /** how long, for the privacy page's sentence „Hochgeladene Arbeiten … löschen wir automatisch …“ */
  period(setting: PaperRetention): string {
    return setting.kind === 'school-year'
      ? 'am Ende des Schuljahres, in dem sie hochgeladen wurden, also nach dem 31. Juli'
      : `${setting.days} ${setting.days === 1 ? 'Tag' : 'Tage'} nach dem Hochladen`;
  },
  /** the result view of an analysis whose files were deleted (Sie: the teacher reads it) */
  filesDeleted(date: string): string {
    return `Die hochgeladene Originalarbeit wurde am ${date} nach Ablauf der Aufbewahrungsfrist gelöscht. Das Ergebnis bleibt erhalten.`;
  },
  /** the transcription check of an analysis still waiting when its files were deleted: the text is there */
  filesDeletedBeforeCheck(date: string): string {
    return `Die hochgeladene Originalarbeit wurde am ${date} nach Ablauf der Aufbewahrungsfrist gelöscht. Der erkannte Text bleibt zum Prüfen.`;
  },
} as const;
