import { inflateSync } from 'node:zlib';

/**
 * Just enough TIFF to read the OCR-D line images (8-bit grey, deflate, horizontal predictor, strips):
 * Tesseract.js cannot open TIFF, and no TIFF decoder is installed. Returns RGBA pixels.
 * Unsupported layouts throw, so a silent misreading cannot skew the benchmark.
 */
export function decodeGreyTiff(file: Uint8Array): { width: number; height: number; rgba: Uint8ClampedArray } {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const order = String.fromCharCode(file[0] ?? 0, file[1] ?? 0);
  if (order !== 'II' && order !== 'MM') throw new Error('not a TIFF');
  const little = order === 'II';
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);

  const ifd = u32(4);
  const tags = new Map<number, number[]>();
  for (let entry = 0; entry < u16(ifd); entry += 1) {
    const at = ifd + 2 + entry * 12;
    const [tag, type, count] = [u16(at), u16(at + 2), u32(at + 4)];
    const size = type === 3 ? 2 : 4;
    const valueAt = count * size <= 4 ? at + 8 : u32(at + 8);
    const values = Array.from({ length: count }, (_, index) =>
      size === 2 ? u16(valueAt + index * 2) : u32(valueAt + index * 4),
    );
    if (type === 3 || type === 4) tags.set(tag, values);
  }
  const tag = (id: number, fallback?: number) => {
    const value = tags.get(id)?.[0] ?? fallback;
    if (value === undefined) throw new Error(`TIFF tag ${id} missing`);
    return value;
  };
  const width = tag(256);
  const height = tag(257);
  const bitsPerSample = tag(258, 1);
  const compression = tag(259, 1);
  const photometric = tag(262);
  const samples = tag(277, 1);
  const predictor = tag(317, 1);
  if (bitsPerSample !== 8 || samples !== 1)
    throw new Error(`TIFF ${bitsPerSample} bit × ${samples} unsupported`);
  if (![1, 8, 32946].includes(compression)) throw new Error(`TIFF compression ${compression} unsupported`);

  const offsets = tags.get(273) ?? [];
  const counts = tags.get(279) ?? [];
  const parts = offsets.map((offset, index) => {
    const strip = file.subarray(offset, offset + (counts[index] ?? 0));
    return compression === 1 ? strip : new Uint8Array(inflateSync(strip));
  });
  const grey = new Uint8Array(width * height);
  let written = 0;
  for (const part of parts) {
    grey.set(part.subarray(0, Math.min(part.length, grey.length - written)), written);
    written += part.length;
  }
  if (predictor === 2) {
    for (let row = 0; row < height; row += 1) {
      for (let column = 1; column < width; column += 1) {
        const at = row * width + column;
        grey[at] = ((grey[at] ?? 0) + (grey[at - 1] ?? 0)) & 0xff;
      }
    }
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < grey.length; index += 1) {
    const value = photometric === 0 ? 255 - (grey[index] ?? 0) : (grey[index] ?? 0);
    rgba.set([value, value, value, 255], index * 4);
  }
  return { width, height, rgba };
}
