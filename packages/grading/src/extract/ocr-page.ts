/**
 * Preparing a whole page for Tesseract's automatic layout mode: scaling it to the text size Tesseract needs
 * and cutting it into horizontal strips that the pool's workers read at the same time.
 */

/** An 8-bit grey image, row by row (0 = black). */
export type OcrImage = { width: number; height: number; pixels: Uint8Array };

/** A part of a page: its rows from `top` on, in the page's (possibly scaled) pixels. */
export type PageStrip = { top: number; image: OcrImage };

/** Darker than this counts as ink (after the contrast stretch, text is near 0 and paper near 255). */
const INK_LEVEL = 128;
/** Runs of ink rows lower than this are specks, rules or underlines, not text lines. */
const MIN_LINE_HEIGHT = 6;
/** With fewer text lines than this, a median line height says little: the page keeps its size. */
const MIN_LINES = 3;
/**
 * Tesseract's LSTM scales every text line to its model's input height (48 px for the npm "best_int"
 * models) whatever its size in the image, so a page with large text costs the same there; but thresholding,
 * layout analysis and line extraction cost by the pixel. Pages are reduced until their text lines (ascender
 * to descender, as the ink rows show them) are about this high: 11 pt print at 300 dpi (~35 px) goes to
 * about 200 dpi, which took some 10–20 % off the CPU time of a typed A4 page. On pages composed of dataset
 * lines the CER did not rise down to ~17 px (8 pt at 200 dpi: 0.0009; OCR-D print lines: 0.088 → 0.080;
 * DHSD handwriting: 0.33 → 0.31) and rose below (8 pt at 150 dpi, 13 px: 0.0026), so 24 px keeps a margin.
 */
const TARGET_LINE_HEIGHT = 24;
/** Never below 2/3 (300 → 200 dpi): a skewed page, whose lines merge in the row profile, looks taller. */
const MIN_SCALE = 2 / 3;
/** A reduction by less than this is not worth the resampling and the slight blur. */
const MAX_USEFUL_SCALE = 0.9;
/** Pages smaller than this are read in one piece: the strips' own set-up would eat the gain. */
const MIN_SPLIT_PIXELS = 1_500_000;
const MIN_STRIP_HEIGHT = 300;

/**
 * Dark pixels per row. A row counts as blank when it has at most `blankTolerance` of them, so a thin scan
 * border or a few specks of dust do not hide the gaps between text lines.
 */
export function inkPerRow(image: OcrImage): Uint32Array {
  const { width, height, pixels } = image;
  const rows = new Uint32Array(height);
  for (let y = 0; y < height; y += 1) {
    let ink = 0;
    const start = y * width;
    for (let x = start; x < start + width; x += 1) if ((pixels[x] ?? 255) < INK_LEVEL) ink += 1;
    rows[y] = ink;
  }
  return rows;
}

const blankTolerance = (width: number) => Math.max(1, Math.floor(width / 200));

/** The median height of the runs of ink rows that look like text lines, or null when there are too few. */
export function typicalLineHeight(rows: Uint32Array, width: number): number | null {
  const tolerance = blankTolerance(width);
  const heights: number[] = [];
  let run = 0;
  for (let y = 0; y <= rows.length; y += 1) {
    if (y < rows.length && (rows[y] ?? 0) > tolerance) {
      run += 1;
      continue;
    }
    if (run >= MIN_LINE_HEIGHT) heights.push(run);
    run = 0;
  }
  if (heights.length < MIN_LINES) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? null;
}

/** How much a page can be reduced before its text lines get shorter than Tesseract reads well. */
export function pageScale(rows: Uint32Array, width: number): number {
  const lineHeight = typicalLineHeight(rows, width);
  if (lineHeight === null) return 1;
  const scale = Math.max(MIN_SCALE, TARGET_LINE_HEIGHT / lineHeight);
  return scale > MAX_USEFUL_SCALE ? 1 : scale;
}

/** Source pixels a target pixel draws on: at most 3 for reductions down to 1/2. */
const TAPS = 3;

/**
 * For each target index along one axis: the first source index and the shares of the source pixels it
 * covers (area averaging: each target pixel is the mean of the source area under it).
 */
function areaWeights(
  sourceLength: number,
  targetLength: number,
): { first: Int32Array; shares: Float32Array } {
  const ratio = sourceLength / targetLength;
  const first = new Int32Array(targetLength);
  const shares = new Float32Array(targetLength * TAPS);
  for (let target = 0; target < targetLength; target += 1) {
    const from = target * ratio;
    const to = Math.min(sourceLength, (target + 1) * ratio);
    const start = Math.min(Math.floor(from), sourceLength - TAPS);
    first[target] = start;
    for (let tap = 0; tap < TAPS; tap += 1) {
      const source = start + tap;
      const covered = Math.min(to, source + 1) - Math.max(from, source);
      shares[target * TAPS + tap] = covered > 0 ? covered / (to - from) : 0;
    }
  }
  return { first, shares };
}

/**
 * Reduces a grey image by a factor between 1/2 and 1 by area averaging, which keeps thin strokes as grey
 * where sampling would drop them. Rows are combined first (whole rows at a time, which is fast), then
 * columns of the shorter image.
 */
export function downscale(image: OcrImage, scale: number): OcrImage {
  if (!(scale >= 0.5 && scale <= 1)) throw new RangeError(`downscale: ${scale} is not between 1/2 and 1`);
  const { width: sourceWidth, height: sourceHeight, pixels: source } = image;
  if (sourceWidth < TAPS || sourceHeight < TAPS) return image;
  const width = Math.max(TAPS, Math.round(sourceWidth * scale));
  const height = Math.max(TAPS, Math.round(sourceHeight * scale));
  const rows = areaWeights(sourceHeight, height);
  const columns = areaWeights(sourceWidth, width);
  const tall = new Float32Array(sourceWidth);
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = (rows.first[y] as number) * sourceWidth;
    const w0 = rows.shares[y * TAPS] as number;
    const w1 = rows.shares[y * TAPS + 1] as number;
    const w2 = rows.shares[y * TAPS + 2] as number;
    for (let x = 0; x < sourceWidth; x += 1) {
      tall[x] =
        w0 * (source[row + x] as number) +
        w1 * (source[row + sourceWidth + x] as number) +
        w2 * (source[row + 2 * sourceWidth + x] as number);
    }
    const target = y * width;
    for (let x = 0; x < width; x += 1) {
      const column = columns.first[x] as number;
      const value =
        (columns.shares[x * TAPS] as number) * (tall[column] as number) +
        (columns.shares[x * TAPS + 1] as number) * (tall[column + 1] as number) +
        (columns.shares[x * TAPS + 2] as number) * (tall[column + 2] as number);
      pixels[target + x] = Math.min(255, Math.round(value));
    }
  }
  return { width, height, pixels };
}

/**
 * Where to cut a page into `parts` strips: for each even division, the middle of the nearest gap between
 * text lines within half a strip's height. A division without such a gap is left out, so no line of text is
 * ever cut; a page without gaps (heavy noise, a photo, a table grid) stays whole.
 */
export function stripCuts(rows: Uint32Array, width: number, parts: number): number[] {
  const height = rows.length;
  const tolerance = blankTolerance(width);
  const blank = (y: number) => (rows[y] ?? 0) <= tolerance;
  const cuts: number[] = [];
  const reach = Math.floor(height / parts / 2);
  for (let part = 1; part < parts; part += 1) {
    const target = Math.round((height * part) / parts);
    let found = -1;
    for (let distance = 0; distance <= reach && found === -1; distance += 1) {
      if (blank(target - distance)) found = target - distance;
      else if (blank(target + distance)) found = target + distance;
    }
    if (found === -1) continue;
    let top = found;
    let bottom = found;
    while (top > 0 && blank(top - 1)) top -= 1;
    while (bottom < height - 1 && blank(bottom + 1)) bottom += 1;
    // A gap that reaches the page edge is a margin: the strip beyond it would be empty.
    if (top === 0 || bottom === height - 1) continue;
    const cut = Math.round((top + bottom + 1) / 2);
    const previous = cuts.at(-1) ?? 0;
    if (cut - previous >= MIN_STRIP_HEIGHT && height - cut >= MIN_STRIP_HEIGHT) cuts.push(cut);
  }
  return cuts;
}

/** Rows `top` to `bottom` (exclusive) of an image, sharing its memory. */
function rowsOf(image: OcrImage, top: number, bottom: number): OcrImage {
  return {
    width: image.width,
    height: bottom - top,
    pixels: image.pixels.subarray(top * image.width, bottom * image.width),
  };
}

/**
 * A page as Tesseract should see it: reduced where its text is larger than needed, and cut into up to
 * `parts` strips at gaps between lines. `scale` maps the strips' pixels back to the page's: page = strip / scale.
 */
export function preparePage(image: OcrImage, parts: number): { scale: number; strips: PageStrip[] } {
  const imageRows = inkPerRow(image);
  const scale = pageScale(imageRows, image.width);
  const page = scale === 1 ? image : downscale(image, scale);
  if (parts <= 1 || page.width * page.height < MIN_SPLIT_PIXELS) {
    return { scale, strips: [{ top: 0, image: page }] };
  }
  // The profile is taken again on the reduced page, so the cuts fall exactly into its gaps.
  const rows = scale === 1 ? imageRows : inkPerRow(page);
  const bounds = [0, ...stripCuts(rows, page.width, parts), page.height];
  return {
    scale,
    strips: bounds.slice(1).map((bottom, index) => {
      const top = bounds[index] ?? 0;
      return { top, image: rowsOf(page, top, bottom) };
    }),
  };
}

/** Binary PGM, which Tesseract's Leptonica reads natively and which costs nothing to write. */
export function toPgm(image: OcrImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  const pgm = Buffer.alloc(header.length + image.pixels.length);
  header.copy(pgm);
  pgm.set(image.pixels, header.length);
  return pgm;
}
