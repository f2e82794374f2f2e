import { describe, expect, it } from 'vitest';
import type { GradingError } from '@korrigo/domain';
import { gradeClass, highlightSegments, legendFor, severityLegend } from './result-view';

const error = (quoted: string, start: number, end: number, severity = 'minor'): GradingError => ({
  title: 'Fehler',
  point_deduction: 0.5,
  details: '',
  suggestion: '',
  severity,
  message: '',
  location: { type: 'text', start, end, quoted_text: quoted },
});

describe('severity legend', () => {
  it('maps every severity of spec 000 §4 to its legend entry', () => {
    expect(legendFor('critical').label).toBe('Kritisch');
    expect(legendFor('severe').highlight).toBe('critical');
    expect(legendFor('moderate').label).toBe('Mittel');
    expect(legendFor('minor').label).toBe('Gering');
    expect(legendFor('improvement').highlight).toBe('minor');
    expect(legendFor('informational').label).toBe('Hinweis');
    expect(legendFor('info').highlight).toBe('info');
    expect(legendFor('whatever').highlight).toBe('moderate');
    expect(severityLegend.map((entry) => entry.highlight)).toEqual(['critical', 'moderate', 'minor', 'info']);
  });
});

describe('gradeClass', () => {
  it('follows spec 000 §9', () => {
    expect(gradeClass('1-')).toBe('excellent');
    expect(gradeClass('2')).toBe('good');
    expect(gradeClass('3+')).toBe('satisfactory');
    expect(gradeClass('4')).toBe('sufficient');
    expect(gradeClass('5')).toBe('poor');
    expect(gradeClass('6')).toBe('failing');
    expect(gradeClass(null)).toBeNull();
  });
});

describe('highlightSegments', () => {
  const text = 'Das ist ein Fehlr und noch einer.';

  it('cuts the text at the error offsets', () => {
    const segments = highlightSegments(text, [error('Fehlr', 12, 17)]);
    expect(segments.map((s) => [s.text, s.error !== null])).toEqual([
      ['Das ist ein ', false],
      ['Fehlr', true],
      [' und noch einer.', false],
    ]);
  });

  it('finds the quote when the offsets are off, and drops overlaps and unknown quotes', () => {
    const segments = highlightSegments(text, [
      error('Fehlr', 0, 3),
      error('ein Fehlr', 8, 17),
      error('gibt es nicht', 0, 13),
    ]);
    expect(segments.filter((s) => s.error).map((s) => s.text)).toEqual(['ein Fehlr']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });
});
