import { describe, expect, it } from 'vitest';
import { analysisMessages } from '@korrigo/domain';
import { addFiles, isAllowedFile, validateSubmit } from './analysis-form';

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('addFiles', () => {
  it('ignores files of other types with a notice', () => {
    const result = addFiles([], [file('a.pdf', 'application/pdf', 10), file('b.gif', 'image/gif', 10)]);
    expect(result.files.map((f) => f.name)).toEqual(['a.pdf']);
    expect(result.notices).toEqual([analysisMessages.ignoredFiles]);
    expect(result.error).toBeNull();
  });

  it('refuses a fourth file', () => {
    const three = [1, 2, 3].map((n) => file(`${n}.txt`, 'text/plain', 1));
    const result = addFiles(three, [file('4.txt', 'text/plain', 1)]);
    expect(result.error).toBe('Maximal 3 Dateien erlaubt!');
    expect(result.files).toBe(three);
  });

  it('refuses more than 9 MB in total', () => {
    const result = addFiles(
      [file('a.pdf', 'application/pdf', 5 * 1024 * 1024)],
      [file('b.pdf', 'application/pdf', 4 * 1024 * 1024 + 1)],
    );
    expect(result.error).toBe(
      'Die Gesamtgröße der Dateien überschreitet das Limit von 9MB. Bitte entfernen Sie einige Dateien.',
    );
  });

  it('accepts exactly 9 MB', () => {
    const result = addFiles([], [file('a.pdf', 'application/pdf', 9 * 1024 * 1024)]);
    expect(result.error).toBeNull();
    expect(result.files).toHaveLength(1);
  });

  it('checks the name when the browser gives no type', () => {
    expect(isAllowedFile({ name: 'Arbeit.DOCX', type: '' })).toBe(true);
    expect(isAllowedFile({ name: 'bild.webp', type: '' })).toBe(false);
    expect(isAllowedFile({ name: 'tarnung.pdf', type: 'image/gif' })).toBe(false);
  });
});

describe('validateSubmit', () => {
  const base = { method: 'manual' as const, text: '', files: [], selectedTestId: null };

  it('asks for input when everything is empty', () => {
    expect(validateSubmit({ ...base, text: '   ' })).toBe(
      'Bitte geben Sie Testinhalt ein, laden Sie Dateien hoch oder wählen Sie einen Test aus!',
    );
  });

  it('asks for a test on the select tab', () => {
    expect(validateSubmit({ ...base, method: 'select', text: 'Antwort' })).toBe(
      'Bitte wählen Sie zuerst einen Test aus',
    );
  });

  it('lets text, files or a selected test through', () => {
    expect(validateSubmit({ ...base, text: 'Antwort' })).toBeNull();
    expect(validateSubmit({ ...base, files: [file('a.txt', 'text/plain', 1)] })).toBeNull();
    expect(validateSubmit({ ...base, method: 'select', selectedTestId: 't1' })).toBeNull();
  });
});
