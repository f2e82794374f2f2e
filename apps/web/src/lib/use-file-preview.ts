import { useEffect, useState } from 'react';

/** How a picked file is previewed: an image URL (photo, or a PDF page drawn by pdf.js) or a text snippet. */
export type FilePreview =
  { kind: 'image'; url: string } | { kind: 'text'; snippet: string } | { kind: 'none' };

const SNIPPET_CHARS = 120;

async function makePreview(file: File, pageIndex: number, width: number): Promise<FilePreview> {
  if (file.type.startsWith('image/')) return { kind: 'image', url: URL.createObjectURL(file) };
  if (file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')) {
    const { renderPdfPage } = await import('@/lib/pdf-render');
    return { kind: 'image', url: await renderPdfPage(file, pageIndex, width) };
  }
  if (file.type === 'text/plain' || file.name.toLowerCase().endsWith('.txt')) {
    const text = (await file.slice(0, SNIPPET_CHARS * 4).text()).replace(/\s+/g, ' ').trim();
    return { kind: 'text', snippet: text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text };
  }
  return { kind: 'none' };
}

/**
 * The preview of one file, made after render and released when the file changes or the component goes.
 * A file that cannot be drawn (a broken PDF, no canvas in the test DOM) simply shows its icon: the server
 * says what is wrong with it when it is uploaded.
 */
export function useFilePreview(file: File | undefined, { pageIndex = 0, width = 96 } = {}): FilePreview {
  const [preview, setPreview] = useState<{ file: File; page: number; value: FilePreview } | null>(null);
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    let url: string | null = null;
    makePreview(file, pageIndex, width)
      .then((value) => {
        if (value.kind === 'image') url = value.url;
        if (cancelled) {
          if (url) URL.revokeObjectURL(url);
          return;
        }
        setPreview({ file, page: pageIndex, value });
      })
      .catch(() => {
        if (!cancelled) setPreview({ file, page: pageIndex, value: { kind: 'none' } });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, pageIndex, width]);
  return preview && preview.file === file && preview.page === pageIndex ? preview.value : { kind: 'none' };
}
