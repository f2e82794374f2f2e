import { describe, expect, it } from 'vitest';
import { buildRoster } from '../../test/support/class-roster';
import { detectName, matchStudent, readName } from './names';

const roster = buildRoster();

describe('[CLASS-SET] detectName', () => {
  it('reads a labelled name in the ways pupils write it', () => {
    expect(detectName('Name: Anna Müller\n1. Aufgabe')).toBe('Anna Müller');
    expect(detectName('Name Anna Müller\n1. Aufgabe')).toBe('Anna Müller');
    expect(detectName('Name:Anna Müller')).toBe('Anna Müller');
    expect(detectName('Name: Müller, Anna   Klasse: 7b   Datum: 12.11.2026')).toBe('Müller, Anna');
    expect(detectName('Name, Vorname: Weber, Lea-Sophie')).toBe('Weber, Lea-Sophie');
    expect(detectName('Vor- und Nachname: Elif Özdemir  Kl. 7b')).toBe('Elif Özdemir');
    expect(detectName('Vorname: Jonas   Nachname: Meyer   Datum: 12.11.')).toBe('Jonas Meyer');
    expect(detectName('Schüler(in): Minh Anh Nguyen')).toBe('Minh Anh Nguyen');
    expect(detectName('Name: A. Müller')).toBe('A. Müller');
    expect(detectName('Name: Leon')).toBe('Leon');
    expect(detectName('Name: ____Anna Müller______   Klasse: __7b__')).toBe('Anna Müller');
    expect(detectName('Name: ..........Paul Koch')).toBe('Paul Koch');
    expect(detectName('Datum: 12.11.2026   Name: Paul Koch')).toBe('Paul Koch');
    expect(detectName('Klasse 7b Name: Paul Koch')).toBe('Paul Koch');
    // the name written under its label
    expect(readName('Name:\nAnna Müller\n1. Aufgabe')).toEqual({ name: 'Anna Müller', clear: true });
    expect(detectName('Name:\n1. Aufgabe: Beschreibe die Zelle.')).toBeNull();
    // a PDF text layer with decomposed umlauts
    expect(detectName('Name: Anna Mu\u0308ller')).toBe('Anna Müller');
  });

  it('reads a name without a label when a class or a date follows it', () => {
    expect(readName('Anna Müller 7b\nKlassenarbeit Nr. 2')).toEqual({ name: 'Anna Müller', clear: true });
    expect(readName('Ben Becker   12.11.2026')).toEqual({ name: 'Ben Becker', clear: true });
    expect(readName('Müller, Anna Klasse 7b')).toEqual({ name: 'Müller, Anna', clear: true });
    expect(readName('Anna Müller, 7b')).toEqual({ name: 'Anna Müller', clear: true });
    expect(readName('Paul Koch – 7b')).toEqual({ name: 'Paul Koch', clear: true });
  });

  it('returns a name alone on a line as not clear, since it may be a heading', () => {
    expect(readName('Greta Weiß\n1. Aufgabe')).toEqual({ name: 'Greta Weiß', clear: false });
  });

  it('survives OCR slips in the label and the name', () => {
    expect(detectName('Narne: Anna Mü11er\nKlasse 7b')).toBe('Anna Mü11er');
    expect(detectName('Nane: Paul Koch')).toBe('Paul Koch');
    expect(detectName('NAME: FINN HOFFMANN')).toBe('FINN HOFFMANN');
  });

  it('finds the name line below a title, but only in the top five lines', () => {
    expect(
      detectName('Gymnasium Am Markt\nKlassenarbeit Nr. 2 – Biologie\nName: Mia Schulz   Datum: 3.3.'),
    ).toBe('Mia Schulz');
    expect(detectName('Klassenarbeit\nBiologie\n7b\n12.11.2026\nThema: Zellen\nName: Mia Schulz')).toBeNull();
  });

  it('finds no name on a continuation page or a page of answers', () => {
    expect(detectName('2. Aufgabe: Erkläre die Fotosynthese.\nPflanzen bilden Zucker.')).toBeNull();
    expect(detectName('Seite 2\nDie Zellwand gibt der Zelle Halt.')).toBeNull();
    expect(detectName('Aufgabe 3\na) Die Mitochondrien sind die Kraftwerke der Zelle.')).toBeNull();
    expect(detectName('Die Zelle\nZellen teilen sich durch Mitose.')).toBeNull();
    expect(detectName('Klassenarbeit Nr. 2 – Biologie')).toBeNull();
    expect(detectName('')).toBeNull();
    expect(detectName('Name: ____________   Klasse: ____')).toBeNull();
  });
});

describe('[CLASS-SET] matchStudent', () => {
  it('matches an exact name with confidence 1, in either order and whichever order the roster uses', () => {
    expect(matchStudent('Anna Müller', roster)).toEqual({ studentId: 'anna-mueller', confidence: 1 });
    expect(matchStudent('Müller, Anna', roster)).toEqual({ studentId: 'anna-mueller', confidence: 1 });
    expect(matchStudent('Elif Özdemir', roster)).toEqual({ studentId: 'elif-oezdemir', confidence: 1 });
    expect(matchStudent('Minh Anh Nguyen', roster)).toEqual({ studentId: 'minh-anh-nguyen', confidence: 1 });
    expect(matchStudent('ANNA MÜLLER', roster)?.confidence).toBe(1);
    expect(matchStudent('Müller Anna', roster)).toEqual({ studentId: 'anna-mueller', confidence: 1 });
    expect(matchStudent('Anna Mu\u0308ller', roster)?.confidence).toBe(1);
  });

  it('folds umlauts and ß written out or with their dots lost', () => {
    expect(matchStudent('Anna Mueller', roster)).toEqual({ studentId: 'anna-mueller', confidence: 1 });
    expect(matchStudent('Anna Muller', roster)).toEqual({ studentId: 'anna-mueller', confidence: 1 });
    expect(matchStudent('Elif Ozdemir', roster)?.studentId).toBe('elif-oezdemir');
    expect(matchStudent('Greta Weiss', roster)).toEqual({ studentId: 'greta-weiss', confidence: 1 });
    expect(matchStudent('Lina Schafer', roster)?.studentId).toBe('lina-schaefer');
  });

  it('takes a double first name with or without its hyphen', () => {
    expect(matchStudent('Lea Sophie Weber', roster)).toEqual({
      studentId: 'lea-sophie-weber',
      confidence: 1,
    });
    expect(matchStudent('Weber, Lea-Sophie', roster)?.studentId).toBe('lea-sophie-weber');
  });

  it('tolerates OCR slips with a lower confidence', () => {
    const slipped = matchStudent('Anna Mü11er', roster);
    expect(slipped?.studentId).toBe('anna-mueller');
    expect(slipped!.confidence).toBeLessThan(1);
    expect(slipped!.confidence).toBeGreaterThan(0.9);
    expect(matchStudent('Pau1 K0ch', roster)?.studentId).toBe('paul-koch');
    // "rn" read for "m" is an OCR slip too, not an exact match
    const rn = matchStudent('Maxirnilian Krüger', roster);
    expect(rn?.studentId).toBe('maximilian-krueger');
    expect(rn!.confidence).toBeLessThan(1);
    // a real letter wrong costs more than an OCR confusion
    const typo = matchStudent('Jonas Meier', roster);
    expect(typo?.studentId).toBe('jonas-meyer');
    expect(typo!.confidence).toBeLessThan(slipped!.confidence);
  });

  it('tells similar roster names apart by the closer one', () => {
    expect(matchStudent('Anna Müller', buildRoster(['Anna Müller', 'Anna Möller']))?.studentId).toBe(
      'anna-mueller',
    );
    expect(matchStudent('Hanna Schmidt', roster)?.studentId).toBe('hanna-schmidt');
  });

  it('takes a first name alone only when it is unique', () => {
    const anna = matchStudent('Anna', roster);
    expect(anna?.studentId).toBe('anna-mueller');
    expect(anna!.confidence).toBeLessThan(1);
    expect(matchStudent('Elif', roster)?.studentId).toBe('elif-oezdemir');
    // two Leons: never guess
    expect(matchStudent('Leon', roster)).toBeNull();
    expect(matchStudent('Leon Fischer', roster)?.studentId).toBe('leon-fischer');
  });

  it('takes an abbreviated first name when the initial fits', () => {
    expect(matchStudent('A. Müller', roster)?.studentId).toBe('anna-mueller');
    expect(matchStudent('Schneider, L.', roster)?.studentId).toBe('leon-schneider');
    expect(matchStudent('B. Müller', roster)).toBeNull();
    // two Leons, but only one Fischer
    expect(matchStudent('L. Fischer', roster)?.studentId).toBe('leon-fischer');
    // an abbreviated surname tells the two Leons apart too
    expect(matchStudent('Leon F.', roster)?.studentId).toBe('leon-fischer');
  });

  it('takes a middle name the roster does not list', () => {
    expect(matchStudent('Anna Maria Müller', roster)?.studentId).toBe('anna-mueller');
    expect(matchStudent('Minh Nguyen', roster)).toEqual({ studentId: 'minh-anh-nguyen', confidence: 0.9 });
    expect(matchStudent('Lea Weber', roster)?.studentId).toBe('lea-sophie-weber');
    expect(matchStudent('Sophie Weber', roster)?.studentId).toBe('lea-sophie-weber');
  });

  it('returns null for a name the roster does not know', () => {
    expect(matchStudent('Tobias Lehmann', roster)).toBeNull();
    expect(matchStudent('Klassenarbeit', roster)).toBeNull();
    expect(matchStudent('Anna Müller', [])).toBeNull();
  });

  it('returns null when two entries are equally good', () => {
    const twins = buildRoster(['Leon Schneider', 'Leon Schneider', 'Mia Schulz']).map((e, i) => ({
      ...e,
      id: `${e.id}-${i}`,
    }));
    expect(matchStudent('Leon Schneider', twins)).toBeNull();
    expect(matchStudent('A. Müller', buildRoster(['Anna Müller', 'Alexander Müller']))).toBeNull();
  });
});
