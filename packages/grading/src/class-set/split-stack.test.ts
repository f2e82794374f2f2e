import { describe, expect, it } from 'vitest';
import { buildFirstPage, buildNextPage, buildRoster } from '../../test/support/class-roster';
import { splitStack, type DetectedPaper, type StackPage } from './split-stack';

const roster = buildRoster();

/** Every page exactly once, ascending within each paper: the split never drops or doubles a page. */
function expectEveryPageOnce(papers: DetectedPaper[], pageCount: number) {
  const all = papers.flatMap((p) => p.pages);
  expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: pageCount }, (_, i) => i));
  for (const paper of papers) expect(paper.pages).toEqual([...paper.pages].sort((a, b) => a - b));
}

/** A paper of `pages` pages for the header as written: the first page with the name, then continuation pages. */
function paper(header: string, pages = 3): StackPage[] {
  return [
    buildFirstPage(header),
    ...Array.from({ length: pages - 1 }, (_, i) =>
      buildNextPage(i % 2 === 0 ? `${i + 2}. Aufgabe: Erkläre die Fotosynthese.` : `Seite ${i + 2}`),
    ),
  ];
}

describe('[CLASS-SET] splitStack by names', () => {
  it('splits a 9-page stack of 3 papers of 3 pages by the names on the first pages', () => {
    const pages = [
      ...paper('Name: Anna Müller   Klasse: 7b'),
      ...paper('Schmidt, Hanna 7b'),
      ...paper('Narne: Lea-Sophie Weber'),
    ];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers).toEqual([
      {
        pages: [0, 1, 2],
        studentId: 'anna-mueller',
        confidence: 1,
        detectedName: 'Anna Müller',
        match: 'name',
      },
      {
        pages: [3, 4, 5],
        studentId: 'hanna-schmidt',
        confidence: 1,
        detectedName: 'Schmidt, Hanna',
        match: 'name',
      },
      {
        pages: [6, 7, 8],
        studentId: 'lea-sophie-weber',
        confidence: 1,
        detectedName: 'Lea-Sophie Weber',
        match: 'name',
      },
    ]);
    expectEveryPageOnce(papers, 9);
  });

  it('keeps papers of different lengths and an OCR-slipped name with its lower confidence', () => {
    const pages = [
      ...paper('Name: Anna Mü11er', 2),
      ...paper('Name: Elif Özdemir', 4),
      ...paper('Ben Becker 7b', 1),
    ];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers.map((p) => [p.pages, p.studentId])).toEqual([
      [[0, 1], 'anna-mueller'],
      [[2, 3, 4, 5], 'elif-oezdemir'],
      [[6], 'ben-becker'],
    ]);
    expect(papers[0]!.confidence).toBeGreaterThan(0.9);
    expect(papers[0]!.confidence).toBeLessThan(1);
  });

  it('starts an unmatched paper at a clear name the roster does not know', () => {
    const pages = [
      ...paper('Name: Anna Müller'),
      ...paper('Name: Tobias Lehmann'),
      ...paper('Name: Paul Koch'),
    ];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers[1]).toEqual({
      pages: [3, 4, 5],
      studentId: null,
      confidence: null,
      detectedName: 'Tobias Lehmann',
      match: 'none',
    });
    expect(papers.map((p) => p.studentId)).toEqual(['anna-mueller', null, 'paul-koch']);
    expectEveryPageOnce(papers, 9);
  });

  it('leaves an ambiguous first name unmatched but still starts a paper there', () => {
    const pages = [...paper('Name: Leon'), ...paper('Name: Mia Schulz')];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers.map((p) => [p.pages, p.studentId, p.detectedName, p.match])).toEqual([
      [[0, 1, 2], null, 'Leon', 'none'],
      [[3, 4, 5], 'mia-schulz', 'Mia Schulz', 'name'],
    ]);
  });

  it('puts the pages before the first name into an unmatched paper of their own', () => {
    const pages = [buildNextPage('Seite 3'), ...paper('Name: Anna Müller'), ...paper('Name: Paul Koch')];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers[0]).toEqual({
      pages: [0],
      studentId: null,
      confidence: null,
      detectedName: null,
      match: 'none',
    });
    expect(papers.slice(1).map((p) => [p.pages, p.studentId])).toEqual([
      [[1, 2, 3], 'anna-mueller'],
      [[4, 5, 6], 'paul-koch'],
    ]);
  });

  it('does not cut a paper at a heading-like line the roster does not know', () => {
    const pages = [
      ...paper('Name: Anna Müller', 2),
      { text: 'Albert Einstein\nRelativitätstheorie ist ...' },
    ];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers.map((p) => p.pages)).toEqual([[0, 1, 2]]);
  });

  it('keeps two papers with the same pupil apart but gives her only to the more confident one', () => {
    const pages = [
      ...paper('Name: Anna Mü11er', 2),
      ...paper('Name: Anna Müller', 2),
      ...paper('Name: Paul Koch', 2),
    ];
    const papers = splitStack(pages, roster, { autoDetect: true });
    expect(papers.map((p) => [p.pages, p.studentId, p.match, p.detectedName])).toEqual([
      [[0, 1], null, 'none', 'Anna Mü11er'],
      [[2, 3], 'anna-mueller', 'name', 'Anna Müller'],
      [[4, 5], 'paul-koch', 'name', 'Paul Koch'],
    ]);
    expect(papers[0]!.confidence).toBeNull();
  });

  it('gives a pupil named twice with equal confidence to the earlier paper', () => {
    const pages = [...paper('Name: Paul Koch', 2), ...paper('Name: Paul Koch', 2)];
    expect(splitStack(pages, roster, { autoDetect: true }).map((p) => p.studentId)).toEqual([
      'paul-koch',
      null,
    ]);
  });
});

describe('[CLASS-SET] splitStack by page count', () => {
  it('falls back to the page count when no page carries a name', () => {
    const pages = Array.from({ length: 7 }, (_, i) => buildNextPage(`Seite ${i + 1}`));
    const papers = splitStack(pages, roster, { autoDetect: true, pagesPerPaper: 3 });
    expect(papers).toEqual([
      { pages: [0, 1, 2], studentId: null, confidence: null, detectedName: null, match: 'page_count' },
      { pages: [3, 4, 5], studentId: null, confidence: null, detectedName: null, match: 'page_count' },
      // the rest is a shorter paper, not dropped
      { pages: [6], studentId: null, confidence: null, detectedName: null, match: 'page_count' },
    ]);
  });

  it('splits by the page count without auto-detection and matches a name on a paper’s first page', () => {
    const pages = [
      ...paper('Name: Anna Müller', 2),
      buildNextPage('Seite 1'),
      // a name on the second page of a chunk does not cut it without auto-detection
      buildFirstPage('Name: Paul Koch'),
      ...paper('Name: Tobias Lehmann', 2),
      // capitalised nouns at the top of a chunk are no name
      { text: 'Zellwand Zellmembran\nDie Zellwand ist fest.' },
      buildNextPage(),
    ];
    const papers = splitStack(pages, roster, { autoDetect: false, pagesPerPaper: 2 });
    expect(papers).toEqual([
      { pages: [0, 1], studentId: 'anna-mueller', confidence: 1, detectedName: 'Anna Müller', match: 'name' },
      { pages: [2, 3], studentId: null, confidence: null, detectedName: null, match: 'page_count' },
      {
        pages: [4, 5],
        studentId: null,
        confidence: null,
        detectedName: 'Tobias Lehmann',
        match: 'page_count',
      },
      { pages: [6, 7], studentId: null, confidence: null, detectedName: null, match: 'page_count' },
    ]);
  });

  it('does not give the same pupil to two chunks', () => {
    const pages = [...paper('Name: Anna Müller', 2), ...paper('Name: Anna Müller', 2)];
    const papers = splitStack(pages, roster, { autoDetect: false, pagesPerPaper: 2 });
    expect(papers.map((p) => [p.studentId, p.match])).toEqual([
      ['anna-mueller', 'name'],
      [null, 'page_count'],
    ]);
  });

  it('prefers the names to the page count when auto-detection finds them', () => {
    const pages = [...paper('Name: Anna Müller', 2), ...paper('Name: Paul Koch', 3)];
    const papers = splitStack(pages, roster, { autoDetect: true, pagesPerPaper: 2 });
    expect(papers.map((p) => p.pages)).toEqual([
      [0, 1],
      [2, 3, 4],
    ]);
  });
});

describe('[CLASS-SET] splitStack without names or page count', () => {
  it('returns the whole stack as one unmatched paper for the teacher to split', () => {
    const pages = Array.from({ length: 5 }, (_, i) => buildNextPage(`Seite ${i + 1}`));
    const whole = {
      pages: [0, 1, 2, 3, 4],
      studentId: null,
      confidence: null,
      detectedName: null,
      match: 'none',
    };
    expect(splitStack(pages, roster, { autoDetect: true })).toEqual([whole]);
    expect(
      splitStack([...paper('Name: Anna Müller', 2), ...pages.slice(2)], roster, { autoDetect: false }),
    ).toEqual([whole]);
  });

  it('returns no papers for an empty stack and refuses a page count below one', () => {
    expect(splitStack([], roster, { autoDetect: true, pagesPerPaper: 2 })).toEqual([]);
    expect(() => splitStack([buildNextPage()], roster, { autoDetect: false, pagesPerPaper: 0 })).toThrow(
      RangeError,
    );
    expect(() => splitStack([buildNextPage()], roster, { autoDetect: false, pagesPerPaper: 1.5 })).toThrow(
      RangeError,
    );
  });

  it('never drops a page of a mixed stack', () => {
    const pages = [
      buildNextPage('Seite 2'),
      ...paper('Name: Greta Weiß', 4),
      ...paper('Name: Leon'),
      ...paper('Name: Tobias Lehmann', 1),
      ...paper('Jakub Kowalski 7b', 2),
    ];
    for (const options of [
      { autoDetect: true },
      { autoDetect: false, pagesPerPaper: 4 },
      { autoDetect: false },
    ]) {
      expectEveryPageOnce(splitStack(pages, roster, options), pages.length);
    }
  });
});
