import {
  INVESTMENT_METHOD_COLUMNS,
  INVESTMENT_METHOD_TYPE_LABELS,
  investmentMethodEntitiesListQuery,
  investmentMethodsListQuery,
  parseListQuery,
  type ExportFormat,
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
import { EXPORT_CAP, exportRecords, type Cell } from '../../platform/export/table-export';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import type { SubjectDefinition } from '../records/subjects';
import { toEntity, toInvestmentMethod } from './investment-methods.mapper';
import {
  allMethods,
  deleteEntity,
  deleteMethod,
  entitiesOfHolder,
  findContactRef,
  findEntity,
  findInvestorRef,
  findMethod,
  insertEntity,
  insertMethod,
  listEntities,
  listMethods,
  updateEntity,
  updateMethod,
  type EntityPatch,
  type MethodPatch,
} from './investment-methods.repository';
import { purgeRecordParts, removeStoredFiles } from '../records/records.repository';

type CreateInput = z.output<typeof createInvestmentMethodInputSchema>;
type UpdateInput = z.output<typeof updateInvestmentMethodInputSchema>;
type EntityInput = z.output<typeof createInvestmentMethodEntityInputSchema>;
type EntityChanges = z.output<typeof updateInvestmentMethodEntityInputSchema>;

const FIELDS = [
  'name',
  'type',
  'provider',
  'description',
  'email',
  'phone',
  'website',
] as const satisfies ReadonlyArray<keyof MethodPatch & keyof UpdateInput>;

const patchOf = (input: Partial<UpdateInput>): MethodPatch =>
  Object.fromEntries(
    FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );

/** The fields whose value differs, before and after (flat values only). */
function diff<T extends Record<string, unknown>>(before: T, after: T) {
  const changed = Object.keys(after).filter(
    (key) => key !== 'updated_at' && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  const pick = (value: T) => Object.fromEntries(changed.map((key) => [key, value[key]]));
  return { changed: changed.length > 0, before: pick(before), after: pick(after) };
}

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

  async function load(tx: DbOrTx, id: number): Promise<InvestmentMethod> {
    const row = await findMethod(tx, id);
    if (!row) throw notFound('No investment method with that id.');
    return toInvestmentMethod(row);
  }

  async function loadEntity(tx: DbOrTx, id: number): Promise<InvestmentMethodEntity> {
    const row = await findEntity(tx, id);
    if (!row) throw notFound('No investment method entity with that id.');
    return toEntity(row);
  }

  const subject: SubjectDefinition = {
    type: 'investment_method',
    async find(tx, id) {
      const row = await findMethod(tx, id);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    adminUrl: (id) => `/admin/investors/investment-methods/${id}/details`,
    notesUrl: (id) => `/admin/investors/investment-methods/${id}/notes-calls-tasks`,
  };

  return {
    subject,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(investmentMethodsListQuery, raw);
      const { rows, total } = await listMethods(db, query);
      const data = rows.map((row) => pickFields(toInvestmentMethod(row), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    /** The filtered list as a file, with the chosen columns (all by default). */
    export: (raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[]) =>
      exportRecords({
        columns: INVESTMENT_METHOD_COLUMNS,
        chosen: columnKeys,
        batches: allMethods(db, parseListQuery(investmentMethodsListQuery, raw), EXPORT_CAP),
        present: (batch) => batch.map(toInvestmentMethod),
        cell,
        format,
        sheetName: 'Investment methods',
      }),

    get: (id: number) => load(db, id),

    async create(actor: Actor, input: CreateInput) {
      const id = await db.transaction(async (tx) => {
        const row = await insertMethod(tx, { ...patchOf(input), name: input.name });
        await recordAudit(tx, actor, {
          action: 'investment_method.created',
          subjectType: 'investment_method',
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
        await updateMethod(tx, id, patchOf(input));
        const changes = diff(before, await load(tx, id));
        if (changes.changed)
          await recordAudit(tx, actor, {
            action: 'investment_method.updated',
            subjectType: 'investment_method',
            subjectId: id,
            before: changes.before,
            after: changes.after,
          });
      });
      return load(db, id);
    },

    /** Deletes the method and every account with it. */
    async remove(actor: Actor, id: number) {
      const files = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        const keys = await purgeRecordParts(tx, 'investment_method', id);
        await deleteMethod(tx, id);
        await recordAudit(tx, actor, {
          action: 'investment_method.deleted',
          subjectType: 'investment_method',
          subjectId: id,
          before: { name: before.name, type: before.type, entities_count: before.entities_count },
        });
        return keys;
      });
      await removeStoredFiles(ctx.storage, files);
    },

    async entities(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(investmentMethodEntitiesListQuery, raw);
      await load(db, id);
      const { rows, total } = await listEntities(db, id, query);
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
        const row = await insertEntity(tx, {
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
        const patch: EntityPatch = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.account_reference !== undefined) patch.account_reference = input.account_reference;
        if (input.status !== undefined) patch.status = input.status;
        await updateEntity(tx, entityId, patch);
        const changes = diff(entitySnapshot(before), entitySnapshot(await loadEntity(tx, entityId)));
        if (changes.changed)
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
        await deleteEntity(tx, entityId);
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
