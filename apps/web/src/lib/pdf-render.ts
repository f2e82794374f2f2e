import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The worker is one of our own assets, so the strict CSP (scripts only from us) allows it.
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One page of a PDF the teacher picked, drawn at `width` CSS pixels into a PNG object URL. This module is
 * loaded only when a PDF is shown, so pdf.js (several hundred KB) never weighs on the other screens.
 */
export async function renderPdfPage(file: File, pageIndex: number, width: number): Promise<string> {
  const data = new Uint8Array(await file.arrayBuffer());
  const document = await getDocument({ data, isEvalSupported: false }).promise;
  try {
    const page = await document.getPage(pageIndex + 1);
    const unscaled = page.getViewport({ scale: 1 });
    const scale = (width * Math.min(window.devicePixelRatio || 1, 2)) / unscaled.width;
    const viewport = page.getViewport({ scale });
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('PDF-Seite konnte nicht gezeichnet werden');
    return URL.createObjectURL(blob);
  } finally {
    void document.destroy();
  }
}
