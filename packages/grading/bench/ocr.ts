/**
 * OCR benchmark (issue 3, point 11): character error rate on German handwriting (DHSD) and on printed
 * historical German lines (OCR-D GT4HistOCR), and seconds per rendered A4 page of typed German text.
 *
 *   npm run bench:ocr                 a sample that finishes in a few minutes on 2 cores
 *   npm run bench:ocr -- --limit 50   at most 50 items per dataset
 *   npm run bench:ocr -- --all        every item
 *   npm run bench:ocr -- --small      two items per dataset and one typed page: the size `npm test` runs, to
 *                                     see that the benchmark still runs
 *
 * Datasets are read where they are (KORRIGO_DATASETS, by default ../shared/datasets next to the repo:
 * datasets.ts); nothing is copied. CER = Levenshtein distance / reference length, summed over all items (micro average), after NFC
 * and whitespace normalisation — the normalisation of the datasets' own Tesseract baselines.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractText, OCR_REVIEW_CONFIDENCE, OcrPool, shutdownOcr, type OcrMode } from '../src/extract';
import { defaultPoolSize } from '../src/extract/ocr-pool';
import { normaliseForOcr, pixelsToCanvas, prepareImageForOcr } from '../src/extract/image-preprocess';
import type { OcrImage } from '../src/extract/ocr-page';
import { editDistance, makeImagePdf, normaliseForCer, renderA4Page } from '../test/fixtures/extract-fixtures';
import { datasetsRoot } from './datasets';
import { decodeGreyTiff } from './tiff-decode';

const DEFAULT_LIMIT = 100;

type Item = { id: string; reference: string; load: () => Promise<OcrImage> };
type Score = {
  dataset: string;
  mode: string;
  items: number;
  of: number;
  cer: number;
  exact: number;
  meanConfidence: number;
  needsReview: number;
  seconds: number;
};

function parseArgs(argv: string[]): { limit: number | null; pages: number } {
  if (argv.includes('--all')) return { limit: null, pages: 4 };
  if (argv.includes('--small')) return { limit: 2, pages: 1 };
  const at = argv.indexOf('--limit');
  if (at === -1) return { limit: DEFAULT_LIMIT, pages: 4 };
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error('--limit braucht eine positive ganze Zahl');
  return { limit: value, pages: 4 };
}

/** An even spread over the whole list (every k-th item), so all writers and books are in the sample. */
function sample<T>(items: T[], limit: number | null): T[] {
  if (limit === null || items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, index) => items[Math.floor(index * step)] as T);
}

function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

async function dhsdItems(root: string): Promise<Item[]> {
  const folder = path.join(root, 'dhsd-handwriting-de');
  const [header, ...lines] = (await readFile(path.join(folder, 'test.csv'), 'utf8')).split(/\r?\n/);
  const columns = parseCsvLine(header ?? '');
  const fileColumn = columns.indexOf('file_name');
  const textColumn = columns.indexOf('text');
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = parseCsvLine(line);
      const fileName = fields[fileColumn] ?? '';
      return {
        id: fileName,
        reference: fields[textColumn] ?? '',
        load: async () => prepareImageForOcr(await readFile(path.join(folder, fileName))),
      };
    });
}

async function ocrdItems(root: string): Promise<Item[]> {
  const folder = path.join(root, 'ocrd-gt4histocr-lines-de', 'lines');
  const { readdir } = await import('node:fs/promises');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.tif')).sort();
  return Promise.all(
    names.map(async (name) => ({
      id: name,
      reference: (await readFile(path.join(folder, name.replace(/\.tif$/, '.gt.txt')), 'utf8')).trim(),
      load: async () => {
        const { width, height, rgba } = decodeGreyTiff(await readFile(path.join(folder, name)));
        return normaliseForOcr(pixelsToCanvas(rgba, width, height));
      },
    })),
  );
}

/** The historical long s (ſ) and other pre-modern letter forms read as their modern letters. */
function modernise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/ſ/g, 's')
    .replace(/ꝛ/g, 'r')
    .replace(/aͤ/g, 'ä')
    .replace(/oͤ/g, 'ö')
    .replace(/uͤ/g, 'ü');
}

type Variant = { label: string; transform: (text: string) => string };
const AS_IS: Variant = { label: '', transform: (text) => text };

/** Recognises every item once and scores the output under each variant's normalisation. */
async function scoreDataset(
  dataset: string,
  mode: OcrMode,
  items: Item[],
  total: number,
  variants: Variant[] = [AS_IS],
): Promise<Score[]> {
  const pool = new OcrPool({ mode });
  const started = performance.now();
  let results: { item: Item; ocr: Awaited<ReturnType<OcrPool['recognize']>> }[];
  try {
    results = await Promise.all(
      items.map(async (item) => ({ item, ocr: await pool.recognize(await item.load()) })),
    );
  } finally {
    await pool.terminate();
  }
  const seconds = (performance.now() - started) / 1000;
  const count = Math.max(1, items.length);
  const meanConfidence = results.reduce((sum, { ocr }) => sum + ocr.confidence, 0) / count;
  const needsReview = results.filter(({ ocr }) => ocr.confidence < OCR_REVIEW_CONFIDENCE).length / count;
  return variants.map(({ label, transform }) => {
    let distance = 0;
    let length = 0;
    let exact = 0;
    for (const { item, ocr } of results) {
      const reference = normaliseForCer(transform(item.reference));
      const recognised = normaliseForCer(transform(ocr.text));
      distance += editDistance(recognised, reference);
      length += [...reference].length;
      if (recognised === reference) exact += 1;
    }
    return {
      dataset: `${dataset}${label}`,
      mode,
      items: items.length,
      of: total,
      cer: distance / Math.max(1, length),
      exact: exact / count,
      meanConfidence,
      needsReview,
      seconds,
    };
  });
}

const TYPED_PARAGRAPHS = [
  'Aufgabe 1: Erörtere, ob Hausaufgaben in der Oberstufe abgeschafft werden sollten. Begründe deine Meinung mit mindestens zwei Argumenten und einem Beispiel aus deinem Schulalltag.',
  'Viele Schülerinnen und Schüler empfinden Hausaufgaben als zusätzliche Belastung, weil der Unterricht an manchen Tagen bis in den späten Nachmittag dauert. Wer danach noch Sport treibt, ein Instrument übt oder in der Familie hilft, hat kaum Zeit, sich in Ruhe mit schwierigen Übungen zu beschäftigen.',
  'Andererseits helfen Hausaufgaben dabei, den Stoff zu wiederholen und Lücken frühzeitig zu erkennen. Gerade in Mathematik zeigt sich erst beim selbstständigen Rechnen, ob man die Lösungswege wirklich verstanden hat. Ein Beispiel: Bei der Kurvendiskussion habe ich im Unterricht alles nachvollzogen, zu Hause aber gemerkt, dass ich die zweite Ableitung nicht sicher bilden konnte.',
  'Außerdem fördern Hausaufgaben die Selbstständigkeit. Im Studium oder in der Ausbildung muss man sich die Zeit ebenfalls selbst einteilen und ohne ständige Hilfe arbeiten. Wer das in der Schule übt, hat später weniger Schwierigkeiten.',
  'Trotzdem sollte die Menge der Hausaufgaben begrenzt werden. Es wäre sinnvoll, wenn die Lehrkräfte sich absprechen, damit nicht an einem Tag drei Fächer gleichzeitig umfangreiche Aufgaben stellen. Übungszeiten in der Schule könnten einen Teil der Hausaufgaben ersetzen.',
  'Zusammenfassend bin ich der Meinung, dass Hausaufgaben nicht vollständig abgeschafft, aber deutlich besser geplant werden sollten. So bleibt der Nutzen erhalten, während die Belastung für alle Beteiligten sinkt.',
  'Aufgabe 2: Berechne den Flächeninhalt eines Rechtecks mit den Seitenlängen 4,5 cm und 7,2 cm. Lösung: A = 4,5 cm · 7,2 cm = 32,4 cm². Der Flächeninhalt beträgt 32,4 Quadratzentimeter.',
  'Aufgabe 3: Nenne drei Ursachen der Französischen Revolution. Die Staatsverschuldung war sehr hoch, der dritte Stand trug fast alle Steuern, und die Ideen der Aufklärung verbreiteten sich in ganz Frankreich. Große Teile der Bevölkerung litten außerdem unter teurem Brot nach schlechten Ernten.',
  'Aufgabe 4: Erkläre den Unterschied zwischen Wetter und Klima. Das Wetter beschreibt den Zustand der Atmosphäre an einem bestimmten Ort zu einem bestimmten Zeitpunkt, zum Beispiel Regen am Montagmorgen in Köln. Das Klima dagegen fasst das Wetter eines Gebietes über mindestens dreißig Jahre zusammen.',
];

type PageTiming = {
  label: string;
  pages: number;
  seconds: number;
  /** CPU seconds of this process and its OCR worker threads: less distorted by other load than wall time */
  cpuSeconds: number;
  cer: number;
  confidence: number;
};

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number; cpuSeconds: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { value, seconds: (performance.now() - wall) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function typedPages(pageCount: number): Promise<{ warmUp: number; timings: PageTiming[] }> {
  const pages = Array.from({ length: pageCount }, (_, index) =>
    renderA4Page([...TYPED_PARAGRAPHS.slice(index % 3), ...TYPED_PARAGRAPHS.slice(0, index % 3)]),
  );
  const cerOf = (recognised: string, reference: string) =>
    editDistance(normaliseForCer(recognised), normaliseForCer(reference)) / normaliseForCer(reference).length;
  const allText = pages.map((page) => page.text).join('\n');

  const warm = await timed(() => extractText([{ name: 'warm-up.png', data: renderA4Page(['Warm up']).png }]));

  const timings: PageTiming[] = [];
  const first = pages[0] ?? renderA4Page(TYPED_PARAGRAPHS);
  const one = await timed(() => extractText([{ name: 'seite-1.png', data: first.png }]));
  timings.push({
    label: 'A4 PNG, one page alone',
    pages: 1,
    seconds: one.seconds,
    cpuSeconds: one.cpuSeconds,
    cer: cerOf(one.value.text, first.text),
    confidence: one.value.pages[0]?.confidence ?? 0,
  });

  // one page together is the page alone again (the small size)
  if (pageCount > 1) {
    const images = await timed(() =>
      extractText(pages.map((page, index) => ({ name: `seite-${index + 1}.png`, data: page.png }))),
    );
    timings.push({
      label: `A4 PNG, ${pageCount} pages together`,
      pages: pageCount,
      seconds: images.seconds,
      cpuSeconds: images.cpuSeconds,
      cer: cerOf(images.value.text, allText),
      confidence: mean(images.value.pages.map((page) => page.confidence ?? 0)),
    });
  }

  const pdf = await makeImagePdf(pages.map((page) => page.png));
  const scanned = await timed(() => extractText([{ name: 'scan.pdf', data: pdf }]));
  timings.push({
    label: `scanned PDF (render 300 dpi + OCR), ${pageCount} pages`,
    pages: pageCount,
    seconds: scanned.seconds,
    cpuSeconds: scanned.cpuSeconds,
    cer: cerOf(scanned.value.text, allText),
    confidence: mean(scanned.value.pages.map((page) => page.confidence ?? 0)),
  });
  return { warmUp: warm.seconds, timings };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const fixed = (value: number, digits = 3) => value.toFixed(digits);

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const { limit, pages: pageCount } = parseArgs(process.argv.slice(2));
  const root = datasetsRoot();
  console.log(`Datasets: ${root}`);
  // Wall-clock figures depend on what else runs; say how busy the machine was.
  console.log(`Cores: ${os.availableParallelism()}, load average at start: ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(
    `Sample: ${limit === null ? 'all items' : `up to ${limit} items per dataset, evenly spread`}\n`,
  );

  const scores: Score[] = [];
  if (existsSync(path.join(root, 'dhsd-handwriting-de'))) {
    const all = await dhsdItems(root);
    const items = sample(all, limit);
    scores.push(...(await scoreDataset('dhsd-handwriting-de', 'line', items, all.length)));
    scores.push(...(await scoreDataset('dhsd-handwriting-de', 'page', items, all.length)));
  } else console.log('dhsd-handwriting-de not found, skipped');
  if (existsSync(path.join(root, 'ocrd-gt4histocr-lines-de'))) {
    const all = await ocrdItems(root);
    const items = sample(all, limit);
    const modern: Variant = { label: ' (ſ→s)', transform: modernise };
    scores.push(
      ...(await scoreDataset('ocrd-gt4histocr-lines-de', 'line', items, all.length, [AS_IS, modern])),
    );
  } else console.log('ocrd-gt4histocr-lines-de not found, skipped');

  console.log(
    'Character error rate (line = Tesseract PSM 7 single line, page = automatic layout as for uploads)',
  );
  printTable(
    ['dataset', 'mode', 'items', 'CER', 'exact', 'mean conf', `conf < ${OCR_REVIEW_CONFIDENCE}`, 'seconds'],
    scores.map((score) => [
      score.dataset,
      score.mode,
      `${score.items}/${score.of}`,
      fixed(score.cer),
      `${fixed(score.exact * 100, 1)} %`,
      fixed(score.meanConfidence, 1),
      `${fixed(score.needsReview * 100, 1)} %`,
      fixed(score.seconds, 1),
    ]),
  );

  const { warmUp, timings } = await typedPages(pageCount);
  console.log(
    `\nTyped German A4 pages at 300 dpi, pool of ${defaultPoolSize()} workers (start-up incl. first page: ${fixed(warmUp, 1)} s)`,
  );
  printTable(
    ['input', 'pages', 'seconds', 's / page', 'CPU s / page', 'CER', 'mean conf'],
    timings.map((timing) => [
      timing.label,
      String(timing.pages),
      fixed(timing.seconds, 2),
      fixed(timing.seconds / timing.pages, 2),
      fixed(timing.cpuSeconds / timing.pages, 2),
      fixed(timing.cer, 4),
      fixed(timing.confidence, 1),
    ]),
  );
  console.log(`Load average at the end: ${os.loadavg()[0]?.toFixed(1)}`);
}

try {
  await main();
} finally {
  await shutdownOcr();
}
