import {
  ORGANISATION_COLUMNS,
  ORGANISATION_TYPE_LABELS,
  organisationMembersListQuery,
  organisationsListQuery,
  parseListQuery,
  type ExportFormat,
  type createOrganisationInputSchema,
  type createOrganisationMemberInputSchema,
  type Organisation,
  type OrganisationColumnKey,
  type OrganisationRole,
  type updateOrganisationInputSchema,
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
import { closePendingFor } from './organisation-applications.repository';
import { toMember, toOrganisation } from './organisations.mapper';
import {
  allOrganisations,
  deleteMember,
  deleteOrganisation,
  findInvestorRef,
  findMember,
  findMemberByUser,
  findOrganisation,
  insertMember,
  insertOrganisation,
  listMembers,
  listOrganisations,
  updateMemberRole,
  updateOrganisation,
  type OrganisationPatch,
} from './organisations.repository';
import { purgeRecordParts, removeStoredFiles } from '../records/records.repository';

type CreateInput = z.output<typeof createOrganisationInputSchema>;
type UpdateInput = z.output<typeof updateOrganisationInputSchema>;
type MemberInput = z.output<typeof createOrganisationMemberInputSchema>;

const FIELDS = [
  'name',
  'type',
  'registration_number',
  'email',
  'phone',
  'website',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
] as const satisfies ReadonlyArray<keyof OrganisationPatch & keyof UpdateInput>;

const patchOf = (input: Partial<UpdateInput>): OrganisationPatch =>
  Object.fromEntries(
    FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );

const ALREADY_MEMBER = 'This investor is already a member of this organisation.';

/** An organisation's value in a column of the export. */
function cell(organisation: Organisation, key: OrganisationColumnKey): Cell {
  switch (key) {
    case 'type':
      return ORGANISATION_TYPE_LABELS[organisation.type];
    case 'created_at':
      return new Date(organisation.created_at);
    default:
      return organisation[key];
  }
}

export function createOrganisationsService(ctx: AppContext) {
  const { db } = ctx;

  async function load(tx: DbOrTx, id: number): Promise<Organisation> {
    const row = await findOrganisation(tx, id);
    if (!row) throw notFound('No organisation with that id.');
    return toOrganisation(row);
  }

  async function loadMember(tx: DbOrTx, organisationId: number, memberId: number) {
    const row = await findMember(tx, organisationId, memberId);
    if (!row) throw notFound('No member of this organisation with that id.');
    return row;
  }

  /**
   * Links an investor to an organisation, in the caller's transaction, audited on the organisation.
   * Shared by staff adding a member and by an approved application.
   */
  async function link(
    tx: DbOrTx,
    actor: Actor,
    organisationId: number,
    userId: number,
    role: OrganisationRole,
  ) {
    const investor = await findInvestorRef(tx, userId);
    if (!investor) throw fieldError('user_id', 'The selected investor is invalid.');
    if (await findMemberByUser(tx, organisationId, userId)) throw fieldError('user_id', ALREADY_MEMBER);
    const created = await insertMember(tx, organisationId, userId, role);
    await recordAudit(tx, actor, {
      action: 'organisation.member_added',
      subjectType: 'organisation',
      subjectId: organisationId,
      after: { member_id: created.id, user_id: userId, name: investor.name, role },
    });
    return created;
  }

  /** Creates an organisation in the caller's transaction (staff, or an approved proposal). */
  async function insert(tx: DbOrTx, actor: Actor, input: CreateInput) {
    const row = await insertOrganisation(tx, { ...patchOf(input), name: input.name });
    const created = await load(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'organisation.created',
      subjectType: 'organisation',
      subjectId: row.id,
      after: created,
    });
    return created;
  }

  const subject: SubjectDefinition = {
    type: 'organisation',
    async find(tx, id) {
      const row = await findOrganisation(tx, id);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    adminUrl: (id) => `/admin/investors/organisations/${id}/details`,
    notesUrl: (id) => `/admin/investors/organisations/${id}/notes-calls-tasks`,
  };

  return {
    subject,
    load,
    link,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(organisationsListQuery, raw);
      const { rows, total } = await listOrganisations(db, query);
      const data = rows.map((row) => pickFields(toOrganisation(row), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    /** The filtered list as a file, with the chosen columns (all by default). */
    export: (raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[]) =>
      exportRecords({
        columns: ORGANISATION_COLUMNS,
        chosen: columnKeys,
        batches: allOrganisations(db, parseListQuery(organisationsListQuery, raw), EXPORT_CAP),
        present: (batch) => batch.map(toOrganisation),
        cell,
        format,
        sheetName: 'Organisations',
      }),

    get: (id: number) => load(db, id),

    insert,

    async create(actor: Actor, input: CreateInput) {
      const created = await db.transaction((tx) => insert(tx, actor, input));
      return load(db, created.id);
    },

    async update(actor: Actor, id: number, input: UpdateInput) {
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await updateOrganisation(tx, id, patchOf(input));
        const after = await load(tx, id);
        const changed = (Object.keys(after) as Array<keyof Organisation>).filter(
          (key) => key !== 'updated_at' && after[key] !== before[key],
        );
        if (changed.length === 0) return;
        const pick = (organisation: Organisation) =>
          Object.fromEntries(changed.map((key) => [key, organisation[key]]));
        await recordAudit(tx, actor, {
          action: 'organisation.updated',
          subjectType: 'organisation',
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
        const keys = await purgeRecordParts(tx, 'organisation', id);
        const closed = await closePendingFor(tx, id, actor.userId);
        await deleteOrganisation(tx, id);
        await recordAudit(tx, actor, {
          action: 'organisation.deleted',
          subjectType: 'organisation',
          subjectId: id,
          before: { name: before.name, members_count: before.members_count },
          after: closed > 0 ? { pending_applications_closed: closed } : null,
        });
        return keys;
      });
      await removeStoredFiles(ctx.storage, files);
    },

    async members(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(organisationMembersListQuery, raw);
      await load(db, id);
      const { rows, total } = await listMembers(db, id, query);
      return paginate(rows.map(toMember), total, query, requestUrl);
    },

    async addMember(actor: Actor, id: number, input: MemberInput) {
      const linkId = await db
        .transaction(async (tx) => {
          await load(tx, id);
          return (await link(tx, actor, id, input.user_id, input.role)).id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('user_id', ALREADY_MEMBER);
          throw error;
        });
      return toMember(await loadMember(db, id, linkId));
    },

    async changeMember(actor: Actor, id: number, memberId: number, role: OrganisationRole) {
      await db.transaction(async (tx) => {
        const before = await loadMember(tx, id, memberId);
        if (before.link.role === role) return;
        await updateMemberRole(tx, memberId, role);
        await recordAudit(tx, actor, {
          action: 'organisation.member_updated',
          subjectType: 'organisation',
          subjectId: id,
          before: { member_id: memberId, name: before.investor.name, role: before.link.role },
          after: { member_id: memberId, name: before.investor.name, role },
        });
      });
      return toMember(await loadMember(db, id, memberId));
    },

    async removeMember(actor: Actor, id: number, memberId: number) {
      await db.transaction(async (tx) => {
        const before = await loadMember(tx, id, memberId);
        await deleteMember(tx, memberId);
        await recordAudit(tx, actor, {
          action: 'organisation.member_removed',
          subjectType: 'organisation',
          subjectId: id,
          before: {
            member_id: memberId,
            user_id: before.investor.id,
            name: before.investor.name,
            role: before.link.role,
          },
        });
      });
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
