import { describe, expect, it } from 'vitest';
import { classLimits } from './classes';
import { checkRosterEntries, readRoster, resolveRoster, rosterMessages } from './roster';

describe('[CLASSES] a pasted roster, line by line (issue 34 §3)', () => {
  it('reads the usual shapes: a name, a name with an e-mail, „Nachname, Vorname“', () => {
    const reading = readRoster(
      'Anna Schmidt, anna@example.de\n\n  Ben   Weber  \nCarla Roth <carla@example.de>\nLang, David\nMüller-Lüdenscheidt, Anna Maria, amm@example.de\nemil@example.de',
    );
    expect(reading.entries).toEqual([
      { line: 1, name: 'Anna Schmidt', email: 'anna@example.de' },
      { line: 3, name: 'Ben Weber' },
      { line: 4, name: 'Carla Roth', email: 'carla@example.de' },
      { line: 5, name: 'David Lang' },
      { line: 6, name: 'Anna Maria Müller-Lüdenscheidt', email: 'amm@example.de' },
      { line: 7, name: 'emil@example.de', email: 'emil@example.de' },
    ]);
    expect(reading.skipped).toEqual([]);
    expect(reading.header).toBeNull();
    expect(reading.repeated).toEqual([]);
  });

  it("reads a spreadsheet's tab-separated columns Nachname, Vorname, E-Mail and skips its header row", () => {
    const reading = readRoster(
      'Nachname\tVorname\tE-Mail\r\nSchmidt\tLena\tlena@example.de\r\nWeber\tBen\t\r\n',
    );
    expect(reading.header).toBe(1);
    expect(reading.entries).toEqual([
      { line: 2, name: 'Lena Schmidt', email: 'lena@example.de' },
      { line: 3, name: 'Ben Weber' },
    ]);
  });

  it('takes the column order from a header that puts Vorname first, and knows „Name“ and „Schüler“', () => {
    expect(readRoster('Vorname;Nachname\nLena;Schmidt').entries).toEqual([{ line: 2, name: 'Lena Schmidt' }]);
    expect(readRoster('Name\nLena Schmidt').header).toBe(1);
    expect(readRoster('\n Schüler: \nLena Schmidt')).toMatchObject({
      header: 2,
      entries: [{ line: 3, name: 'Lena Schmidt' }],
    });
    // only the first line can be a header
    expect(readRoster('Lena Schmidt\nName').entries).toHaveLength(2);
  });

  it('skips only the line with a too long name or an invalid e-mail, and names its line', () => {
    const long = 'x'.repeat(classLimits.studentNameMax + 1);
    const lines = Array.from({ length: 25 }, (_, index) => `Schüler ${index + 1}`);
    lines[6] = long;
    lines[11] = 'Ben Weber, ben@example';
    const reading = readRoster(lines.join('\n'));
    expect(reading.entries).toHaveLength(23);
    expect(reading.skipped).toEqual([
      { line: 7, message: rosterMessages.nameTooLong(7) },
      { line: 12, message: rosterMessages.invalidEmail(12, 'ben@example') },
    ]);
    expect(reading.skipped[0]!.message).toBe(
      'Zeile 7: Der Name ist länger als 120 Zeichen. Die Zeile wird übersprungen.',
    );
    // exactly at the limit is fine
    expect(readRoster('y'.repeat(classLimits.studentNameMax)).entries).toHaveLength(1);
  });

  it('skips a line with two e-mails, three name columns, a repeated e-mail, and lines past the limit', () => {
    const reading = readRoster(
      'a@example.de b@example.de\nSchmidt, Lena, 7b\nAnna, anna@example.de\nAnna Berg, ANNA@example.de',
    );
    expect(reading.skipped.map((problem) => problem.message)).toEqual([
      rosterMessages.twoEmails(1),
      rosterMessages.tooManyColumns(2),
      rosterMessages.repeatedEmail(4, 'ANNA@example.de', 3),
    ]);
    const many = readRoster(
      Array.from({ length: classLimits.rosterMax + 2 }, (_, index) => `Kind ${index}`).join('\n'),
    );
    expect(many.entries).toHaveLength(classLimits.rosterMax);
    expect(many.skipped.map((problem) => problem.line)).toEqual([
      classLimits.rosterMax + 1,
      classLimits.rosterMax + 2,
    ]);
  });

  it('asks about a repeated name instead of merging it; „zweite Person“ keeps both, told apart', () => {
    const text = 'Lena Schmidt\nBen Weber\nSchmidt, Lena\nlena schmidt, lena@example.de';
    const reading = readRoster(text);
    expect(reading.entries).toHaveLength(4);
    expect(reading.repeated).toEqual([{ key: 'lena schmidt', name: 'Lena Schmidt', lines: [1, 3, 4] }]);

    const unanswered = resolveRoster(reading, {});
    expect(unanswered.open).toHaveLength(1);
    expect(unanswered.entries.map((entry) => entry.name)).toEqual(['Ben Weber']);

    expect(resolveRoster(reading, { 'lena schmidt': 'second' }, { 4: 'Lena Schmidt (7c)' }).entries).toEqual([
      { line: 1, name: 'Lena Schmidt' },
      { line: 2, name: 'Ben Weber' },
      { line: 3, name: 'Lena Schmidt (2)' },
      { line: 4, name: 'Lena Schmidt (7c)', email: 'lena@example.de' },
    ]);
    // the same pupil twice: once, with the e-mail one of her lines gave
    expect(resolveRoster(reading, { 'lena schmidt': 'duplicate' })).toEqual({
      open: [],
      entries: [
        { line: 1, name: 'Lena Schmidt', email: 'lena@example.de' },
        { line: 2, name: 'Ben Weber' },
      ],
    });
  });
});

describe('[CLASSES] the server check of roster entries (issue 34 §3)', () => {
  it('answers a German problem per line and keeps the good entries', () => {
    const result = checkRosterEntries([
      { name: ' Anna  Schmidt ', email: '' },
      { name: 'x'.repeat(121), line: 7 },
      { name: 'Ben', email: 'kein-mail' },
      { name: '  ' },
      { name: 'anna schmidt', line: 9 },
      { name: 'Carla', email: 'carla@example.de' },
      { name: 'Carla Roth', email: 'CARLA@example.de' },
    ]);
    expect(result.entries).toEqual([{ name: 'Anna Schmidt' }, { name: 'Carla', email: 'carla@example.de' }]);
    expect(result.problems).toEqual([
      { line: 7, message: rosterMessages.nameTooLong(7) },
      { line: 3, message: rosterMessages.invalidEmail(3, 'kein-mail') },
      { line: 4, message: rosterMessages.nameMissing(4) },
      { line: 9, message: rosterMessages.repeatedName(9, 'anna schmidt', 1) },
      { line: 7, message: rosterMessages.repeatedEmail(7, 'CARLA@example.de', 6) },
    ]);
  });

  it('accepts what a resolved reading sends', () => {
    const reading = readRoster('Lena Schmidt\nLena Schmidt\nBen Weber, ben@example.de');
    const { entries } = resolveRoster(reading, { 'lena schmidt': 'second' });
    expect(checkRosterEntries(entries).problems).toEqual([]);
  });
});
