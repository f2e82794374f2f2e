import { describe, expect, it } from 'vitest';
import { decodeRosterFile, gradeLevelOf, readRosterImport } from './roster-import';

const names = (reading: ReturnType<typeof readRosterImport>) =>
  reading.ok
    ? reading.classes.map((item) => [item.name, item.reading.entries.map((entry) => entry.name)])
    : [];

describe('readRosterImport (issue 35 §3)', () => {
  it('reads a SchILD-NRW export by its titles, in UTF-16 with a byte-order mark', () => {
    const text = [
      'Nachname;Vorname;Geburtsdatum;Geschlecht;Klasse;Jahrgang',
      'Özdemir;Elif;03.04.2012;w;7a;07',
      'Weber;Ben;17.11.2011;m;7a;07',
      'Schmidt;Lena;01.02.2011;w;8b;08',
    ].join('\r\n');
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer),
    ]);
    const reading = readRosterImport(decodeRosterFile(utf16)!);
    expect(names(reading)).toEqual([
      ['7a', ['Elif Özdemir', 'Ben Weber']],
      ['8b', ['Lena Schmidt']],
    ]);
    expect(reading.ok && reading.classes.map((item) => item.gradeLevel)).toEqual(['7', '8']);
  });

  it('reads an ASV-BW export: the Rufname, not all Vornamen, and the e-mail column', () => {
    const reading = readRosterImport(
      [
        'Familienname;Vornamen;Rufname;Klasse;Schüler/in E-Mail privat',
        'Müller;Anna Maria;Anna;10 b;anna.mueller@example.de',
        'Keller;"Jonas, Paul";Jonas;10b;',
      ].join('\n'),
    );
    expect(names(reading)).toEqual([['10 b', ['Anna Müller', 'Jonas Keller']]]);
    expect(reading.ok && reading.classes[0]!.reading.entries[0]!.email).toBe('anna.mueller@example.de');
  });

  it('reads the plain layout without titles, and Windows-1252 bytes', () => {
    const bytes = new Uint8Array([...'Jäger;Tom;5c;tom@example.de\n'].map((c) => c.charCodeAt(0)));
    const reading = readRosterImport(decodeRosterFile(bytes)!);
    expect(reading.ok && reading.columns).toBeNull();
    expect(names(reading)).toEqual([['5c', ['Tom Jäger']]]);
  });

  it('skips a line without class, name or with a broken e-mail, naming the file line; the rest goes on', () => {
    const reading = readRosterImport(
      [
        'Nachname,Vorname,Klasse,E-Mail',
        'Berg,Mia,6a,',
        '',
        'Lang,Nils,,',
        ',,6a,',
        'Roth,Ida,6a,ida(at)x.de',
        `${'X'.repeat(130)},Y,6a,`,
      ].join('\n'),
    );
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.skipped.map((problem) => problem.line)).toEqual([4, 5, 6]);
    expect(reading.skipped[0]!.message).toBe('Zeile 4: Die Klasse fehlt. Die Zeile wird übersprungen.');
    expect(reading.classes[0]!.reading.entries.map((entry) => entry.line)).toEqual([2]);
    expect(reading.classes[0]!.reading.skipped.map((problem) => problem.line)).toEqual([7]);
  });

  it('asks about a repeated name inside a class, not across classes', () => {
    const reading = readRosterImport(
      ['Nachname;Vorname;Klasse', 'Name;Lena;7a', 'Name;Lena;7a', 'Name;Lena;8a'].join('\n'),
    );
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.classes.map((item) => item.reading.repeated.map((group) => group.lines))).toEqual([
      [[2, 3]],
      [],
    ]);
  });

  it('refuses a file it cannot place', () => {
    expect(readRosterImport('Vorname;Klasse\nAnna;7a')).toEqual({
      ok: false,
      message: expect.stringContaining('„Nachname“'),
    });
    expect(readRosterImport('Nachname;Vorname\nBerg;Mia')).toEqual({
      ok: false,
      message: expect.stringContaining('„Klasse“'),
    });
    expect(readRosterImport('\n\n')).toEqual({ ok: false, message: expect.stringContaining('keine') });
    expect(decodeRosterFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
  });

  it('takes the grade level from the class name', () => {
    expect(['7a', '10 b', '05C', 'EF', 'Q1'].map(gradeLevelOf)).toEqual(['7', '10', '5', 'EF', 'Q1']);
  });
});
