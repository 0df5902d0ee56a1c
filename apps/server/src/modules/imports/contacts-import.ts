import { createContactInputSchema, fieldErrorsFromZod, IMPORT_FIELDS } from '@portico/contracts';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contacts } from '../../db/schema';
import type { ContactsService } from '../contacts/contacts.service';
import { findContactByEmail } from '../contacts/contacts.repository';
import type { ImportTarget } from './import-targets';
import { byEmail, emailsOf, givenChanges, leadStatusesByName, rowInput } from './import-rows';

/**
 * Contacts from a file: a row with an email updates the contact that has it, or creates one; a row
 * without an email (allowed for contacts) always creates.
 */
export function contactsImportTarget(ctx: AppContext, service: ContactsService): ImportTarget {
  return {
    kind: 'contacts',
    fields: IMPORT_FIELDS.contacts,

    async checker(rows) {
      const statuses = await leadStatusesByName(ctx.db);
      const existing = await byEmail(emailsOf(rows), (chunk) =>
        ctx.db.select({ email: contacts.email }).from(contacts).where(inArray(contacts.email, chunk)),
      );
      return (values) => {
        const { input, errors } = rowInput(values, statuses);
        const parsed = createContactInputSchema.safeParse(input);
        if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error));
        if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
        const email = parsed.data.email;
        return { action: email && existing.has(email) ? 'update' : 'create' };
      };
    },

    async apply(values, who) {
      const { input } = rowInput(values, await leadStatusesByName(ctx.db));
      const parsed = createContactInputSchema.parse(input);
      const existing = parsed.email ? await findContactByEmail(ctx.db, parsed.email) : undefined;
      if (existing) {
        await service.update(who.actor, existing.id, givenChanges(parsed, input));
        return 'updated';
      }
      await service.create(who.actor, parsed);
      return 'created';
    },
  };
}
