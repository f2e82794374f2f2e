import type { FastifyReply } from 'fastify';

/**
 * A file the user downloads (a CSV export, a PDF we made for her): an attachment under an ASCII file name the
 * caller has made safe, never kept by a shared cache, since each one holds pupils' grades.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: Buffer | string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
