import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Writes .br and .gz next to a text file, so the server sends it compressed without compressing on each
 * request (@fastify/static `preCompressed`). Phones on slow school Wi-Fi load a third of the bytes.
 */
export function precompressFile(file: string): void {
  if (!/\.(js|css|html|svg|json|txt)$/.test(file) || fs.statSync(file).size < 1024) return;
  const data = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
