import type { FastifyReply } from 'fastify';

/** A PDF the person downloads (a statement, a report): private, never cached, named as given. */
export function sendPdf(reply: FastifyReply, file: { body: Buffer | Uint8Array; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename.replace(/"/g, '')}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
