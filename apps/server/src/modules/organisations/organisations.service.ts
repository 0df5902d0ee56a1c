import {
  ORGANISATION_COLUMNS,
  ORGANISATION_TYPE_LABELS,
  organisationMembersListQuery,
  parseListQuery,
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
import type { Cell } from '../../platform/export/table-export';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { findInvestorRef } from '../users/users.repository';
import { closePendingFor } from './organisation-applications.repository';
import { toMember, toOrganisation } from './organisations.mapper';
import {
  findMemberByUser,
  membersOf,
  organisationMembersRepository,
  organisationsRepository,
} from './organisations.repository';

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
] as const;

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

  const records = createRecordService(ctx, {
    repository: organisationsRepository,
    auditType: 'organisation',
    notFound: 'No organisation with that id.',
    present: toOrganisation,
    insert: (input: CreateInput) => ({ ...givenFields(input, FIELDS), name: input.name }),
    patch: (input: UpdateInput) => givenFields(input, FIELDS),
    export: { columns: ORGANISATION_COLUMNS, sheetName: 'Organisations', cells: () => cell },
    rules: {
      /** Pending applications to join it are closed (declined) with it. */
      async remove(tx, actor, before) {
        const closed = await closePendingFor(tx, before.id, actor.userId);
        return closed > 0 ? { pending_applications_closed: closed } : null;
      },
    },
    purge: (tx, id) => purgeRecordParts(tx, 'organisation', id),
  });
  const { load } = records;

  async function loadMember(tx: DbOrTx, organisationId: number, memberId: number) {
    const row = await organisationMembersRepository.find(tx, memberId, membersOf(organisationId));
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
    const created = await organisationMembersRepository.insert(tx, {
      organisation_id: organisationId,
      user_id: userId,
      role,
    });
    await recordAudit(tx, actor, {
      action: 'organisation.member_added',
      subjectType: 'organisation',
      subjectId: organisationId,
      after: { member_id: created.id, user_id: userId, name: investor.name, role },
    });
    return created;
  }

  const subject: SubjectDefinition = {
    type: 'organisation',
    async find(tx, id) {
      const row = await organisationsRepository.find(tx, id);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    adminUrl: (id) => `/admin/investors/organisations/${id}/details`,
    notesUrl: (id) => `/admin/investors/organisations/${id}/notes-calls-tasks`,
  };

  return {
    ...records,
    subject,
    link,

    async members(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(organisationMembersListQuery, raw);
      await load(db, id);
      const { rows, total } = await organisationMembersRepository.list(db, query, membersOf(id));
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
        await organisationMembersRepository.update(tx, memberId, { role });
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
        await organisationMembersRepository.remove(tx, memberId);
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
