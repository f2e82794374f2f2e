import fs from 'node:fs';
import os from 'node:os';

/** The nice value of extraction and OCR threads: the thread answering requests (0) comes first. */
const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread. On Linux each thread has its own nice value, and threads
 * it starts later (Tesseract's, pdf.js's) inherit it; so when extraction and OCR want every core, the
 * thread that answers requests still gets one at once. Elsewhere, or where it is not allowed, a no-op.
 */
export function lowerThreadPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) os.setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // not Linux: the threads run at the process's priority
  }
}
