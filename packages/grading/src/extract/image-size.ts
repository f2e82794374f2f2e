/**
 * The pixel size an image declares in its header, read without decoding anything: a decoder allocates
 * width × height × 4 bytes up front, whatever the file's own size (69 bytes of PNG can declare 30000 ×
 * 30000 px, 3.6 GB). null when the header is missing or malformed.
 */
type ImageSize = { width: number; height: number };

const PNG_SIGNATURE_LENGTH = 8;

/** PNG: the IHDR chunk must come first, right after the signature. */
function pngSize(data: Uint8Array): ImageSize | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = PNG_SIGNATURE_LENGTH;
  if (data.length < at + 16) return null;
  const type = String.fromCharCode(...data.subarray(at + 4, at + 8));
  if (type !== 'IHDR') return null;
  return { width: view.getUint32(at + 8), height: view.getUint32(at + 12) };
}

/** SOF0–SOF15 without DHT (C4), JPG (C8) and DAC (CC): the frame header with the image's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the segments up to the first frame header; the scan data (after SOS) is never reached. */
function jpegSize(data: Uint8Array): ImageSize | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1] ?? 0;
    // fill bytes before a marker
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // markers without a length: TEM and RST0–7
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // start of scan or end of image before any frame header
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > data.length) return null;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

export function readImageSize(data: Uint8Array, type: 'png' | 'jpeg'): ImageSize | null {
  const size = type === 'png' ? pngSize(data) : jpegSize(data);
  if (size === null || size.width === 0 || size.height === 0) return null;
  return size;
}
