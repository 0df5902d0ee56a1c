import {
  NOMINEE_COLUMNS,
  nomineeClientsListQuery,
  parseListQuery,
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
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { findInvestorRef } from '../users/users.repository';
import { toClient, toNominee } from './nominees.mapper';
import {
  clientsOf,
  findClientByUser,
  nomineeClientsRepository,
  nomineesRepository,
} from './nominees.repository';

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
] as const;

const ALREADY_CLIENT = 'This investor is already a client of this nominee.';

/** A nominee's value in a column of the export. */
const cell = (nominee: Nominee, key: NomineeColumnKey) =>
  key === 'created_at' ? new Date(nominee.created_at) : nominee[key];

/** Nominee companies (only with nominee accounts on) and the investors they act for. */
export function createNomineesService(ctx: AppContext) {
  const { db } = ctx;

  const records = createRecordService(ctx, {
    repository: nomineesRepository,
    auditType: 'nominee',
    notFound: 'No nominee with that id.',
    present: toNominee,
    insert: (input: CreateInput) => ({ ...givenFields(input, FIELDS), name: input.name }),
    patch: (input: UpdateInput) => givenFields(input, FIELDS),
    export: { columns: NOMINEE_COLUMNS, sheetName: 'Nominees', cells: () => cell },
    purge: (tx, id) => purgeRecordParts(tx, 'nominee', id),
  });
  const { load } = records;

  async function loadClient(tx: DbOrTx, nomineeId: number, clientId: number) {
    const row = await nomineeClientsRepository.find(tx, clientId, clientsOf(nomineeId));
    if (!row) throw notFound('No client of this nominee with that id.');
    return row;
  }

  const subject: SubjectDefinition = {
    type: 'nominee',
    async find(tx, id) {
      const row = await nomineesRepository.find(tx, id);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    // spec §2.1 gives nominees no details page: edit is their page.
    adminUrl: (id) => `/admin/investors/nominees/${id}/edit`,
    notesUrl: (id) => `/admin/investors/nominees/${id}/notes-calls-tasks`,
    feature: 'nominee',
  };

  return {
    ...records,
    subject,

    async clients(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(nomineeClientsListQuery, raw);
      await load(db, id);
      const { rows, total } = await nomineeClientsRepository.list(db, query, clientsOf(id));
      return paginate(rows.map(toClient), total, query, requestUrl);
    },

    async addClient(actor: Actor, id: number, input: ClientInput) {
      const clientId = await db
        .transaction(async (tx) => {
          await load(tx, id);
          const investor = await findInvestorRef(tx, input.user_id);
          if (!investor) throw fieldError('user_id', 'The selected investor is invalid.');
          if (await findClientByUser(tx, id, input.user_id)) throw fieldError('user_id', ALREADY_CLIENT);
          const row = await nomineeClientsRepository.insert(tx, {
            nominee_id: id,
            user_id: input.user_id,
            designation: input.designation ?? null,
          });
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
        await nomineeClientsRepository.remove(tx, clientId);
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
