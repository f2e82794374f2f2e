import { toApiError } from '@/lib/api-client';

/** The file name the server gives (Content-Disposition), else one made from the fallback. */
function fileNameOf(response: Response, fallback: string, extension: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  if (plain) return plain[1]!;
  const safe = fallback.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'Download';
  return `${safe}.${extension}`;
}

/**
 * A file the server makes (a PDF), fetched as a blob and saved through a temporary link: the session cookie
 * goes along and a refusal stays on the page as a toast instead of opening an error page.
 */
export async function downloadFile(
  path: string,
  { accept, fallbackName, extension }: { accept: string; fallbackName: string; extension: string },
): Promise<void> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: accept } });
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw toApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName, extension);
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the browser's download; free it after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
