import {
  NOMINEE_COLUMNS,
  nomineeClientsListQuery,
  nomineesListQuery,
  parseListQuery,
  type ExportFormat,
  type createNomineeClientInputSchema,
  type createNomineeInputSchema,
  type Nominee,
  type NomineeColumnKey,
  type updateNomineeInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { EXPORT_CAP, exportRecords, type Cell } from '../../platform/export/table-export';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import type { SubjectDefinition } from '../records/subjects';
import { toClient, toNominee } from './nominees.mapper';
import {
  allNominees,
  deleteClient,
  deleteNominee,
  findClient,
  findClientByUser,
  findInvestorRef,
  findNominee,
  insertClient,
  insertNominee,
  listClients,
  listNominees,
  updateNominee,
  type NomineePatch,
} from './nominees.repository';
import { purgeRecordParts, removeStoredFiles } from '../records/records.repository';

type CreateInput = z.output<typeof createNomineeInputSchema>;
type UpdateInput = z.output<typeof updateNomineeInputSchema>;
type ClientInput = z.output<typeof createNomineeClientInputSchema>;

const FIELDS = [
  'name',
  'company_number',
  'fca_number',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
] as const satisfies ReadonlyArray<keyof NomineePatch & keyof UpdateInput>;

const patchOf = (input: Partial<UpdateInput>): NomineePatch =>
  Object.fromEntries(
    FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );

const ALREADY_CLIENT = 'This investor is already a client of this nominee.';

/** A nominee's value in a column of the export. */
const cell = (nominee: Nominee, key: NomineeColumnKey): Cell =>
  key === 'created_at' ? new Date(nominee.created_at) : nominee[key];

/** Nominee companies (only with nominee accounts on) and the investors they act for. */
export function createNomineesService(ctx: AppContext) {
  const { db } = ctx;

  async function load(tx: DbOrTx, id: number): Promise<Nominee> {
    const row = await findNominee(tx, id);
    if (!row) throw notFound('No nominee with that id.');
    return toNominee(row);
  }

  async function loadClient(tx: DbOrTx, nomineeId: number, clientId: number) {
    const row = await findClient(tx, nomineeId, clientId);
    if (!row) throw notFound('No client of this nominee with that id.');
    return row;
  }

  const subject: SubjectDefinition = {
    type: 'nominee',
    async find(tx, id) {
      const row = await findNominee(tx, id);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    // spec §2.1 gives nominees no details page: edit is their page.
    adminUrl: (id) => `/admin/investors/nominees/${id}/edit`,
    notesUrl: (id) => `/admin/investors/nominees/${id}/notes-calls-tasks`,
    feature: 'nominee',
  };

  return {
    subject,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(nomineesListQuery, raw);
      const { rows, total } = await listNominees(db, query);
      const data = rows.map((row) => pickFields(toNominee(row), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    /** The filtered list as a file, with the chosen columns (all by default). */
    export: (raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[]) =>
      exportRecords({
        columns: NOMINEE_COLUMNS,
        chosen: columnKeys,
        batches: allNominees(db, parseListQuery(nomineesListQuery, raw), EXPORT_CAP),
        present: (batch) => batch.map(toNominee),
        cell,
        format,
        sheetName: 'Nominees',
      }),

    get: (id: number) => load(db, id),

    async create(actor: Actor, input: CreateInput) {
      const id = await db.transaction(async (tx) => {
        const row = await insertNominee(tx, { ...patchOf(input), name: input.name });
        await recordAudit(tx, actor, {
          action: 'nominee.created',
          subjectType: 'nominee',
          subjectId: row.id,
          after: await load(tx, row.id),
        });
        return row.id;
      });
      return load(db, id);
    },

    async update(actor: Actor, id: number, input: UpdateInput) {
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await updateNominee(tx, id, patchOf(input));
        const after = await load(tx, id);
        const changed = (Object.keys(after) as Array<keyof Nominee>).filter(
          (key) => key !== 'updated_at' && after[key] !== before[key],
        );
        if (changed.length === 0) return;
        const pick = (nominee: Nominee) => Object.fromEntries(changed.map((key) => [key, nominee[key]]));
        await recordAudit(tx, actor, {
          action: 'nominee.updated',
          subjectType: 'nominee',
          subjectId: id,
          before: pick(before),
          after: pick(after),
        });
      });
      return load(db, id);
    },

    async remove(actor: Actor, id: number) {
      const files = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        const keys = await purgeRecordParts(tx, 'nominee', id);
        await deleteNominee(tx, id);
        await recordAudit(tx, actor, {
          action: 'nominee.deleted',
          subjectType: 'nominee',
          subjectId: id,
          before: { name: before.name, clients_count: before.clients_count },
        });
        return keys;
      });
      await removeStoredFiles(ctx.storage, files);
    },

    async clients(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(nomineeClientsListQuery, raw);
      await load(db, id);
      const { rows, total } = await listClients(db, id, query);
      return paginate(rows.map(toClient), total, query, requestUrl);
    },

    async addClient(actor: Actor, id: number, input: ClientInput) {
      const clientId = await db
        .transaction(async (tx) => {
          await load(tx, id);
          const investor = await findInvestorRef(tx, input.user_id);
          if (!investor) throw fieldError('user_id', 'The selected investor is invalid.');
          if (await findClientByUser(tx, id, input.user_id)) throw fieldError('user_id', ALREADY_CLIENT);
          const row = await insertClient(tx, id, input.user_id, input.designation ?? null);
          await recordAudit(tx, actor, {
            action: 'nominee.client_added',
            subjectType: 'nominee',
            subjectId: id,
            after: {
              client_id: row.id,
              user_id: investor.id,
              name: investor.name,
              designation: row.designation,
            },
          });
          return row.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('user_id', ALREADY_CLIENT);
          throw error;
        });
      return toClient(await loadClient(db, id, clientId));
    },

    async removeClient(actor: Actor, id: number, clientId: number) {
      await db.transaction(async (tx) => {
        const before = await loadClient(tx, id, clientId);
        await deleteClient(tx, clientId);
        await recordAudit(tx, actor, {
          action: 'nominee.client_removed',
          subjectType: 'nominee',
          subjectId: id,
          before: {
            client_id: clientId,
            user_id: before.investor.id,
            name: before.investor.name,
            designation: before.client.designation,
          },
        });
      });
    },
  };
}

export type NomineesService = ReturnType<typeof createNomineesService>;
