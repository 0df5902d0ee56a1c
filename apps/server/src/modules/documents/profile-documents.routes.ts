import { dataOf, documentSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { requireUser } from '../../platform/http/kernel';
import type { DocumentsService } from './documents.service';

/** /investor/profile/documents: an investor's own public documents (spec §4); private ones never. */
export function profileDocumentsRoutes(service: DocumentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/documents',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'The signed-in investor’s public documents, with short-lived download links',
          response: { 200: dataOf(z.array(documentSchema)) },
        },
      },
      async (request) => ({ data: await service.listPublicForInvestor(requireUser(request).id) }),
    );
  };
}
