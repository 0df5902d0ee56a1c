import {
  INVESTMENT_METHOD_COLUMNS,
  INVESTMENT_METHOD_TYPE_LABELS,
  investmentMethodEntitiesListQuery,
  parseListQuery,
  type createInvestmentMethodEntityInputSchema,
  type createInvestmentMethodInputSchema,
  type InvestmentMethod,
  type InvestmentMethodColumnKey,
  type InvestmentMethodEntity,
  type updateInvestmentMethodEntityInputSchema,
  type updateInvestmentMethodInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import type { Cell } from '../../platform/export/table-export';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { changedFields, givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { findInvestorRef } from '../users/users.repository';
import { toEntity, toInvestmentMethod } from './investment-methods.mapper';
import {
  entitiesOf,
  entitiesOfHolder,
  findContactRef,
  investmentMethodEntitiesRepository,
  investmentMethodsRepository,
} from './investment-methods.repository';

type CreateInput = z.output<typeof createInvestmentMethodInputSchema>;
type UpdateInput = z.output<typeof updateInvestmentMethodInputSchema>;
type EntityInput = z.output<typeof createInvestmentMethodEntityInputSchema>;
type EntityChanges = z.output<typeof updateInvestmentMethodEntityInputSchema>;

const FIELDS = ['name', 'type', 'provider', 'description', 'email', 'phone', 'website'] as const;
const ENTITY_FIELDS = ['name', 'account_reference', 'status'] as const;

const entitySnapshot = (entity: InvestmentMethodEntity) => ({
  entity_id: entity.id,
  holder: entity.holder ? `${entity.holder.type} ${entity.holder.name}` : null,
  name: entity.name,
  account_reference: entity.account_reference,
  status: entity.status,
});

/** A method's value in a column of the export. */
function cell(method: InvestmentMethod, key: InvestmentMethodColumnKey): Cell {
  switch (key) {
    case 'type':
      return INVESTMENT_METHOD_TYPE_LABELS[method.type];
    case 'created_at':
      return new Date(method.created_at);
    default:
      return method[key];
  }
}

/** Investment methods (SIPPs, ISAs, pension providers, trusts) and investors' and contacts' accounts with them. */
export function createInvestmentMethodsService(ctx: AppContext) {
  const { db } = ctx;

  const records = createRecordService(ctx, {
    repository: investmentMethodsRepository,
    auditType: 'investment_method',
    notFound: 'No investment method with that id.',
    present: toInvestmentMethod,
    insert: (input: CreateInput) => ({ ...givenFields(input, FIELDS), name: input.name }),
    patch: (input: UpdateInput) => givenFields(input, FIELDS),
    // Deleting a method deletes every account with it (the entities cascade).
    export: { columns: INVESTMENT_METHOD_COLUMNS, sheetName: 'Investment methods', cells: () => cell },
    purge: (tx, id) => purgeRecordParts(tx, 'investment_method', id),
  });
  const { load } = records;

  async function loadEntity(tx: DbOrTx, id: number): Promise<InvestmentMethodEntity> {
    const row = await investmentMethodEntitiesRepository.find(tx, id);
    if (!row) throw notFound('No investment method entity with that id.');
    return toEntity(row);
  }

  const subject: SubjectDefinition = {
    type: 'investment_method',
    async find(tx, id) {
      const row = await investmentMethodsRepository.find(tx, id);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    adminUrl: (id) => `/admin/investors/investment-methods/${id}/details`,
    notesUrl: (id) => `/admin/investors/investment-methods/${id}/notes-calls-tasks`,
  };

  return {
    ...records,
    subject,

    async entities(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(investmentMethodEntitiesListQuery, raw);
      await load(db, id);
      const { rows, total } = await investmentMethodEntitiesRepository.list(db, query, entitiesOf(id));
      return paginate(rows.map(toEntity), total, query, requestUrl);
    },

    /** An investor's accounts with every method; 404 when the id is not an investor's. */
    async entitiesOfInvestor(userId: number) {
      if (!(await findInvestorRef(db, userId))) throw notFound('No investor with that id.');
      return (await entitiesOfHolder(db, { userId })).map(toEntity);
    },

    /** A contact's ("lead") accounts with every method. */
    async entitiesOfContact(contactId: number) {
      if (!(await findContactRef(db, contactId))) throw notFound('No contact with that id.');
      return (await entitiesOfHolder(db, { contactId })).map(toEntity);
    },

    async addEntity(actor: Actor, id: number, input: EntityInput) {
      const entityId = await db.transaction(async (tx) => {
        await load(tx, id);
        if (input.user_id != null && !(await findInvestorRef(tx, input.user_id)))
          throw fieldError('user_id', 'The selected investor is invalid.');
        if (input.contact_id != null && !(await findContactRef(tx, input.contact_id)))
          throw fieldError('contact_id', 'The selected contact is invalid.');
        const row = await investmentMethodEntitiesRepository.insert(tx, {
          investment_method_id: id,
          user_id: input.user_id ?? null,
          contact_id: input.user_id != null ? null : (input.contact_id ?? null),
          name: input.name,
          account_reference: input.account_reference ?? null,
          status: input.status,
        });
        await recordAudit(tx, actor, {
          action: 'investment_method.entity_added',
          subjectType: 'investment_method',
          subjectId: id,
          after: entitySnapshot(await loadEntity(tx, row.id)),
        });
        return row.id;
      });
      return loadEntity(db, entityId);
    },

    async changeEntity(actor: Actor, entityId: number, input: EntityChanges) {
      await db.transaction(async (tx) => {
        const before = await loadEntity(tx, entityId);
        await investmentMethodEntitiesRepository.update(tx, entityId, givenFields(input, ENTITY_FIELDS));
        const changes = changedFields(entitySnapshot(before), entitySnapshot(await loadEntity(tx, entityId)));
        if (changes)
          await recordAudit(tx, actor, {
            action: 'investment_method.entity_updated',
            subjectType: 'investment_method',
            subjectId: before.investment_method.id,
            before: { entity_id: entityId, ...changes.before },
            after: { entity_id: entityId, ...changes.after },
          });
      });
      return loadEntity(db, entityId);
    },

    async removeEntity(actor: Actor, entityId: number) {
      await db.transaction(async (tx) => {
        const before = await loadEntity(tx, entityId);
        await investmentMethodEntitiesRepository.remove(tx, entityId);
        await recordAudit(tx, actor, {
          action: 'investment_method.entity_removed',
          subjectType: 'investment_method',
          subjectId: before.investment_method.id,
          before: entitySnapshot(before),
        });
      });
    },
  };
}

export type InvestmentMethodsService = ReturnType<typeof createInvestmentMethodsService>;
