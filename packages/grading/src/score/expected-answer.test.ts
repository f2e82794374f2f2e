import { describe, expect, it } from 'vitest';
import { parseExpectedAnswer } from './expected-answer';

const aspects = (expected: string, points = 0) =>
  parseExpectedAnswer(expected, points).aspects.map((a) => [a.text, a.points]);

describe('parseExpectedAnswer: reading the key', () => {
  it('looks for no grading note: what each part is worth, what is accepted too, a deduction, the total', () => {
    const key = [
      'Vögel haben Federn; Vögel legen Eier; Vögel haben einen Schnabel',
      'Andere richtige Merkmale werden anerkannt.',
      'je Merkmal',
      'Rechtschreibfehler: 1 Punkt Abzug',
    ].join('\n');
    expect(aspects(key, 3).map(([text]) => text)).toEqual([
      'Vögel haben Federn',
      'Vögel legen Eier',
      'Vögel haben einen Schnabel',
    ]);
  });

  it('lets the best that many of a longer list share the points where the task asks for a number', () => {
    const e = parseExpectedAnswer(
      'Federn; Schnabel; legen Eier; gleichwarm; Flügel',
      3,
      'Nenne drei Merkmale der Vögel.',
    );
    expect(e.choose).toBe(3);
    expect(e.aspects.map((a) => a.points)).toEqual([1, 1, 1, 1, 1]);
    // as many as asked: each its share, none to choose
    expect(
      parseExpectedAnswer('Federn; Schnabel; legen Eier', 3, 'Nenne drei Merkmale.').choose,
    ).toBeUndefined();
  });

  it('gives each of several marks on one line its own aspect', () => {
    const e = parseExpectedAnswer('Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).', 2);
    expect(e.aspects.map((a) => [a.text, a.label, a.points])).toEqual([
      ['Die Leber entgiftet das Blut', 'Die Leber entgiftet das Blut', 1],
      ['bildet Galle', 'bildet Galle', 1],
    ]);
  });

  it('keeps "z. B." inside its aspect: the Rechenweg is an aspect, not "· 10 − 7 · 2"', () => {
    expect(aspects('7 · 8 = 56 (2 P); Rechenweg z. B. 7 · 8 = 7 · 10 − 7 · 2 (1 P)')).toEqual([
      ['7 · 8 = 56', 2],
      ['Rechenweg z. B. 7 · 8 = 7 · 10 − 7 · 2', 1],
    ]);
  });

  it('never takes point marks or task wording for expected content', () => {
    for (const text of ['Ergänze: (4 P)', 'Es fehlt: (2 P.)', '(5 Punkte)', 'Lösung (2 P)']) {
      for (const a of parseExpectedAnswer(text, 4).aspects) {
        expect(a.text).not.toMatch(/\(\s*\d|P\)|Punkte/);
        expect(a.label).not.toMatch(/\(\s*\d|P\)|Punkte/);
      }
    }
    const unmarked = parseExpectedAnswer('Nenne die Klassen. (5 Punkte)\nFische, Amphibien, Vögel', 3);
    expect(unmarked.aspects.map((a) => a.text)).not.toContain('(5 Punkte)');
  });

  it('gives each item of a "je" mark its points', () => {
    expect(aspects('Europa, Asien, Afrika (je 1 Punkt)')).toEqual([
      ['Europa', 1],
      ['Asien', 1],
      ['Afrika', 1],
    ]);
    expect(aspects('dass – das – dass (je 1 P)').map(([, p]) => p)).toEqual([1, 1, 1]);
    expect(aspects('Trompete: Blech; Cello: Streicher (je 1 P.)').map(([t]) => t)).toEqual([
      'Trompete: Blech',
      'Cello: Streicher',
    ]);
  });

  it('reads marks after a dash, in square brackets and "(2)" after results when they add up', () => {
    expect(aspects('Die Stromstärke ist überall gleich [1], die Spannung teilt sich auf [1].')).toEqual([
      ['Die Stromstärke ist überall gleich', 1],
      ['die Spannung teilt sich auf', 1],
    ]);
    expect(aspects('v = 36 km / 2 h = 18 km/h (2)\n18 km/h = 5 m/s (2)', 4).map(([, p]) => p)).toEqual([
      2, 2,
    ]);
  });

  it('takes a heading whose mark sums up the lines below it for no aspect', () => {
    const e = parseExpectedAnswer(
      'Content (10 VP)\n- introduction (4 VP)\n- arguments (6 VP)\nLanguage (5 VP)\n- vocabulary (2 VP)\n- correctness (3 VP)',
      15,
    );
    expect(e.totalPoints).toBe(15);
    expect(e.aspects.map((a) => a.text)).toEqual(['introduction', 'arguments', 'vocabulary', 'correctness']);
  });

  it('shares the points over listed names when the key has no marks', () => {
    expect(aspects('Fische, Amphibien (Lurche), Reptilien, Vögel, Säugetiere', 5).map(([, p]) => p)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('reads a word the key names both ways ("Sechs / keine Sechs") as not negated', () => {
    const e = parseExpectedAnswer('zwei Ausgänge (Sechs / keine Sechs), p bleibt gleich (2 BE)', 2);
    expect(e.aspects[0]!.terms.find((t) => t.text === 'Sechs')!.negated).toBe(false);
    const only = parseExpectedAnswer('keine Sechs (1 BE)', 1);
    expect(only.aspects[0]!.terms.find((t) => t.text === 'Sechs')!.negated).toBe(true);
  });
});

describe("parseExpectedAnswer: the key's explanations", () => {
  const key =
    'Es zählen die Sauberkeit (1 P) und die Ausstattung mit Produkten (1 P). ' +
    'Bei der Ausstattung ist darauf zu achten, ob die Regale gefüllt sind.';

  it('adds the words of an unmarked sentence to the aspect it shares a noun with, as extra terms', () => {
    const e = parseExpectedAnswer(key, 2);
    expect(e.aspects[0]!.terms.some((t) => t.extra)).toBe(false);
    const extra = e.aspects[1]!.terms.filter((t) => t.extra).map((t) => t.text);
    expect(extra).toEqual(expect.arrayContaining(['Regale', 'gefüllt']));
    // below 1: the answer's overall share counts only the marked words
    expect(e.aspects[1]!.terms.filter((t) => t.extra).every((t) => t.weight < 1)).toBe(true);
  });

  it('takes no words from a note on what earns nothing', () => {
    const e = parseExpectedAnswer(
      'Im Bundestag sitzen die Abgeordneten (1 P). Falsch wäre der Bundesrat.',
      1,
    );
    expect(e.aspects[0]!.terms.some((t) => t.extra)).toBe(false);
    const n = parseExpectedAnswer('Die Zelle teilt sich (1 P). Nicht gewertet: Vermehrung ohne Teilung.', 1);
    expect(n.aspects[0]!.terms.some((t) => t.extra)).toBe(false);
  });

  it('adds an explanation without a shared noun to the aspect before it', () => {
    const e = parseExpectedAnswer(
      'Es muss ein Foto gemacht werden (1 P). Daraus muss der Hinweis hervorgehen.',
      1,
    );
    expect(e.aspects[0]!.terms.filter((t) => t.extra).map((t) => t.text)).toContain('Hinweis');
  });
});

describe('a solution that is a writing criterion in brackets', () => {
  it('becomes one criterion aspect worth the points, its point mark removed', () => {
    const e = parseExpectedAnswer(
      '(jeder richtige Satz im simple past 1 Punkt)',
      3,
      'Write three sentences.',
    );
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([['jeder richtige Satz im simple past', 3]]);
    // a note that is no criterion stays out
    expect(parseExpectedAnswer('408 €\n(auch 480 € · 0,85 = 408 € als ein Schritt)', 2).aspects).toHaveLength(
      1,
    );
  });
});

describe('parseExpectedAnswer: counted items and examples', () => {
  it('gives "zwei Argumente (je 1)" two points and reads "(je 1)" marks when they add up', () => {
    const e = parseExpectedAnswer(
      'eindeutige Position (1); zwei Argumente (je 1); jeweils Begründung/Beispiel (je 1)',
      5,
    );
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['eindeutige Position', 1],
      ['zwei Argumente', 2],
      ['jeweils Begründung', 1],
      ['Beispiel', 1],
    ]);
    expect(
      parseExpectedAnswer('drei Argumente mit Beispiel (je 2 = 6); Fazit (2)', 8).aspects.map(
        (a) => a.points,
      ),
    ).toEqual([6, 2]);
  });

  it('keeps the examples after a mark with the aspect they illustrate', () => {
    const e = parseExpectedAnswer(
      'zwei richtige Gründe (je 1 P), z. B. Zölle, Kriege; schlüssige Darstellung (1 P)',
      3,
    );
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['zwei richtige Gründe', 2],
      ['schlüssige Darstellung', 1],
    ]);
    expect(
      e.aspects[0]!.terms.some(
        (t) => t.stem === parseExpectedAnswer('Zölle', 1).aspects[0]!.terms[0]!.stem && t.extra,
      ),
    ).toBe(true);
  });
});

describe('parseExpectedAnswer: a list longer than the task asks for', () => {
  it('splits longer names into items to choose from', () => {
    const e = parseExpectedAnswer(
      'Gewaltenteilung, freie Wahlen, Schutz der Menschenwürde, Unabhängigkeit der Gerichte vom Staat, Pressefreiheit',
      3,
      'Nenne drei Merkmale einer Demokratie.',
    );
    expect(e.choose).toBe(3);
    expect(e.aspects.map((a) => a.text)).toContain('Unabhängigkeit der Gerichte vom Staat');
    // without a count asked, a line of long parts stays one aspect
    expect(
      parseExpectedAnswer('Gewaltenteilung, Unabhängigkeit der Gerichte vom Staat', 2, 'Was gehört dazu?')
        .aspects,
    ).toHaveLength(1);
  });
});

describe('parseExpectedAnswer: more marked answers than the task pays for', () => {
  it('lets the best that many count when each is worth the same', () => {
    const e = parseExpectedAnswer(
      'z. B. Ziffern, Sonderzeichen, Großbuchstaben (je 1 P)\nein Grund (1 P)',
      2,
      '',
    );
    expect(e.choose).toBe(2);
    // points that add up to the task's are all expected
    expect(parseExpectedAnswer('Ziffern (1 P), Sonderzeichen (1 P)', 2, '').choose).toBeUndefined();
  });
});

describe('parseExpectedAnswer: a table to fill in and marks inside a line', () => {
  it('makes every field of a table an aspect, the first column and the header given', () => {
    const e = parseExpectedAnswer(
      'α | Heliumkerne | Papier\nβ | Elektronen | Aluminium\nγ | Photonen | Blei\n  | (elektromagnetisch) |',
      6,
      'Art | woraus besteht sie? | wodurch abgeschirmt?',
    );
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['Heliumkerne', 1],
      ['Papier', 1],
      ['Elektronen', 1],
      ['Aluminium', 1],
      ['Photonen (elektromagnetisch)', 1],
      ['Blei', 1],
    ]);
  });

  it('reads „(1)“ before an arrow, lower-case words or the closing sum as the marks of steps', () => {
    const e = parseExpectedAnswer(
      'Nullrate (1) durch natürliche Umgebungsstrahlung (1); wird vom Messwert abgezogen (1)',
      3,
    );
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['Nullrate', 1],
      ['durch natürliche Umgebungsstrahlung', 1],
      ['wird vom Messwert abgezogen', 1],
    ]);
    const steps = parseExpectedAnswer(
      '1,025^n = 2 (1) → n = log 2 / log 1,025 (2) ≈ 28,07 → nach 29 Jahren (1)   (4)',
      4,
    );
    expect(steps.aspects.map((a) => a.points)).toEqual([1, 2, 1]);
  });
});

describe('a note on how to mark, in brackets inside an aspect', () => {
  it('leaves the note out and keeps the aspect and its points', () => {
    const e = parseExpectedAnswer(
      'Fe₂O₃: Fe +III, H₂O₂: O −I (arabische Ziffern werden akzeptiert) (4 P)',
      4,
    );
    expect(e.marked).toBe(true);
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([['Fe₂O₃: Fe +III, H₂O₂: O −I', 4]]);
  });
});

describe('two marks side by side', () => {
  it('gives „… [1] [1]“ two points for the items before them, but keeps marks apart that have words between', () => {
    const e = parseExpectedAnswer(
      'Stall: viele Tiere, kein Auslauf … [1] [1]\nWeide: wenige Tiere … [1] [1]',
      4,
    );
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['Stall: viele Tiere, kein Auslauf …', 2],
      ['Weide: wenige Tiere …', 2],
    ]);
    const apart = parseExpectedAnswer('Sauerstoff (1 P) und Zucker (1 P)', 2);
    expect(apart.aspects.map((a) => a.points)).toEqual([1, 1]);
  });
});

describe('items written over several lines', () => {
  it('reads a wrapped line as one aspect with the mark at its end', () => {
    const key =
      '- Die Römer bauten Straßen, Aquädukte und Thermen in den eroberten\n  Provinzen (2 P)\n- Latein wurde Amtssprache (1 P)';
    expect(aspects(key, 3)).toEqual([
      ['Die Römer bauten Straßen, Aquädukte und Thermen in den eroberten Provinzen', 2],
      ['Latein wurde Amtssprache', 1],
    ]);
  });

  it('gives each item its bare mark where the mark closing the item only sums them', () => {
    const key =
      'Der Muskel zieht sich zusammen (1), die Sehne zieht am Knochen (1),\n  der Arm wird gebeugt (1)   [Punkte: 3]';
    expect(aspects(key, 3).map(([, p]) => p)).toEqual([1, 1, 1]);
  });

  it('reads „je 1 P.“ closing a list line as what each item is worth', () => {
    const e = parseExpectedAnswer('Eiche, Buche, Ahorn, Linde                je 1 P.', 2);
    expect(e.aspects.map((a) => [a.text, a.points])).toEqual([
      ['Eiche', 1],
      ['Buche', 1],
      ['Ahorn', 1],
      ['Linde', 1],
    ]);
    expect(e.choose).toBe(2);
  });
});
