import { describe, expect, it } from 'vitest';
import { choiceOf, scoreKeyList } from './key-lists';

describe('scoreKeyList', () => {
  it('marks pairs: the line naming the left side must name the right one', () => {
    const r = scoreKeyList(
      '– Rot – Grün (1 P)\n– Blau – Orange (1 P)\n– Gelb – Violett (1 P)',
      'Rot – Grün\nBlau – Violett\nGelb – Orange',
      3,
    )!;
    expect(r.achieved).toBe(1);
    expect(r.findings.map((f) => f.quoted)).toEqual(['Blau – Violett', 'Gelb – Orange']);
    expect(r.findings[0]!.details).toBe('Blau: „Violett“ ist falsch zugeordnet, richtig ist „Orange“.');
  });

  it('reads pairs in a row and accepts the same thing in other words of the same family', () => {
    const key =
      'Trompete: Blechblasinstrument; Klarinette: Holzblasinstrument; Cello: Streichinstrument; Pauke: Schlaginstrument (je 1 P.)';
    const r = scoreKeyList(
      key,
      'Trompete – Blechbläser\nKlarinette – Blechbläser\nCello – Streicher\nPauke – Schlagwerk',
      4,
    )!;
    expect(r.achieved).toBe(3);
    expect(r.findings.map((f) => f.quoted)).toEqual(['Klarinette – Blechbläser']);
  });

  it('reads a matching solution by numbers and letters', () => {
    const r = scoreKeyList('Lösung: 1 – C, 2 – B, 3 – A (je 1 Punkt)', '1 – C\n2 – A\n3 – B', 3)!;
    expect(r.achieved).toBe(1);
    expect(r.findings).toHaveLength(2);
  });

  it('marks an ordered list blank by blank: das/dass', () => {
    const key =
      'Ich hoffe, dass du kommst. – Das Buch, das ich lese, ist spannend. – Sie sagt, dass es regnet. – Das ist schön.\ndass – das – dass – Das (je 1 P)';
    const r = scoreKeyList(key, 'dass – dass – dass – Das', 4)!;
    expect(r.achieved).toBe(3);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!).toMatchObject({ title: 'Lücke 2 falsch', start: 7, end: 11, quoted: 'dass' });
  });

  it('marks an unordered list once per item, alternatives in brackets and a shared last part included', () => {
    const r = scoreKeyList(
      'Europa, Asien, Afrika, Nordamerika, Südamerika, Australien (Ozeanien), Antarktis (je 1 Punkt)',
      'Europa, Asien, Afrika, Amerika, Australien, Antarktis, Grönland',
      7,
    )!;
    expect(r.achieved).toBe(6);
    expect(r.findings.map((f) => f.quoted)).toEqual(['Grönland']);
  });

  it('pays each item its points up to the maximum: „je 1 P, max. 3 P“', () => {
    const key = 'Moosschicht, Krautschicht, Strauchschicht, Baumschicht (je 1 P, max. 3 P)';
    const r = scoreKeyList(key, 'Moosschicht, Krautschicht und Baumschicht', 3)!;
    expect(r.achieved).toBe(3);
    expect(r.feedback).toBe('3 von 3 verlangten Begriffen richtig (4 wären möglich).');
    expect(scoreKeyList(key, 'Moosschicht, Wurzelschicht', 3)!.achieved).toBe(1);
  });

  it('keeps the order of a cloze whose blanks stand in the task', () => {
    const question = 'Ergänze die Lücken: Das Gotteshaus der Juden heißt ___, das der Muslime ___.';
    expect(scoreKeyList('Synagoge, Moschee', 'Moschee, Synagoge', 2, question)!.achieved).toBe(0);
    expect(scoreKeyList('Synagoge, Moschee', 'Synagoge, Moschee', 2, question)!.achieved).toBe(2);
  });

  it('leaves sentences and answers in another form to the open-answer scoring', () => {
    expect(
      scoreKeyList('Die Leber entgiftet das Blut (1 P) und bildet Galle (1 P).', 'Sie entgiftet.', 2),
    ).toBeNull();
    expect(
      scoreKeyList(
        'Gelb, Rot, Blau (je 1 P)',
        'Die Grundfarben sind die Farben, aus denen man alle mischt.',
        3,
      ),
    ).toBeNull();
    expect(
      scoreKeyList(
        '– Rot – Grün (1 P)\n– Blau – Orange (1 P)',
        'Komplementärfarben liegen sich gegenüber.',
        2,
      ),
    ).toBeNull();
  });
});

describe('a sequence the task asks to order', () => {
  it('counts each pair in the wrong order once and marks where the two stand', () => {
    const answer = 'obere Epidermis, Schwammgewebe, Palisadengewebe, untere Epidermis';
    const r = scoreKeyList(
      'obere Epidermis, Palisadengewebe, Schwammgewebe, untere Epidermis (mit Spaltöffnungen) (3 P, bei einem Fehler 2 P)',
      answer,
      3,
      'Nenne die Schichten eines Laubblattes von oben nach unten.',
    )!;
    expect(r.achieved).toBe(2);
    expect(r.findings.map((f) => answer.slice(f.start, f.end))).toEqual(['Schwammgewebe, Palisadengewebe']);
  });

  it("takes the key's own deduction, and gives full points for the right order", () => {
    const key = 'Mund – Speiseröhre – Magen – Dünndarm – Dickdarm (3 P; je vertauschtes Paar 1 P Abzug)';
    const question = 'Bringe in die richtige Reihenfolge: Magen, Mund, Dünndarm, Speiseröhre, Dickdarm.';
    expect(scoreKeyList(key, 'Mund, Speiseröhre, Dünndarm, Magen, Dickdarm', 3, question)!.achieved).toBe(2);
    expect(scoreKeyList(key, 'Mund, Speiseröhre, Magen, Dünndarm, Dickdarm', 3, question)!.achieved).toBe(3);
  });
});

describe('a list of which the task asks for some', () => {
  it('pays the maximum for as many right items as the key or the question asks for', () => {
    const key = 'allgemein, unmittelbar, frei, gleich, geheim (zwei davon)';
    expect(scoreKeyList(key, 'frei und geheim', 2)!.achieved).toBe(2);
    expect(
      scoreKeyList(
        'allgemein, unmittelbar, frei, gleich, geheim',
        'frei, geheim',
        2,
        'Nenne zwei Grundsätze.',
      )!.achieved,
    ).toBe(2);
    expect(scoreKeyList(key, 'frei und öffentlich', 2)!.achieved).toBe(1);
  });

  it('reads the usual ways to say it', () => {
    expect(choiceOf('(zwei davon)')).toBe(2);
    expect(choiceOf('zwei von drei genügen für volle Punktzahl')).toBe(2);
    expect(choiceOf('(beliebige drei)')).toBe(3);
    expect(choiceOf('any two of them')).toBe(2);
    expect(choiceOf('Europa, Asien, Afrika (je 1 P)')).toBeNull();
  });
});

describe('scoreKeyList: one number is no list', () => {
  it('reads a decimal comma and a fraction bar as parts of one value, not as two items', () => {
    expect(scoreKeyList('Ergebnis: 85,50 €', '19 % ≙ 85,50 €', 2)).toBeNull();
    expect(scoreKeyList('Ergebnis: 3/4', '1 % ≙ 0,18 €', 1)).toBeNull();
    // a list of numbers stays a list
    expect(scoreKeyList('Primzahlen: 2, 3, 5, 7', '2, 3, 5, 7', 2)).not.toBeNull();
  });
});

describe('scoreKeyList: a key of named groups', () => {
  const key = 'Laubbäume: Eiche, Buche, Ahorn …  Nadelbäume: Fichte, Kiefer, Tanne …';
  const question = 'Nenne zwei Laubbäume und einen Nadelbaum.';

  it('counts each item in the group the pupil puts it in, up to the number asked of each', () => {
    expect(scoreKeyList(key, 'Eiche, Buche (Laubbäume) / Fichte (Nadelbäume)', 3, question)).toMatchObject({
      achieved: 3,
      feedback: '3 von 3 verlangten Begriffen richtig.',
    });
    // a tree in the wrong group is wrong there; a third Laubbaum earns nothing more
    const r = scoreKeyList(key, 'Laubbäume: Eiche, Tanne, Ahorn, Buche', 3, question)!;
    expect(r.achieved).toBe(2);
    expect(r.findings[0]!.details).toBe('„Tanne“ gehört nicht zu „Laubbäume“.');
  });

  it('leaves prose to the open-answer scorer', () => {
    expect(
      scoreKeyList(key, 'Die Eiche verliert im Herbst ihre Blätter, die Fichte nicht.', 3, question),
    ).toBeNull();
  });

  it('reads a group named without its colon ("Nadelbäume Fichte")', () => {
    expect(scoreKeyList(key, 'Laubbäume Eiche, Buche; Nadelbäume Fichte', 3, question)).toMatchObject({
      achieved: 3,
    });
    const r = scoreKeyList(key, 'Laubbäume Eiche, Tanne; Nadelbäume Kiefer', 3, question)!;
    expect(r.achieved).toBe(2);
    expect(r.findings[0]!.details).toBe('„Tanne“ gehört nicht zu „Laubbäume“.');
  });
});

describe('scoreKeyList: a matching key with its items, options and "1B 2C"', () => {
  // the task's text arrives as one line: items and options run together
  const question =
    'Ordne zu. 1 Igel A frisst Nektar 2 Biene B hält Winterschlaf 3 Specht C klopft Löcher in Rinde';
  const key = 'Lösung: 1B 2A 3C';

  it('reads the pupil by letters or by the options’ texts', () => {
    expect(scoreKeyList(key, '1 B, 2 A, 3 A', 3, question)).toMatchObject({ achieved: 2 });
    const byText = scoreKeyList(
      key,
      'Igel – hält Winterschlaf\nBiene – klopft Löcher in Rinde',
      3,
      question,
    )!;
    expect(byText.achieved).toBe(1);
    // the number and the option's text
    expect(
      scoreKeyList(key, '1 hält Winterschlaf, 2 frisst Nektar, 3 frisst Nektar', 3, question),
    ).toMatchObject({
      achieved: 2,
    });
    expect(byText.findings.map((f) => f.details)).toEqual([
      '„Biene“ gehört zu A („frisst Nektar“).',
      'Für „Specht“ fehlt die Zuordnung.',
    ]);
  });
});

describe('scoreKeyList: pairs whose right side is an option letter', () => {
  it('reads "Zellkern B, Zellmembran C" as pairs', () => {
    const key = 'Zellkern – B (Steuerung); Zellmembran – D (Abgrenzung); Chloroplasten – A (Fotosynthese)';
    const r = scoreKeyList(key, 'Zellkern B, Zellmembran C, Chloroplasten A', 3)!;
    expect(r.achieved).toBe(2);
    expect(r.findings[0]!.details).toBe(
      'Zellmembran: „C“ ist falsch zugeordnet, richtig ist D (Abgrenzung).',
    );
  });
});

describe('scoreKeyList: pairs written as pupils write them', () => {
  const key =
    'G-Dur: 1 Kreuz (fis); F-Dur: 1 b (b); D-Dur: 2 Kreuze (fis, cis); je Tonart 1 P, Anzahl und Name müssen stimmen';

  it('skips the teacher’s note, reads "G-Dur 1 Kreuz" without a colon and never takes F-Dur for D-Dur', () => {
    const r = scoreKeyList(key, 'G-Dur 1 Kreuz, F-Dur 1 Kreuz, D-Dur 2 Kreuze (fis, cis)', 3)!;
    expect(r.achieved).toBe(2);
    expect(r.findings.map((f) => f.details)).toEqual([
      'F-Dur: „1 Kreuz“ ist falsch zugeordnet, richtig ist „1 b (b)“.',
    ]);
  });

  it('reads groups without a count asked as all of their items', () => {
    const groups = 'Barock: Bach, Händel; Klassik: Haydn, Mozart';
    const r = scoreKeyList(groups, 'Barock: Bach, Mozart; Klassik: Haydn, Händel', 4, 'Ordne zu.')!;
    expect([r.achieved, r.feedback]).toEqual([2, '2 von 4 verlangten Begriffen richtig.']);
  });
});

describe('scoreKeyList: an essay is no list', () => {
  it('leaves a long answer whose name line looks like a list to the open-answer scorer', () => {
    const essay =
      'Hannah Wolf, 8a\n\nIn letzter Zeit wird an vielen Schulen über Handyverbote diskutiert. Für ein Verbot spricht, dass sich die Schüler in den Pausen mehr bewegen würden. Dagegen spricht, dass Eltern ihre Kinder erreichen wollen. Ich finde einen Kompromiss am besten.';
    expect(scoreKeyList('Einleitung, Argumente, Schluss', essay, 3)).toBeNull();
    expect(scoreKeyList('Eiche, Buche, Ahorn', 'Eiche, Buche, Linde', 3)).not.toBeNull();
  });
});

describe('scoreKeyList: examples after „z. B.“, a unit with a slash, a bare mark after the last item', () => {
  it('reads „z. B. Trommel, …, Klingel (je 1)“ as its items and „etwa 340 m/s“ as one value', () => {
    const key = 'z. B. Trommel, Gitarre, Lautsprecher, Klingel (je 1)';
    expect(scoreKeyList(key, 'Trommel, Klingel', 2, 'Nenne zwei Schallquellen.')!.achieved).toBe(2);
    expect(scoreKeyList('etwa 340 m/s', '340 m/s', 1)).toBeNull();
  });
});

describe('scoreKeyList: pairs written whole, items shortened, items sorted under categories', () => {
  it('reads „1 Emulsion – B Milch; 2 Suspension – D Lehmwasser …“ as a matching solution', () => {
    const key = '1 Emulsion – B Milch; 2 Suspension – D Lehmwasser; 3 Rauch – A Ruß in Luft (je 1)';
    expect(scoreKeyList(key, '1 B, 2 D, 3 A', 3)!.achieved).toBe(3);
    expect(scoreKeyList(key, '1 B, 2 A, 3 D', 3)!.achieved).toBe(1);
  });

  it('takes one word of an item for the item („Tee“ for „Tee aufbrühen“), and the partner must still be right', () => {
    const key =
      'Kaffeefilter – Filtrieren; Salatschleuder – Zentrifugieren; Tee aufbrühen – Extrahieren (je 1)';
    const r = scoreKeyList(
      key,
      'Kaffeefilter – Filtrieren\nSalatschleuder – Sedimentieren\nTee – Extrahieren',
      3,
    )!;
    expect(r.achieved).toBe(2);
    expect(r.findings.map((f) => f.quoted)).toEqual(['Salatschleuder – Sedimentieren']);
  });

  it('reads items sorted under the categories („Gemisch: Leitungswasser, Milch“)', () => {
    const key =
      'Leitungswasser – Gemisch; destilliertes Wasser – Reinstoff; Luft – Gemisch; Kochsalz – Reinstoff (je ½)';
    const r = scoreKeyList(
      key,
      'Gemisch: Leitungswasser\nReinstoff: destilliertes Wasser, Kochsalz, Luft',
      2,
    )!;
    expect(r.achieved).toBe(1.5);
    expect(r.findings.map((f) => f.quoted)).toEqual(['Luft']);
  });
});

describe('scoreKeyList: a text the key writes completed, its gaps numbered', () => {
  const key =
    'El sábado pasado Marta (1) se levantó tarde. Después (2) desayunó con su familia. Ellas (3) fueron al cine. Yo (4) jugué al fútbol.';
  it('takes the words after each number, as many as the pupil wrote, and half a gap for the accent alone', () => {
    const r = scoreKeyList(key, '(1) se levantó (2) desayuno (3) fueron (4) jugé', 4)!;
    expect(r.achieved).toBe(2.5);
    expect(r.findings.map((f) => [f.quoted, f.deduction])).toEqual([
      ['desayuno', 0.5],
      ['jugé', 1],
    ]);
  });

  it('leaves a cloze with printed blanks and a list of solutions to the cloze reader', () => {
    expect(
      scoreKeyList(
        'Der (1) ______ stammt vom (2) ______ ab. Er lebt im (3) ______.\n(1) Hund (2) Wolf (3) Rudel',
        '(1) Hund (2) Wolf (3) Rudel',
        3,
      ),
    ).toBeNull();
  });
});

describe('scoreKeyList: pairs written with „=“', () => {
  it('reads the partner after the item named first, whatever sign stands between them', () => {
    const r = scoreKeyList(
      'Oboe – Holzblasinstrument\nPosaune – Blechblasinstrument\nPauke – Schlaginstrument',
      'Oboe = Holzblasinstrument\nPosaune = Holzblasinstrument\nPauke = Schlaginstrument',
      3,
    )!;
    expect(r.achieved).toBe(2);
  });
});
