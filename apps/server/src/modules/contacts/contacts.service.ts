import {
  CATEGORY_TERMS,
  CLIENT_TYPE_LABELS,
  CONTACT_COLUMNS,
  CONTACT_STATE,
  CONTACT_STATE_LABELS,
  contactsListQuery,
  isStaffRole,
  parseListQuery,
  ROLES,
  type Contact,
  type ContactColumnKey,
  type createContactInputSchema,
  type ExportFormat,
  type updateContactInputSchema,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { contacts, leadStatuses, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { EXPORT_CAP, exportRecords, type Cell } from '../../platform/export/table-export';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import type { BrandingService } from '../branding/branding.service';
import type { SubjectDefinition } from '../records/subjects';
import { findUserById } from '../users/users.repository';
import { toContact } from './contacts.mapper';
import {
  allContacts,
  deleteContact,
  findContact,
  findContactByEmail,
  findUnlinkedContactByEmail,
  insertContact,
  listContacts,
  updateContact,
  type ContactPatch,
} from './contacts.repository';
import { purgeRecordParts, removeStoredFiles } from '../records/records.repository';

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
] as const satisfies ReadonlyArray<keyof ContactPatch & keyof UpdateInput>;

const patchOf = (input: Partial<UpdateInput>): ContactPatch =>
  Object.fromEntries(
    FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );

/** The fields whose value differs, before and after. */
function changes(before: Contact, after: Contact) {
  const changed = (Object.keys(after) as Array<keyof Contact>).filter(
    (key) => key !== 'updated_at' && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  const pick = (contact: Contact) => Object.fromEntries(changed.map((key) => [key, contact[key]]));
  return { before: pick(before), after: pick(after) };
}

export function createContactsService(ctx: AppContext, branding: BrandingService) {
  const { db } = ctx;

  async function load(tx: DbOrTx, id: number) {
    const row = await findContact(tx, id);
    if (!row) throw notFound('No contact with that id.');
    return toContact(row);
  }

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

  const emailTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw fieldError('email', EMAIL_TAKEN);
    throw error;
  };

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
    subject,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(contactsListQuery, raw);
      const { rows, total } = await listContacts(db, query);
      const data = rows.map((row) => pickFields(toContact(row), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    get: (id: number) => load(db, id),

    /** The filtered list as a file, with the chosen columns (all by default). */
    async export(raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[]) {
      const query = parseListQuery(contactsListQuery, { ...raw, page: undefined, per_page: undefined });
      const terms = await branding.terminology();
      const cell = (contact: Contact, key: ContactColumnKey): Cell => {
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
      return exportRecords({
        columns: CONTACT_COLUMNS,
        chosen: columnKeys,
        batches: allContacts(db, query, EXPORT_CAP),
        present: (batch) => batch.map(toContact),
        cell,
        format,
        sheetName: 'Contacts',
      });
    },

    async create(actor: Actor, input: CreateInput) {
      const id = await db
        .transaction(async (tx) => {
          await check(tx, input);
          const row = await insertContact(tx, {
            ...patchOf(input),
            first_name: input.first_name,
            last_name: input.last_name,
            name: `${input.first_name} ${input.last_name}`,
          });
          await recordAudit(tx, actor, {
            action: 'contact.created',
            subjectType: 'contact',
            subjectId: row.id,
            after: await load(tx, row.id),
          });
          return row.id;
        })
        .catch(emailTaken);
      return load(db, id);
    },

    async update(actor: Actor, id: number, input: UpdateInput) {
      await db
        .transaction(async (tx) => {
          const before = await load(tx, id);
          await check(tx, input, id);
          const first = input.first_name ?? before.first_name;
          const last = input.last_name ?? before.last_name;
          await updateContact(tx, id, { ...patchOf(input), name: `${first} ${last}` });
          const diff = changes(before, await load(tx, id));
          if (Object.keys(diff.after).length > 0)
            await recordAudit(tx, actor, {
              action: 'contact.updated',
              subjectType: 'contact',
              subjectId: id,
              ...diff,
            });
        })
        .catch(emailTaken);
      return load(db, id);
    },

    async remove(actor: Actor, id: number) {
      const files = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        const keys = await purgeRecordParts(tx, 'contact', id);
        await deleteContact(tx, id);
        await recordAudit(tx, actor, {
          action: 'contact.deleted',
          subjectType: 'contact',
          subjectId: id,
          before: { name: before.name, email: before.email },
        });
        return keys;
      });
      await removeStoredFiles(ctx.storage, files);
    },

    /**
     * A contact becomes an investor (state 3, linked to the user) when someone registers, or staff add
     * an investor, with the contact's email. Runs in the caller's transaction; returns the contact's id.
     */
    async linkContactByEmail(tx: DbOrTx, user: UserRow, actor?: Actor) {
      if (user.role_id !== ROLES.USER) return undefined;
      const contact = await findUnlinkedContactByEmail(tx, user.email);
      if (!contact) return undefined;
      await updateContact(tx, contact.id, { state: CONTACT_STATE.INVESTMENT, user_id: user.id });
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
