import { describe, expect, it } from 'vitest';
import {
  downscale,
  inkPerRow,
  pageScale,
  preparePage,
  stripCuts,
  toPgm,
  typicalLineHeight,
  type OcrImage,
} from './ocr-page';

/** A white page with black bars standing in for text lines: `lines` bars of `lineHeight` rows, `gap` apart. */
function barPage(options: {
  width?: number;
  lines: number;
  lineHeight: number;
  gap: number;
  margin?: number;
}) {
  const width = options.width ?? 1200;
  const margin = options.margin ?? 100;
  const height = 2 * margin + options.lines * (options.lineHeight + options.gap);
  const pixels = new Uint8Array(width * height).fill(255);
  const tops: number[] = [];
  for (let line = 0; line < options.lines; line += 1) {
    const top = margin + line * (options.lineHeight + options.gap);
    tops.push(top);
    for (let y = top; y < top + options.lineHeight; y += 1)
      pixels.fill(0, y * width + 100, y * width + width - 100);
  }
  return { image: { width, height, pixels } satisfies OcrImage, tops };
}

describe('text line height', () => {
  it('is the median height of the ink rows between blank rows', () => {
    const { image } = barPage({ lines: 10, lineHeight: 40, gap: 20 });
    expect(typicalLineHeight(inkPerRow(image), image.width)).toBe(40);
  });

  it('ignores specks, thin rules and a few dark pixels in otherwise blank rows', () => {
    const { image } = barPage({ lines: 6, lineHeight: 30, gap: 30 });
    // a rule 2 px high and a speck of dust in every gap row: neither is a text line
    image.pixels.fill(0, 50 * image.width, 52 * image.width);
    for (let y = 0; y < image.height; y += 1) image.pixels[y * image.width + 5] = 0;
    expect(typicalLineHeight(inkPerRow(image), image.width)).toBe(30);
  });

  it('says nothing about a page with too few lines', () => {
    const { image } = barPage({ lines: 2, lineHeight: 60, gap: 20 });
    expect(typicalLineHeight(inkPerRow(image), image.width)).toBeNull();
    expect(pageScale(inkPerRow(image), image.width)).toBe(1);
  });
});

describe('page scale', () => {
  it('reduces large text towards 24 px lines, but never below 2/3', () => {
    const scaleFor = (lineHeight: number) => {
      const { image } = barPage({ lines: 8, lineHeight, gap: 20 });
      return pageScale(inkPerRow(image), image.width);
    };
    expect(scaleFor(36)).toBeCloseTo(2 / 3);
    expect(scaleFor(30)).toBeCloseTo(0.8);
    expect(scaleFor(120)).toBeCloseTo(2 / 3);
    // small print keeps its size, as does a reduction too small to pay for itself
    expect(scaleFor(20)).toBe(1);
    expect(scaleFor(26)).toBe(1);
  });
});

describe('downscale', () => {
  it('averages areas, so grey stays grey and black stays black', () => {
    const grey: OcrImage = { width: 300, height: 90, pixels: new Uint8Array(300 * 90).fill(100) };
    const reduced = downscale(grey, 2 / 3);
    expect(reduced.width).toBe(200);
    expect(reduced.height).toBe(60);
    expect(new Set(reduced.pixels)).toEqual(new Set([100]));
  });

  it('keeps a one-pixel stroke as a grey line rather than dropping it', () => {
    const image: OcrImage = { width: 90, height: 90, pixels: new Uint8Array(90 * 90).fill(255) };
    for (let y = 0; y < 90; y += 1) image.pixels[y * 90 + 45] = 0;
    const reduced = downscale(image, 2 / 3);
    const column = Array.from(
      { length: reduced.width },
      (_, x) => reduced.pixels[30 * reduced.width + x] ?? 255,
    );
    expect(Math.min(...column)).toBeLessThan(128);
    // the ink is preserved: the row's darkness adds up to the source's one black pixel, scaled
    const darkness = column.reduce((sum, value) => sum + (255 - value), 0);
    expect(darkness).toBeGreaterThan(255 * (2 / 3) - 3);
    expect(darkness).toBeLessThan(255 * (2 / 3) + 3);
  });

  it('refuses factors it cannot average correctly', () => {
    const { image } = barPage({ lines: 3, lineHeight: 10, gap: 10 });
    expect(() => downscale(image, 0.3)).toThrow(RangeError);
    expect(() => downscale(image, 1.5)).toThrow(RangeError);
  });
});

describe('strips', () => {
  it('cuts in the middle of the gap nearest to each even division', () => {
    const { image, tops } = barPage({ lines: 30, lineHeight: 36, gap: 24 });
    const cuts = stripCuts(inkPerRow(image), image.width, 2);
    expect(cuts).toHaveLength(1);
    const cut = cuts[0] ?? 0;
    expect(Math.abs(cut - image.height / 2)).toBeLessThan(60);
    // inside a gap: not within any bar
    expect(tops.some((top) => cut >= top && cut < top + 36)).toBe(false);
    const gapAbove = Math.max(...tops.filter((top) => top + 36 <= cut)) + 36;
    expect(Math.abs(cut - (gapAbove + 12))).toBeLessThanOrEqual(1);
  });

  it('does not cut a page without gaps', () => {
    const image: OcrImage = { width: 1000, height: 2000, pixels: new Uint8Array(1000 * 2000).fill(255) };
    for (let y = 0; y < 2000; y += 1) image.pixels.fill(0, y * 1000 + 100, y * 1000 + 160);
    expect(stripCuts(inkPerRow(image), image.width, 2)).toEqual([]);
  });

  it('does not cut in a margin, which would leave an empty strip', () => {
    // all text in the upper third: the middle of the page is blank down to the edge
    const { image } = barPage({ lines: 10, lineHeight: 36, gap: 24, margin: 100 });
    const tall: OcrImage = {
      width: image.width,
      height: image.height * 3,
      pixels: new Uint8Array(image.width * image.height * 3).fill(255),
    };
    tall.pixels.set(image.pixels);
    expect(stripCuts(inkPerRow(tall), tall.width, 2)).toEqual([]);
  });

  it('cuts a large page into strips that together are the reduced page', () => {
    const { image } = barPage({ width: 2400, lines: 50, lineHeight: 36, gap: 30 });
    const { scale, strips } = preparePage(image, 2);
    expect(scale).toBeCloseTo(2 / 3);
    expect(strips).toHaveLength(2);
    const [first, second] = strips;
    expect(first?.top).toBe(0);
    expect(second?.top).toBe(first?.image.height);
    const reducedHeight = Math.round(image.height * scale);
    expect((first?.image.height ?? 0) + (second?.image.height ?? 0)).toBe(reducedHeight);
    expect(first?.image.width).toBe(1600);
  });

  it('keeps small images and single-worker pools in one piece', () => {
    const { image } = barPage({ lines: 8, lineHeight: 20, gap: 20 });
    expect(preparePage(image, 4).strips).toHaveLength(1);
    const { image: large } = barPage({ width: 2400, lines: 50, lineHeight: 36, gap: 30 });
    expect(preparePage(large, 1).strips).toHaveLength(1);
  });
});

describe('PGM', () => {
  it('writes the header Leptonica reads and the pixels unchanged', () => {
    const pgm = toPgm({ width: 3, height: 2, pixels: Uint8Array.from([0, 1, 2, 253, 254, 255]) });
    expect(pgm.subarray(0, 11).toString('ascii')).toBe('P5\n3 2\n255\n');
    expect([...pgm.subarray(11)]).toEqual([0, 1, 2, 253, 254, 255]);
  });
});
