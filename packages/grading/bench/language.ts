/**
 * Planted language errors (issue 32 §5). Correct German sentences (the reference answers and questions of
 * the public saf-microjob-de dataset, and the sentences of bench/language-sentences.ts) are put together
 * into texts; in some sentences a small program plants one error of a common type: das/dass, ß/ss/s,
 * ä/ö/ü written ae/oe/ue, a noun written small, a verb or adjective written capital in mid-sentence, a
 * missing comma before dass/weil/obwohl/a relative clause (and other subordinate clauses), seit/seid,
 * wieder/wider, and the frequent misspellings of classes 5–10 in `misspellings` below. A fixed seed makes
 * the same texts every run; `--seed` draws others.
 *
 * Each text is graded through the public `grade()` as a Deutsch text without a key.
 * - Caught: an error of the result that is not a hint (severity info/informational) and whose location
 *   overlaps the planted span: the changed word; for a missing comma the word before it and the
 *   conjunction or relative pronoun after it. Caught only by a hint is counted apart.
 * - False alarms: marks (errors that are not hints) in the unchanged sentences, per 500 of their words;
 *   marks in a changed sentence outside the planted span are counted apart.
 * - Suggestions: for a caught word error, whether the mark has a suggestion, and whether its first
 *   suggestion (the list is comma-separated) is the original word, or any of them; for a missing comma,
 *   whether the suggestion puts the comma back.
 *
 * Dataset sentences are read from KORRIGO_DATASETS (default ../shared/datasets); where the folder is not
 * there, the built-in sentences are used alone. Normalised on reading: the point marks "(0.25 P)" and
 * "Frage 1:" removed, "z.B." written "z. B.", "16,50€" written "16,50 €". Left out: the one sentence with a
 * comma before "als auch" ("sowohl auf menschliche, als auch auf …"), which is not standard.
 *
 * Run: npm run bench:language [-- --seed 1] [-- --n 400] [-- --no-dataset] [-- --small]
 * (`--small`: 3 texts, the size `npm test` runs to see that the benchmark still runs)
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { grade } from '../src/index';
import { datasetsRoot } from './datasets';
import {
  allErrors,
  errorSpan,
  fmtPct,
  isEntryPoint,
  isHint,
  numberArg,
  overlaps,
  Rng,
  type Span,
} from './generate';
import { builtinSentences } from './language-sentences';

export type LanguageBenchOptions = {
  seed?: number;
  /** texts to grade */
  n?: number;
  sentencesPerText?: number;
  plantedPerText?: number;
  /** read the dataset's sentences where they are there (default true) */
  useDataset?: boolean;
  examples?: number;
  print?: (line: string) => void;
};

const targets = { recall: 80, falseAlarmsPer500: 1 };

export const errorTypes = [
  'das/dass',
  'ß/ss/s',
  'ä/ö/ü als ae/oe/ue',
  'Nomen kleingeschrieben',
  'Verb/Adjektiv großgeschrieben',
  'Komma fehlt',
  'seit/seid',
  'wieder/wider',
  'Rechtschreibung (Liste)',
] as const;
export type LanguageErrorType = (typeof errorTypes)[number];

/** Frequent misspellings of classes 5–10: the right form, the wrong one, whether endings may follow. */
export const misspellings: [string, string, boolean?][] = [
  ['widerspiegeln', 'wiederspiegeln'],
  ['Rhythmus', 'Rythmus'],
  ['Vielleicht', 'Vieleicht'],
  ['vielleicht', 'vieleicht'],
  ['gar nicht', 'garnicht'],
  ['Standard', 'Standart'],
  ['nämlich', 'nähmlich'],
  ['tot', 'tod'],
  ['endgültig', 'entgültig', true],
  ['Maschine', 'Maschiene', true],
  ['interessant', 'intressant', true],
  ['Wahrscheinlich', 'Warscheinlich'],
  ['wahrscheinlich', 'warscheinlich', true],
  ['Reparatur', 'Reperatur', true],
  ['Paket', 'Packet', true],
  ['Fahrrad', 'Fahrad', true],
  ['Terrasse', 'Terasse', true],
  ['Atmosphäre', 'Athmosphäre'],
  ['aggressiv', 'agressiv', true],
  ['Adresse', 'Addresse', true],
  ['Theater', 'Teater', true],
  ['Ergebnis', 'Ergebniss'],
  ['Erlebnis', 'Erlebniss'],
  ['Kenntnis', 'Kentnis'],
  ['Stegreif', 'Stehgreif'],
  ['Apotheke', 'Apoteke', true],
  ['Bibliothek', 'Bibliotek', true],
  ['Tipp', 'Tip'],
  ['nummerier', 'numerier', true],
  ['Diskussion', 'Diskusion', true],
  ['Konkurrenz', 'Konkurenz'],
  ['Satellit', 'Sattelit', true],
  ['ziemlich', 'ziehmlich'],
  ['sympathisch', 'sympatisch', true],
  ['Thema', 'Tema'],
  ['Gebäude', 'Gebeude', true],
  ['Endlich', 'Entlich'],
  ['endlich', 'entlich'],
  ['Eigentlich', 'Eigendlich'],
  ['eigentlich', 'eigendlich', true],
  ['Toilette', 'Toilete', true],
  ['Kaffee', 'Kaffe'],
  ['Skelett', 'Skelet'],
  ['Hälfte', 'Helfte'],
  ['ähnlich', 'änlich', true],
  ['Während', 'Wärend'],
  ['während', 'wärend'],
  ['ungefähr', 'ungefär'],
  ['Allmählich', 'Allmälich'],
  ['allmählich', 'allmälich'],
  ['Beispiel', 'Beispil', true],
  ['Gesellschaft', 'Gesellschafft', true],
  ['Religion', 'Relegion', true],
  ['Definition', 'Defenition', true],
  ['Kandidat', 'Kanditat', true],
  ['Medizin', 'Medizien'],
  ['Benzin', 'Benzien'],
  ['Irgendwann', 'Irgend wann'],
  ['Karussell', 'Karusell'],
  ['Silvester', 'Sylvester'],
  ['Lappalie', 'Lapalie'],
  ['Zigarette', 'Zigarrette', true],
  ['Dilettant', 'Dilletant'],
];

// words that are neither verbs nor adjectives: not written capital as a "verb/adjective" error
const functionWords = new Set(
  (
    'der die das dem den des ein eine einer einem einen eines kein keine keinen keinem keiner und oder aber ' +
    'denn sondern doch dass weil obwohl wenn als ob damit während nachdem bevor bis seit seid wie wo was wer ' +
    'wir ihr sie er es ich du man sich mich mir dich dir uns euch ihm ihn ihnen ihre ihrem ihren ihrer sein ' +
    'seine seinem seinen seiner mein meine meinem meinen meiner dein deine unser unsere unserem unseren euer ' +
    'im in an am auf aus bei beim mit nach von vom zu zum zur für über unter vor hinter neben zwischen durch ' +
    'gegen ohne um nicht noch schon auch nur sehr so dann da hier dort immer diese dieser diesem diesen dieses ' +
    'jeder jede jedem jeden jedes alle allem allen aller welche welcher welchem welchen dessen deren denen ' +
    'zwei drei hundert'
  ).split(' '),
);
const formalPronouns = new Set(['Sie', 'Ihr', 'Ihre', 'Ihrem', 'Ihren', 'Ihrer', 'Ihnen']);
const prepositions =
  'in|an|auf|aus|mit|von|zu|bei|für|über|unter|nach|durch|gegen|ohne|um|vor|hinter|neben|zwischen';

/** One possible planted error in a sentence. */
type Site = {
  type: LanguageErrorType;
  subtype: string;
  /** the sentence with the error */
  sentence: string;
  /** where the error stands in it */
  span: Span;
  /** what stood there before (the word, or "word, conjunction" for a missing comma) */
  original: string;
};

function replaceAt(
  sentence: string,
  start: number,
  end: number,
  by: string,
  type: LanguageErrorType,
  subtype: string,
): Site {
  return {
    type,
    subtype,
    sentence: sentence.slice(0, start) + by + sentence.slice(end),
    span: [start, start + by.length],
    original: sentence.slice(start, end),
  };
}

const words = (sentence: string) => [...sentence.matchAll(/\p{L}+/gu)].map((m) => ({ w: m[0], at: m.index }));

/** Every error of every type that can be planted in this sentence. */
export function sitesIn(sentence: string): Site[] {
  const sites: Site[] = [];
  const ws = words(sentence);
  ws.forEach(({ w, at }, i) => {
    const end = at + w.length;
    const put = (by: string, type: LanguageErrorType, subtype: string) =>
      sites.push(replaceAt(sentence, at, end, by, type, subtype));
    // das/dass
    if (/^[Dd]ass$/.test(w)) put(w.slice(0, 3), 'das/dass', 'dass → das');
    if (/^[Dd]as$/.test(w)) put(`${w}s`, 'das/dass', 'das → dass');
    // ß/ss/s
    const sz = w.indexOf('ß');
    if (sz >= 0) {
      put(w.slice(0, sz) + 'ss' + w.slice(sz + 1), 'ß/ss/s', 'ß → ss');
      put(w.slice(0, sz) + 's' + w.slice(sz + 1), 'ß/ss/s', 'ß → s');
    }
    const ss = /ss(?=t|$)/.exec(w);
    if (ss) put(w.slice(0, ss.index) + 'ß' + w.slice(ss.index + 2), 'ß/ss/s', 'ss → ß');
    // umlauts
    const um = /[äöüÄÖÜ]/.exec(w);
    if (um) {
      const by = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' }[um[0] as 'ä']!;
      put(
        w.slice(0, um.index) + by + w.slice(um.index + 1),
        'ä/ö/ü als ae/oe/ue',
        `${um[0].toLowerCase()} → ${by.toLowerCase()}`,
      );
    }
    // capitals in mid-sentence: not the first word, nor after a colon, quote or bracket
    const before = sentence.slice(0, at).trimEnd();
    const midSentence = i > 0 && !/[.!?:„"(–-]$/.test(before) && !sentence.slice(at - 1, at).match(/[-/]/);
    const hyphenated = sentence[end] === '-' || sentence[at - 1] === '-';
    if (midSentence && !hyphenated && /^\p{Lu}\p{Ll}+$/u.test(w) && !formalPronouns.has(w))
      put(w[0]!.toLowerCase() + w.slice(1), 'Nomen kleingeschrieben', 'Nomen klein');
    if (midSentence && !hyphenated && /^\p{Ll}{4,}$/u.test(w) && !functionWords.has(w))
      put(w[0]!.toUpperCase() + w.slice(1), 'Verb/Adjektiv großgeschrieben', 'Verb/Adjektiv groß');
    // seit/seid
    if (/^[Ss]eit$/.test(w)) put(`${w.slice(0, 3)}d`, 'seit/seid', 'seit → seid');
    if (/^[Ss]eid$/.test(w)) put(`${w.slice(0, 3)}t`, 'seit/seid', 'seid → seit');
    // wieder/wider
    const wieder = /wieder/i.exec(w);
    if (wieder)
      put(
        w.slice(0, wieder.index) + w.slice(wieder.index, wieder.index + 2) + w.slice(wieder.index + 3),
        'wieder/wider',
        'wieder → wider',
      );
    const wider = /wider/i.exec(w);
    if (wider)
      put(w.slice(0, wider.index + 2) + 'e' + w.slice(wider.index + 2), 'wieder/wider', 'wider → wieder');
    // the misspelling list (single words)
    for (const [right, wrong, stem] of misspellings) {
      if (right.includes(' ')) continue;
      if (w === right || (stem && w.startsWith(right)))
        put(wrong + w.slice(right.length), 'Rechtschreibung (Liste)', right);
    }
  });
  for (const [right, wrong] of misspellings.filter(([r]) => r.includes(' '))) {
    const i = sentence.indexOf(right);
    if (
      i >= 0 &&
      /\P{L}|^$/u.test(sentence[i - 1] ?? '') &&
      /\P{L}|^$/u.test(sentence[i + right.length] ?? '')
    )
      sites.push(replaceAt(sentence, i, i + right.length, wrong, 'Rechtschreibung (Liste)', right));
  }
  // a missing comma before a subordinate or relative clause
  const commas: [RegExp, string][] = [
    [/, (dass)\b/g, 'vor dass'],
    [/, (weil)\b/g, 'vor weil'],
    [/, (obwohl)\b/g, 'vor obwohl'],
    [
      new RegExp(`, ((?:(?:${prepositions}) )?(?:der|die|das|dem|den|deren|dessen|denen))\\s`, 'g'),
      'vor Relativsatz',
    ],
    [
      new RegExp(
        `, ((?:(?:${prepositions}) )?(?:wenn|ob|damit|bis|nachdem|während|bevor|da|sodass|welche[rsnm]?))\\b`,
        'g',
      ),
      'vor anderem Nebensatz',
    ],
  ];
  for (const [pattern, subtype] of commas)
    for (const m of sentence.matchAll(pattern)) {
      const comma = m.index;
      // "…, über das Budget …" is no relative clause: a relative pronoun (but dessen, deren) is not followed by a noun
      const next = sentence.slice(comma + m[0].length).match(/^\p{L}+/u)?.[0] ?? '';
      if (subtype === 'vor Relativsatz' && !/(?:dessen|deren)$/.test(m[1]!) && /^\p{Lu}/u.test(next))
        continue;
      const wordStart = sentence.slice(0, comma).search(/\S+$/);
      const changed = sentence.slice(0, comma) + sentence.slice(comma + 1);
      const spanEnd = comma + 1 + m[1]!.length;
      sites.push({
        type: 'Komma fehlt',
        subtype,
        sentence: changed,
        span: [wordStart, spanEnd],
        original: sentence.slice(wordStart, comma + 2 + m[1]!.length),
      });
    }
  return sites;
}

type Source = 'saf-microjob-de' | 'eingebaut';
type Sentence = { text: string; source: Source; sites: Site[] };

/** The correct sentences of the saf-microjob-de dataset's reference answers and questions, or null. */
export function datasetSentences(): string[] | null {
  const file = resolve(datasetsRoot(), 'saf-microjob-de', 'train.jsonl');
  if (!existsSync(file)) return null;
  const texts = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const row = JSON.parse(line) as { reference_answer?: unknown; question?: unknown };
    for (const t of [row.reference_answer, row.question]) if (typeof t === 'string') texts.add(t);
  }
  const sentences = new Set<string>();
  for (const t of texts) {
    const clean = t
      .replace(/\s*\(\d+(?:[.,]\d+)?\s*P\)/g, '')
      .replace(/^Frage \d+:\s*/, '')
      .replace(/z\.B\./g, 'z. B.')
      .replace(/(\d)€/g, '$1 €')
      .replace(/\s+/g, ' ')
      .trim();
    for (const s of clean.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) if (!/, als auch/.test(s)) sentences.add(s);
  }
  return [...sentences];
}

type Planted = { site: Site; source: Source; span: Span };
type Plain = { text: string; source: Source; span: Span; words: number };

type TextOutcome = {
  planted: (Planted & {
    marks: Mark[];
    hints: Mark[];
  })[];
  plain: (Plain & { marks: Mark[] })[];
  /** marks in a changed sentence outside its planted span */
  stray: Mark[];
};
type Mark = { title: string; category: string; suggestion: string; quoted: string; severity: string };

function buildText(
  rng: Rng,
  pool: Sentence[],
  types: LanguageErrorType[],
  sentencesPerText: number,
  plantedPerText: number,
  counter: { k: number },
) {
  const pieces: { text: string; source: Source; site: Site | null }[] = [];
  for (let i = 0; i < plantedPerText; i++) {
    const type = types[counter.k++ % types.length]!;
    const candidates = pool.filter((s) => s.sites.some((x) => x.type === type));
    const sentence = rng.pick(candidates);
    const site = rng.pick(sentence.sites.filter((x) => x.type === type));
    pieces.push({ text: site.sentence, source: sentence.source, site });
  }
  for (let i = plantedPerText; i < sentencesPerText; i++) {
    const s = rng.pick(pool);
    pieces.push({ text: s.text, source: s.source, site: null });
  }
  rng.shuffle(pieces);
  let text = '';
  const planted: Planted[] = [];
  const plain: Plain[] = [];
  let inParagraph = 0;
  const paragraphLength = rng.int(3, 6);
  for (const p of pieces) {
    if (text) text += inParagraph >= paragraphLength ? '\n\n' : ' ';
    if (inParagraph >= paragraphLength) inParagraph = 0;
    inParagraph++;
    const at = text.length;
    text += p.text;
    if (p.site)
      planted.push({ site: p.site, source: p.source, span: [at + p.site.span[0], at + p.site.span[1]] });
    else
      plain.push({
        text: p.text,
        source: p.source,
        span: [at, at + p.text.length],
        words: words(p.text).length,
      });
  }
  return { text, planted, plain };
}

async function gradeText(text: string, planted: Planted[], plain: Plain[]): Promise<TextOutcome> {
  const result = await grade({ text }, { subject: 'Deutsch', gradeLevel: '8', date: '2025-03-12' });
  const out: TextOutcome = {
    planted: planted.map((p) => ({ ...p, marks: [], hints: [] })),
    plain: plain.map((p) => ({ ...p, marks: [] })),
    stray: [],
  };
  for (const { error } of allErrors(result)) {
    const span = errorSpan(text, error);
    if (!span) continue;
    const mark: Mark = {
      title: error.title,
      category: error.category ?? '?',
      suggestion: error.suggestion,
      quoted: text.slice(span[0], span[1]),
      severity: error.severity,
    };
    const hit = out.planted.find((p) => overlaps(p.span, span));
    if (hit) {
      (isHint(error) ? hit.hints : hit.marks).push(mark);
      continue;
    }
    if (isHint(error)) continue;
    const inPlain = out.plain.find((p) => overlaps(p.span, span));
    if (inPlain) inPlain.marks.push(mark);
    else out.stray.push(mark);
  }
  return out;
}

/** whether a caught mark's suggestion gives back what was there */
function suggestionOf(p: TextOutcome['planted'][number]) {
  const m = p.marks[0]!;
  const given = m.suggestion.trim().length > 0;
  if (p.site.type === 'Komma fehlt') {
    const right = m.suggestion.includes(`${p.site.original.split(',')[0]},`);
    return { given, first: right, any: right };
  }
  const list = m.suggestion.split(/,\s*/).map((s) => s.trim());
  return { given, first: list[0] === p.site.original, any: list.includes(p.site.original) };
}

export type LanguageBenchResult = {
  seed: number;
  texts: number;
  sentences: { dataset: number; builtin: number };
  perType: { type: LanguageErrorType; planted: number; caught: number; recall: number }[];
  falseAlarmsPer500: number;
  plainWords: number;
};

export async function runLanguageBench(options: LanguageBenchOptions = {}): Promise<LanguageBenchResult> {
  const seed = options.seed ?? 32;
  const n = options.n ?? 400;
  const sentencesPerText = options.sentencesPerText ?? 10;
  const plantedPerText = options.plantedPerText ?? 4;
  const print = options.print ?? ((line: string) => console.log(line));
  const exampleCount = options.examples ?? 10;
  const fromDataset = options.useDataset === false ? null : datasetSentences();
  const pool: Sentence[] = [
    ...(fromDataset ?? []).map((text) => ({
      text,
      source: 'saf-microjob-de' as Source,
      sites: sitesIn(text),
    })),
    ...builtinSentences.map((text) => ({ text, source: 'eingebaut' as Source, sites: sitesIn(text) })),
  ];
  const types = errorTypes.filter((t) => pool.some((s) => s.sites.some((x) => x.type === t)));
  const rng = new Rng(seed);
  const counter = { k: 0 };
  print(
    `bench:language: seed ${seed}, ${n} texts of ${sentencesPerText} sentences (${plantedPerText} with a planted error); ` +
      `sentences: ${fromDataset ? `${fromDataset.length} from saf-microjob-de` : 'dataset not found (KORRIGO_DATASETS), none'} + ${builtinSentences.length} built-in`,
  );
  const started = performance.now();
  const outcomes: TextOutcome[] = [];
  for (let i = 0; i < n; i++) {
    const t = buildText(rng, pool, types, sentencesPerText, plantedPerText, counter);
    outcomes.push(await gradeText(t.text, t.planted, t.plain));
  }
  const seconds = (performance.now() - started) / 1000;
  const planted = outcomes.flatMap((o) => o.planted);
  const plain = outcomes.flatMap((o) => o.plain);
  const caught = (p: (typeof planted)[number]) => p.marks.length > 0;
  const plainWords = plain.reduce((s, p) => s + p.words, 0);
  const plainMarks = plain.reduce((s, p) => s + p.marks.length, 0);
  const per500 = (marks: number, w: number) => (w > 0 ? ((500 * marks) / w).toFixed(2) : '–');
  const ok = (good: boolean) => (good ? 'ok' : 'MISSED');

  print(`graded in ${seconds.toFixed(1)} s\n`);
  print(
    `planted errors: ${planted.length}; caught ${fmtPct(planted.filter(caught).length, planted.length)}; caught only by a hint: ${planted.filter((p) => !caught(p) && p.hints.length > 0).length}`,
  );
  const fa = (500 * plainMarks) / Math.max(1, plainWords);
  print(
    `false alarms in unchanged sentences: ${plainMarks} marks in ${plainWords} words = ${per500(plainMarks, plainWords)} per 500 words   target ≤ ${targets.falseAlarmsPer500} ${ok(fa <= targets.falseAlarmsPer500)}`,
  );
  const allMarks =
    planted.reduce((s, p) => s + p.marks.length, 0) +
    plainMarks +
    outcomes.reduce((s, o) => s + o.stray.length, 0);
  const onPlanted = planted.reduce((s, p) => s + p.marks.length, 0);
  print(
    `marks overall: ${allMarks}, of them on a planted error ${onPlanted} (precision ${fmtPct(onPlanted, allMarks)})`,
  );
  const distinctFlagged = new Set(plain.filter((p) => p.marks.length > 0).map((p) => p.text));
  const distinctPlain = new Set(plain.map((p) => p.text));
  print(
    `  distinct unchanged sentences with a mark: ${distinctFlagged.size} of ${distinctPlain.size}; marks in changed sentences outside the planted span: ${outcomes.reduce((s, o) => s + o.stray.length, 0)}`,
  );
  for (const source of ['saf-microjob-de', 'eingebaut'] as Source[]) {
    const part = plain.filter((p) => p.source === source);
    if (part.length === 0) continue;
    const w = part.reduce((s, p) => s + p.words, 0);
    const m = part.reduce((s, p) => s + p.marks.length, 0);
    const pl = planted.filter((p) => p.source === source);
    print(
      `  ${source.padEnd(16)} false alarms ${per500(m, w)} per 500 words (${m} in ${w} words); recall ${fmtPct(pl.filter(caught).length, pl.length)} of ${pl.length}`,
    );
  }
  const faTitles = new Map<string, number>();
  for (const p of plain)
    for (const m of p.marks)
      faTitles.set(`${m.category}: ${m.title}`, (faTitles.get(`${m.category}: ${m.title}`) ?? 0) + 1);
  if (faTitles.size > 0)
    print(
      `  false alarms by finding: ${[...faTitles]
        .sort((a, b) => b[1] - a[1])
        .map(([t, c]) => `${t} ${c}`)
        .join('; ')}`,
    );

  print(
    `\nby type                                 planted  caught  recall%  target   hint-only  sugg.given%  sugg.first%  sugg.any%  most frequent finding`,
  );
  const perType: LanguageBenchResult['perType'] = [];
  const row = (label: string, ps: typeof planted, target: boolean) => {
    const c = ps.filter(caught);
    const s = c.map(suggestionOf);
    const titles = new Map<string, number>();
    for (const p of c) titles.set(p.marks[0]!.title, (titles.get(p.marks[0]!.title) ?? 0) + 1);
    const top = [...titles].sort((a, b) => b[1] - a[1])[0];
    const recall = c.length / Math.max(1, ps.length);
    print(
      `  ${label.padEnd(38)} ${String(ps.length).padStart(7)} ${String(c.length).padStart(7)} ${fmtPct(c.length, ps.length).padStart(8)}  ${target ? `${ok(100 * recall >= targets.recall)}`.padEnd(7) : ''.padEnd(7)} ${String(ps.filter((p) => !caught(p) && p.hints.length > 0).length).padStart(9)} ${fmtPct(s.filter((x) => x.given).length, s.length).padStart(12)} ${fmtPct(s.filter((x) => x.first).length, s.length).padStart(12)} ${fmtPct(s.filter((x) => x.any).length, s.length).padStart(10)}  ${top ? `${top[0]} (${top[1]})` : '–'}`,
    );
    return recall;
  };
  for (const type of types) {
    const ps = planted.filter((p) => p.site.type === type);
    const recall = row(type, ps, true);
    perType.push({ type, planted: ps.length, caught: ps.filter(caught).length, recall: 100 * recall });
    const subtypes = [...new Set(ps.map((p) => p.site.subtype))];
    if (subtypes.length > 1 && type !== 'Rechtschreibung (Liste)')
      for (const sub of subtypes)
        row(
          `  ${sub}`,
          ps.filter((p) => p.site.subtype === sub),
          false,
        );
  }
  const list = planted.filter((p) => p.site.type === 'Rechtschreibung (Liste)');
  const missedWords = new Map<string, number>();
  for (const p of list.filter((x) => !caught(x)))
    missedWords.set(p.site.subtype, (missedWords.get(p.site.subtype) ?? 0) + 1);
  if (missedWords.size > 0)
    print(
      `  list words missed (right form: times): ${[...missedWords]
        .sort((a, b) => b[1] - a[1])
        .map(([w, c]) => `${w} ${c}`)
        .join(', ')}`,
    );

  // examples: one per type in turn
  const misses = planted.filter((p) => !caught(p));
  const shown: typeof misses = [];
  for (let round = 0; shown.length < Math.min(exampleCount, misses.length); round++)
    for (const type of types) {
      const m = misses.filter((p) => p.site.type === type)[round];
      if (m && shown.length < exampleCount) shown.push(m);
    }
  print(`\n${shown.length} example misses:`);
  for (const p of shown) {
    const s = p.site;
    const marked = `${s.sentence.slice(0, s.span[0])}«${s.sentence.slice(s.span[0], s.span[1])}»${s.sentence.slice(s.span[1])}`;
    print(
      `  [${s.type}: ${s.subtype}] ${marked}   (was „${s.original}“${p.hints.length ? `; hint: ${p.hints[0]!.title}` : ''})`,
    );
  }
  const alarms = plain.filter((p) => p.marks.length > 0);
  const seen = new Set<string>();
  const alarmExamples = alarms.filter((p) => !seen.has(p.text) && seen.add(p.text)).slice(0, exampleCount);
  print(`\n${alarmExamples.length} example false alarms (unchanged sentences):`);
  for (const p of alarmExamples) {
    const m = p.marks[0]!;
    print(
      `  ${p.text}\n      marked „${m.quoted}“: ${m.category}/${m.severity} ${m.title} → ${m.suggestion || '(no suggestion)'}`,
    );
  }
  const stray = outcomes.flatMap((o) => o.stray);
  if (stray.length > 0)
    print(
      `\nmarks in changed sentences outside the planted span: ${stray
        .slice(0, exampleCount)
        .map((m) => `„${m.quoted}“ ${m.title} → ${m.suggestion}`)
        .join('; ')}`,
    );
  print('\nsummary');
  print(
    `  recall per type: ${perType.map((t) => `${t.type} ${t.recall.toFixed(1)} %`).join(', ')} (target ≥ ${targets.recall} % each)`,
  );
  print(
    `  false alarms: ${per500(plainMarks, plainWords)} per 500 words (target ≤ ${targets.falseAlarmsPer500})`,
  );
  return {
    seed,
    texts: n,
    sentences: { dataset: fromDataset?.length ?? 0, builtin: builtinSentences.length },
    perType,
    falseAlarmsPer500: fa,
    plainWords,
  };
}

if (isEntryPoint(import.meta.url)) {
  const argv = process.argv.slice(2);
  const small = argv.includes('--small');
  await runLanguageBench({
    seed: numberArg(argv, 'seed', 32),
    n: numberArg(argv, 'n', small ? 3 : 400),
    examples: numberArg(argv, 'examples', small ? 2 : 10),
    useDataset: !argv.includes('--no-dataset'),
  });
}
