import { promisify } from 'node:util';
import { inflateRaw, inflateRawSync } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);

/**
 * A zip reader that cannot be made to allocate more than its limits: the entry count is checked before any
 * entry is read, and every entry is inflated with a cap on the bytes actually produced (zlib stops there),
 * so sizes declared in the headers, true or false, do not matter. Only what a DOCX needs: no zip64, no
 * encryption, stored or deflated entries.
 */

type ZipLimits = {
  /** entries in the central directory */
  maxEntries: number;
  /** inflated bytes of all entries read together */
  maxTotalBytes: number;
};

/** Why a zip was refused: it is malformed, or reading it would exceed a limit. */
export class ZipReadError extends Error {
  constructor(readonly reason: 'broken' | 'too_large') {
    super(`zip: ${reason}`);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;

type Entry = { name: string; method: number; flags: number; compressedSize: number; localOffset: number };

function findEndOfCentralDirectory(data: Buffer): number {
  const lowest = Math.max(0, data.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = data.length - EOCD_SIZE; at >= lowest; at -= 1) {
    if (data.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw new ZipReadError('broken');
}

function listEntries(data: Buffer, limits: ZipLimits): Entry[] {
  const end = findEndOfCentralDirectory(data);
  const declared = data.readUInt16LE(end + 10);
  const offset = data.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mean zip64, which no document a student writes needs
  if (declared === 0xffff || offset === 0xffffffff) throw new ZipReadError('too_large');
  if (declared > limits.maxEntries) throw new ZipReadError('too_large');
  const entries: Entry[] = [];
  let at = offset;
  // The declared count is not trusted either: the records themselves are counted.
  while (at + 4 <= end && data.readUInt32LE(at) === CENTRAL_SIGNATURE) {
    if (entries.length === limits.maxEntries) throw new ZipReadError('too_large');
    if (at + CENTRAL_SIZE > end) throw new ZipReadError('broken');
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    entries.push({
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      localOffset: data.readUInt32LE(at + 42),
      name: data.toString('utf8', at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength),
    });
    at += CENTRAL_SIZE + nameLength + extraLength + commentLength;
  }
  if (entries.length === 0) throw new ZipReadError('broken');
  return entries;
}

/** The stored bytes of an entry and how they are compressed; throws for what a DOCX never holds. */
function locateEntry(data: Buffer, entry: Entry): { compressed: Buffer; deflated: boolean } {
  // bit 0: encrypted
  if ((entry.flags & 1) !== 0) throw new ZipReadError('broken');
  const local = entry.localOffset;
  if (local + LOCAL_SIZE > data.length || data.readUInt32LE(local) !== LOCAL_SIGNATURE) {
    throw new ZipReadError('broken');
  }
  const start = local + LOCAL_SIZE + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
  const compressed = data.subarray(start, start + entry.compressedSize);
  if (compressed.length !== entry.compressedSize) throw new ZipReadError('broken');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipReadError('broken');
  return { compressed, deflated: entry.method === 8 };
}

function inflateError(error: unknown): ZipReadError {
  // zlib fails with ERR_BUFFER_TOO_LARGE as soon as its output would pass the cap
  return new ZipReadError(
    (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'broken',
  );
}

function readEntry(data: Buffer, entry: Entry, maxBytes: number): Buffer {
  const { compressed, deflated } = locateEntry(data, entry);
  if (!deflated) {
    if (compressed.length > maxBytes) throw new ZipReadError('too_large');
    return compressed;
  }
  try {
    return inflateRawSync(compressed, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    throw inflateError(error);
  }
}

async function readEntryAsync(data: Buffer, entry: Entry, maxBytes: number): Promise<Buffer> {
  const { compressed, deflated } = locateEntry(data, entry);
  if (!deflated) {
    if (compressed.length > maxBytes) throw new ZipReadError('too_large');
    return compressed;
  }
  try {
    return await inflateRawAsync(compressed, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    throw inflateError(error);
  }
}

/**
 * The inflated entries whose names `wanted` accepts, in the zip's order. Entries it does not accept are
 * counted but never inflated.
 */
export function readZip(
  data: Uint8Array,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => true,
): Map<string, Buffer> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buffer.length < EOCD_SIZE) throw new ZipReadError('broken');
  const files = new Map<string, Buffer>();
  let remaining = limits.maxTotalBytes;
  for (const entry of listEntries(buffer, limits)) {
    if (entry.name.endsWith('/') || !wanted(entry.name)) continue;
    const content = readEntry(buffer, entry, remaining);
    remaining -= content.length;
    files.set(entry.name, content);
  }
  return files;
}

/**
 * `readZip` with zlib's asynchronous inflate, which runs on libuv's thread pool: for checking an upload on the
 * thread that answers requests without making it wait for the inflating.
 */
export async function readZipAsync(
  data: Uint8Array,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buffer.length < EOCD_SIZE) throw new ZipReadError('broken');
  const files = new Map<string, Buffer>();
  let remaining = limits.maxTotalBytes;
  for (const entry of listEntries(buffer, limits)) {
    if (entry.name.endsWith('/') || !wanted(entry.name)) continue;
    const content = await readEntryAsync(buffer, entry, remaining);
    remaining -= content.length;
    files.set(entry.name, content);
  }
  return files;
}
