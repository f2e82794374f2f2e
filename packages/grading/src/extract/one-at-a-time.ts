/**
 * Decoding a large image or rendering a PDF page at 300 dpi takes several hundred MB of native memory
 * (the pixels in RGBA, scaled, and in grey), which no V8 heap limit covers. Within one thread they run one
 * at a time, so an extraction of three such files needs the memory of one; OCR of the results still runs
 * in parallel in the OCR pool.
 */
let last: Promise<unknown> = Promise.resolve();

export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = last.then(work);
  last = result.catch(() => undefined);
  return result;
}
