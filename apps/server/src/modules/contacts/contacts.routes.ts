import {
  CONTACT_COLUMNS,
  contactListSchema,
  contactSchema,
  createContactInputSchema,
  updateContactInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { ContactsService } from './contacts.service';

const tags = ['Contacts'];

/** /admin/investors/contacts (spec §2.1): CRM leads who are not (yet) portal users. */
export function contactsRoutes(service: ContactsService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/contacts',
      tags,
      access: permissionsOf('investors'),
      schemas: {
        record: contactSchema,
        list: contactListSchema,
        create: createContactInputSchema,
        update: updateContactInputSchema,
      },
      summaries: {
        list: 'List contacts',
        listDescription:
          'Filters: search (name or email), state (1 active, 2 inactive, 3 investment), lead_status_id, client_type, owner_id, category, created_between (YYYY-MM-DD,YYYY-MM-DD). Sorts: name, email, created_at, company (default -created_at).',
        create: 'Add a contact',
        get: 'One contact',
        update: 'Change a contact',
        delete: 'Delete a contact',
      },
      export: { filename: 'contacts', columns: CONTACT_COLUMNS },
      service,
    });
  };
}
