import { createCanvas, ImageData, loadImage, type Canvas } from '@napi-rs/canvas';

/** A brief marker that the bytes are not a decodable image; the caller turns it into a German ExtractionError. */
export class BrokenImageError extends Error {}

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
 * faint pencil and grey scans), written as a binary PGM. Tesseract's Leptonica reads PGM natively, and
 * writing it costs nothing, where PNG-encoding a 300 dpi A4 page takes the better part of a second.
 * RGBA pixels are expected on an opaque white background.
 */
export function rgbaToOcrImage(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const image = Buffer.alloc(header.length + width * height);
  header.copy(image);
  const grey = image.subarray(header.length);
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
 * Draws an image onto a white canvas at a size Tesseract reads well and returns it as a grey PGM.
 * Transparent pixels become white: handwriting crops are often black ink on a transparent background,
 * which Tesseract would otherwise see as black on black.
 */
export function normaliseForOcr(source: Drawable): Buffer {
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

/** Decodes a PNG or JPEG upload and prepares it for OCR. */
export async function prepareImageForOcr(data: Uint8Array): Promise<Buffer> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(data));
  } catch (error) {
    throw new BrokenImageError(String(error));
  }
  if (image.width === 0 || image.height === 0) throw new BrokenImageError('image without pixels');
  return normaliseForOcr(image);
}
