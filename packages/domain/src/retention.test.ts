import { describe, expect, it } from 'vitest';
import { parsePaperRetention, retentionCutoff, retentionMessages, schoolYearEnd } from './retention';

const schoolYear = { kind: 'school-year' } as const;
/** papers uploaded before the cutoff are past their period at `now` */
const past = (uploaded: string, now: string) =>
  new Date(uploaded) < retentionCutoff(schoolYear, new Date(now));

describe('[RETENTION] how long uploaded papers are kept', () => {
  it('reads PAPER_RETENTION: school-year or a number of days', () => {
    expect(parsePaperRetention('school-year')).toEqual({ kind: 'school-year' });
    expect(parsePaperRetention(' 90 ')).toEqual({ kind: 'days', days: 90 });
    for (const wrong of ['', '0', '-5', '3651', '90d', 'schuljahr', '1.5']) {
      expect(parsePaperRetention(wrong)).toBeUndefined();
    }
  });

  it('keeps a paper to the end of its school year: the night to 1 August in Berlin', () => {
    // 1 August 00:00 in Berlin is 31 July 22:00 UTC (summer time)
    expect(retentionCutoff(schoolYear, new Date('2026-08-01T03:30:00+02:00')).toISOString()).toBe(
      '2026-07-31T22:00:00.000Z',
    );
    // uploaded on the last evening of the school year: gone as soon as 1 August has begun in Berlin
    expect(past('2026-07-31T23:59:00+02:00', '2026-07-31T23:59:30+02:00')).toBe(false);
    expect(past('2026-07-31T23:59:00+02:00', '2026-08-01T00:00:00+02:00')).toBe(true);
    // uploaded in the first minute of the new school year: kept a whole year, to the next 1 August
    expect(past('2026-08-01T00:01:00+02:00', '2027-07-31T23:00:00+02:00')).toBe(false);
    expect(past('2026-08-01T00:01:00+02:00', '2027-08-01T00:00:00+02:00')).toBe(true);
    // in winter (Berlin on UTC+1) the cutoff is still the last 1 August
    expect(retentionCutoff(schoolYear, new Date('2027-01-15T12:00:00Z')).toISOString()).toBe(
      '2026-07-31T22:00:00.000Z',
    );
    // a UTC clock already on 1 August is still 31 July in Berlin only before 22:00 UTC
    expect(past('2026-03-01T10:00:00Z', '2026-07-31T21:59:00Z')).toBe(false);
  });

  it('or that many days after the upload', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(retentionCutoff({ kind: 'days', days: 30 }, now).toISOString()).toBe('2026-10-26T12:00:00.000Z');
  });

  it('says the period in words for the privacy page', () => {
    expect(retentionMessages.period(schoolYear)).toBe(
      'am Ende des Schuljahres, in dem sie hochgeladen wurden, also nach dem 31. Juli',
    );
    expect(retentionMessages.period({ kind: 'days', days: 1 })).toBe('1 Tag nach dem Hochladen');
    expect(retentionMessages.period({ kind: 'days', days: 90 })).toBe('90 Tage nach dem Hochladen');
  });
});

describe('[RETENTION] the end of the school year (student IDs)', () => {
  it('is 31 July, 23:59:59.999 in Berlin, of the school year a date is in', () => {
    expect(schoolYearEnd(new Date('2026-11-25T08:00:00Z')).toISOString()).toBe('2027-07-31T21:59:59.999Z');
    expect(schoolYearEnd(new Date('2027-07-31T21:00:00Z')).toISOString()).toBe('2027-07-31T21:59:59.999Z');
    // 1 August 00:30 in Berlin is the next school year already
    expect(schoolYearEnd(new Date('2027-07-31T22:30:00Z')).toISOString()).toBe('2028-07-31T21:59:59.999Z');
    expect(schoolYearEnd(new Date('2027-02-01T12:00:00Z')).toISOString()).toBe('2027-07-31T21:59:59.999Z');
  });
});
