import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, ImageData, loadImage, type Canvas } from '@napi-rs/canvas';
import { extractionMessages } from '@korrigo/domain';
import { ExtractionError } from '../types';
import { detectFileType } from './file-type';
import { readImageSize } from './image-size';
import type { OcrImage } from './ocr-page';

/** A brief marker that the bytes are not a decodable image; the caller turns it into a German ExtractionError. */
export class BrokenImageError extends Error {}

/** An image whose header declares more than MAX_IMAGE_PIXELS; refused before it is decoded. */
export class ImageTooLargeError extends Error {}

/**
 * The most pixels an uploaded image (or an image inside a PDF) may have: 50 megapixels, enough for the
 * 48-megapixel mode of current phones (8000 × 6000). Decoding costs 4 bytes per pixel of native memory,
 * which no V8 heap limit covers, so this is what bounds it: at most 200 MB per image.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Tesseract wants letters some 20 px high or more. Only crops whose short side is below this are
 * upscaled: on the DHSD handwriting crops (256 × 64) upscaling 2× raised the CER from 0.338 to 0.360 and
 * 4× to above 0.4, so larger images are left at their size.
 */
const MIN_SHORT_SIDE = 40;
const MAX_UPSCALE = 4;
/** Phone photos beyond this only cost time and memory; 5000 px is still ~400 dpi on A4. */
const MAX_LONG_SIDE = 5000;

/**
 * Grey values with a contrast stretch (the darkest 1 % become black, the brightest 1 % white, which lifts
 * faint pencil and grey scans). The pool hands them to Tesseract as a PGM, which costs nothing to write,
 * where PNG-encoding a 300 dpi A4 page takes the better part of a second.
 * RGBA pixels are expected on an opaque white background.
 */
export function rgbaToOcrImage(rgba: Uint8ClampedArray, width: number, height: number): OcrImage {
  const grey = new Uint8Array(width * height);
  const image: OcrImage = { width, height, pixels: grey };
  const histogram = new Uint32Array(256);
  for (let pixel = 0; pixel < grey.length; pixel += 1) {
    const at = pixel * 4;
    const value = (77 * (rgba[at] ?? 0) + 150 * (rgba[at + 1] ?? 0) + 29 * (rgba[at + 2] ?? 0)) >> 8;
    grey[pixel] = value;
    histogram[value] = (histogram[value] ?? 0) + 1;
  }
  const percentile = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value] ?? 0;
      if (seen >= grey.length * share) return value;
    }
    return 255;
  };
  const low = percentile(0.01);
  const high = percentile(0.99);
  // A (nearly) uniform image has nothing to stretch; stretching it would amplify noise into "text".
  if (high - low < 32 || (low === 0 && high === 255)) return image;
  const lookup = Uint8Array.from({ length: 256 }, (_, value) =>
    Math.min(255, Math.max(0, Math.round(((value - low) * 255) / (high - low)))),
  );
  for (let pixel = 0; pixel < grey.length; pixel += 1) grey[pixel] = lookup[grey[pixel] ?? 0] ?? 0;
  return image;
}

type Drawable = Canvas | Awaited<ReturnType<typeof loadImage>>;

/**
 * Draws an image onto a white canvas at a size Tesseract reads well and returns it in grey.
 * Transparent pixels become white: handwriting crops are often black ink on a transparent background,
 * which Tesseract would otherwise see as black on black.
 */
export function normaliseForOcr(source: Drawable): OcrImage {
  const longSide = Math.max(source.width, source.height);
  const shortSide = Math.min(source.width, source.height);
  let scale = 1;
  if (longSide > MAX_LONG_SIDE) scale = MAX_LONG_SIDE / longSide;
  else if (shortSide < MIN_SHORT_SIDE) scale = Math.min(MAX_UPSCALE, MIN_SHORT_SIDE / shortSide);
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return rgbaToOcrImage(context.getImageData(0, 0, width, height).data, width, height);
}

/** Our canvas holding RGBA pixels decoded elsewhere (the benchmark's TIFF lines). */
export function pixelsToCanvas(pixels: Uint8ClampedArray, width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(pixels, width, height), 0, 0);
  return canvas;
}

/**
 * True for a PNG or JPEG whose header declares more than MAX_IMAGE_PIXELS. Reads a few header bytes and
 * decodes nothing, so the thread that answers requests may ask it before queueing the file for a worker.
 */
export function declaresTooManyPixels(data: Uint8Array): boolean {
  const type = detectFileType(data);
  if (type !== 'png' && type !== 'jpeg') return false;
  const size = readImageSize(data, type);
  return size !== null && size.width * size.height > MAX_IMAGE_PIXELS;
}

/** The German refusal of an image over MAX_IMAGE_PIXELS. */
export function tooManyPixelsError(fileName: string): ExtractionError {
  return new ExtractionError(
    'too_large',
    extractionMessages.tooManyPixels(fileName, `${MAX_IMAGE_PIXELS / 1e6} Megapixel`),
    fileName,
  );
}

/**
 * Decodes a PNG or JPEG upload and prepares it for OCR. Its size is read from the header first: an image
 * over MAX_IMAGE_PIXELS is refused before the decoder allocates anything.
 */
export async function prepareImageForOcr(data: Uint8Array): Promise<OcrImage> {
  const type = detectFileType(data);
  const size = type === 'png' || type === 'jpeg' ? readImageSize(data, type) : null;
  if (size === null) throw new BrokenImageError('no PNG or JPEG header with a size');
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError();
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(data));
  } catch (error) {
    throw new BrokenImageError(String(error));
  }
  if (image.width === 0 || image.height === 0) throw new BrokenImageError('image without pixels');
  // the decoder's own reading of the size, should it differ from the header we read
  if (image.width * image.height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError();
  return normaliseForOcr(image);
}

const require = createRequire(import.meta.url);
const WARM_UP_FONT = 'KorrigoOcrWarmUp';
const WARM_UP_LINES = [
  'Aufgabe 1: Erkläre, warum Pflanzen Licht für die Fotosynthese brauchen.',
  'Die grünen Blätter wandeln Lichtenergie, Wasser und Kohlenstoffdioxid',
  'in Traubenzucker und Sauerstoff um. Größere Blätter fangen mehr Licht.',
  'Aufgabe 2: Berechne 3/4 + 1/8 = 7/8 und kürze das Ergebnis, wenn möglich.',
];

/**
 * A few lines of print, as a 300 dpi scan would show them, for the OCR warm-up. The font is the Liberation
 * Sans that pdf.js ships, so the page is the same on every machine, with or without system fonts.
 */
export function warmUpPage(): OcrImage {
  if (!GlobalFonts.has(WARM_UP_FONT)) {
    const fonts = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
    GlobalFonts.registerFromPath(path.join(fonts, 'LiberationSans-Regular.ttf'), WARM_UP_FONT);
  }
  const fontSize = 46;
  const width = 2000;
  const height = 120 + WARM_UP_LINES.length * 67;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `${fontSize}px ${WARM_UP_FONT}`;
  context.textBaseline = 'top';
  WARM_UP_LINES.forEach((line, index) => context.fillText(line, 60, 60 + index * 67));
  return rgbaToOcrImage(context.getImageData(0, 0, width, height).data, width, height);
}
