import type { SavedTest } from '@korrigo/domain';
import { buildTestDocument, pdfFileName, type ImageSizes } from './test-pdf';

function naturalSize(source: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = source;
  });
}

/** Sizes of the embedded (uploaded) images, so a small picture is not blown up on paper. */
async function embeddedImageSizes(test: SavedTest): Promise<ImageSizes> {
  const sizes: ImageSizes = {};
  for (const resource of test.resources) {
    if (resource.type !== 'image' || !resource.content.startsWith('data:image/')) continue;
    const size = await naturalSize(resource.content);
    if (size) sizes[resource.content] = size;
  }
  return sizes;
}

/**
 * Builds the PDF in the browser (spec 001 §7) and downloads it. pdfmake and its Roboto fonts are loaded only
 * now; fonts come from pdfmake's bundled virtual file system, and no URL is ever fetched.
 */
export async function downloadTestPdf(test: SavedTest, solution: boolean) {
  const [{ default: pdfMake }, { default: vfs }, imageSizes] = await Promise.all([
    import('pdfmake/build/pdfmake'),
    import('pdfmake/build/vfs_fonts'),
    embeddedImageSizes(test),
  ]);
  pdfMake.addVirtualFileSystem(vfs);
  pdfMake.setUrlAccessPolicy(() => false);
  await pdfMake
    .createPdf(buildTestDocument(test, { solution, imageSizes }))
    .download(pdfFileName(test, solution));
}
