import {
  CATEGORY_TERMS,
  CLIENT_TYPE_LABELS,
  CONTACT_COLUMNS,
  CONTACT_STATE,
  CONTACT_STATE_LABELS,
  isStaffRole,
  ROLES,
  type Contact,
  type ContactColumnKey,
  type createContactInputSchema,
  type updateContactInputSchema,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { contacts, leadStatuses, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import type { Cell } from '../../platform/export/table-export';
import { fieldError, validationError } from '../../platform/http/errors';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import type { BrandingService } from '../branding/branding.service';
import type { SubjectDefinition } from '../records/subjects';
import { findUserById } from '../users/users.repository';
import { toContact } from './contacts.mapper';
import { contactsRepository, findContactByEmail, findUnlinkedContactByEmail } from './contacts.repository';
import { purgeRecordParts } from '../records/records.repository';

type CreateInput = z.output<typeof createContactInputSchema>;
type UpdateInput = z.output<typeof updateContactInputSchema>;

const EMAIL_TAKEN = 'The email has already been taken.';

/** Fields written as given; name is derived from first and last name. */
const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'state',
  'lead_status_id',
  'client_type',
  'owner_id',
  'source',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
  'category',
] as const;

export function createContactsService(ctx: AppContext, branding: BrandingService) {
  /** Lead statuses must exist; owners must be active staff; an email belongs to one contact. */
  async function check(tx: DbOrTx, input: Partial<UpdateInput>, id?: number) {
    const errors: Record<string, string[]> = {};
    if (input.lead_status_id) {
      const [status] = await tx
        .select({ id: leadStatuses.id })
        .from(leadStatuses)
        .where(eq(leadStatuses.id, input.lead_status_id));
      if (!status) errors.lead_status_id = ['The selected lead status is invalid.'];
    }
    if (input.owner_id) {
      const person = await findUserById(tx, input.owner_id);
      if (!person || !isStaffRole(person.role_id) || person.deactivated_at)
        errors.owner_id = ['The selected owner must be an active staff member.'];
    }
    if (input.email) {
      const other = await findContactByEmail(tx, input.email);
      if (other && other.id !== id) errors.email = [EMAIL_TAKEN];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  /** A contact's value in a column of the export, with the category under this platform's terms. */
  async function cells() {
    const terms = await branding.terminology();
    return (contact: Contact, key: ContactColumnKey): Cell => {
      switch (key) {
        case 'state':
          return CONTACT_STATE_LABELS[contact.state];
        case 'lead_status':
          return contact.lead_status?.name ?? null;
        case 'owner':
          return contact.owner?.name ?? null;
        case 'category':
          return contact.category ? terms[CATEGORY_TERMS[contact.category]] : null;
        case 'client_type':
          return contact.client_type ? CLIENT_TYPE_LABELS[contact.client_type] : null;
        case 'created_at':
          return new Date(contact.created_at);
        default:
          return contact[key];
      }
    };
  }

  const records = createRecordService(ctx, {
    repository: contactsRepository,
    auditType: 'contact',
    notFound: 'No contact with that id.',
    present: toContact,
    /** name is derived from first and last name */
    insert: (input: CreateInput) => ({
      ...givenFields(input, FIELDS),
      first_name: input.first_name,
      last_name: input.last_name,
      name: `${input.first_name} ${input.last_name}`,
    }),
    patch: (input: UpdateInput, before) => ({
      ...givenFields(input, FIELDS),
      name: `${input.first_name ?? before.first_name} ${input.last_name ?? before.last_name}`,
    }),
    export: { columns: CONTACT_COLUMNS, sheetName: 'Contacts', cells },
    rules: {
      create: (tx, input) => check(tx, input),
      update: (tx, input, before) => check(tx, input, before.id),
    },
    purge: (tx, id) => purgeRecordParts(tx, 'contact', id),
    conflict: () => fieldError('email', EMAIL_TAKEN),
  });

  const subject: SubjectDefinition = {
    type: 'contact',
    async find(tx, id) {
      const [row] = await tx
        .select({ id: contacts.id, name: contacts.name, email: contacts.email })
        .from(contacts)
        .where(eq(contacts.id, id));
      return row;
    },
    adminUrl: (id) => `/admin/investors/contacts/${id}/details`,
    notesUrl: (id) => `/admin/investors/contacts/${id}/notes-calls-tasks`,
  };

  return {
    ...records,
    subject,

    /**
     * A contact becomes an investor (state 3, linked to the user) when someone registers, or staff add
     * an investor, with the contact's email. Runs in the caller's transaction; returns the contact's id.
     */
    async linkContactByEmail(tx: DbOrTx, user: UserRow, actor?: Actor) {
      if (user.role_id !== ROLES.USER) return undefined;
      const contact = await findUnlinkedContactByEmail(tx, user.email);
      if (!contact) return undefined;
      await contactsRepository.update(tx, contact.id, { state: CONTACT_STATE.INVESTMENT, user_id: user.id });
      // Registration has no staff actor: the new investor converted themselves.
      await recordAudit(tx, actor ?? { userId: user.id, requestId: '', ip: '' }, {
        action: 'contact.converted',
        subjectType: 'contact',
        subjectId: contact.id,
        before: { state: contact.state, user_id: contact.user_id },
        after: { state: CONTACT_STATE.INVESTMENT, user_id: user.id, investor: user.name },
      });
      return contact.id;
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
