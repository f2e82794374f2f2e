import { createRequire } from 'node:module';
import path from 'node:path';
import { classEvaluationExportLabels as labels } from '@korrigo/domain';

/**
 * PDF files made on the server with pdfmake (ARCHITECTURE.md §3): A4, vector text, pdfmake's own Roboto. The
 * modules build pure document definitions (tested without rendering); `renderPdf` makes the file.
 */

// pdfmake's content is a tree of plain objects and strings (https://pdfmake.github.io/docs/0.3/)
export type Content = string | Record<string, unknown>;
export type TableCell = Content;
export type TDocumentDefinitions = Record<string, unknown>;

const FONT = 'Roboto';
/** An A4 page with the house styles (title, heading, subheading, muted, notice, tableHeader) and page numbers. */
export function a4Document(title: string, content: Content[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 60],
    info: { title, producer: 'Korrigo', creator: 'Korrigo' },
    defaultStyle: { font: FONT, fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
      heading: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] },
      subheading: { fontSize: 10, bold: true, margin: [0, 8, 0, 2] },
      muted: { color: '#555555' },
      notice: { color: '#a0001c', bold: true, margin: [0, 10, 0, 0] },
      tableHeader: { bold: true, fillColor: '#eeeeee' },
    },
    footer: (page: number, pages: number) => ({
      text: labels.page(page, pages),
      alignment: 'center',
      fontSize: 8,
      color: '#777777',
      margin: [0, 20, 0, 0],
    }),
    content,
  };
}

const require = createRequire(import.meta.url);

/**
 * The part of pdfmake's Node API used here. Loaded with require and typed here rather than with
 * @types/pdfmake, whose interfaces pull the DOM library into the server's types (`/// <reference lib="dom" />`)
 * and change what Node's own types mean (streams, Blob).
 */
type PdfMake = {
  addFonts(
    fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>,
  ): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};
const pdfmake = require('pdfmake') as PdfMake;
let fontsReady: string[] | null = null;

/**
 * pdfmake's own Roboto (it ships with the package, umlauts and ß included): no system font and no network.
 * The access policies keep a document from reading any other file or any address.
 */
function ensureFonts(): string[] {
  if (fontsReady) return fontsReady;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'build/fonts/Roboto');
  const files = {
    normal: path.join(dir, 'Roboto-Regular.ttf'),
    bold: path.join(dir, 'Roboto-Medium.ttf'),
    italics: path.join(dir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(dir, 'Roboto-MediumItalic.ttf'),
  };
  pdfmake.addFonts({ [FONT]: files });
  fontsReady = Object.values(files);
  return fontsReady;
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const allowed = ensureFonts();
  // pdfmake keeps its policies in one object per process: set them for every document, so that another user
  // of the library in the process (the grading tests' PDF fixtures share the test worker) cannot leave a
  // policy that refuses our fonts or allows more than them
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => allowed.includes(file));
  return pdfmake.createPdf(definition).getBuffer();
}
