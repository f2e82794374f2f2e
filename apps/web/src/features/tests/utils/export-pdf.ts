import type { SavedTest } from '@korrigo/domain';
import type { MatchingOrders } from './test-model';
import { buildTestDocument, pdfFileName } from './test-pdf';

/**
 * Builds the PDF in the browser (spec 001 §7) and downloads it. pdfmake and its Roboto fonts are loaded only
 * now; fonts come from pdfmake's bundled virtual file system, and no URL is ever fetched.
 */
export async function downloadTestPdf(test: SavedTest, orders: MatchingOrders, solution: boolean) {
  const [{ default: pdfMake }, { default: vfs }] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/vfs_fonts'),
  ]);
  pdfMake.addVirtualFileSystem(vfs);
  pdfMake.setUrlAccessPolicy(() => false);
  await pdfMake
    .createPdf(buildTestDocument(test, orders, { solution }))
    .download(pdfFileName(test, solution));
}
