import type { ProfileInvestmentMethodEntity, ProfileOrganisation } from '@portico/contracts';
import type { AppContext } from '../../context';
import type { Actor } from '../../platform/audit/audit';
import { notFound } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { toApiTimestamp } from '../../platform/time';
import type { DocumentsService } from '../documents/documents.service';
import type { SubjectDefinition } from '../records/subjects';
import {
  entitiesOfUser,
  entityOfUser,
  findEntity,
  organisationOfUser,
  organisationsOfUser,
  type LinkedOrganisationRow,
  type OwnEntityRow,
} from './profile-records.repository';

const NO_ORGANISATION = 'No organisation with that id.';
const NO_ENTITY = 'No investment method entity with that id.';
/** Where staff find an account: its method's accounts are listed on the method's page. */
const METHODS_PAGE = '/admin/investors/investment-methods';

function toProfileOrganisation({ organisation, link }: LinkedOrganisationRow): ProfileOrganisation {
  return {
    id: organisation.id,
    name: organisation.name,
    type: organisation.type,
    registration_number: organisation.registration_number,
    email: organisation.email,
    phone: organisation.phone,
    website: organisation.website,
    address_line_1: organisation.address_line_1,
    address_line_2: organisation.address_line_2,
    city: organisation.city,
    postcode: organisation.postcode,
    country: organisation.country,
    role: link.role,
    linked_at: toApiTimestamp(link.created_at),
  };
}

function toProfileEntity({ entity, method }: OwnEntityRow): ProfileInvestmentMethodEntity {
  return {
    id: entity.id,
    name: entity.name,
    account_reference: entity.account_reference,
    status: entity.status,
    investment_method: method,
    created_at: toApiTimestamp(entity.created_at),
    updated_at: toApiTimestamp(entity.updated_at),
  };
}

/**
 * The investor portal's view of the records an investor is linked to (spec §2.2): their organisations
 * and their investment-method entities, each with its public documents. Another investor's record, or
 * one the investor is not linked to, is a 404: its existence is not revealed.
 */
export function createProfileRecordsService(ctx: AppContext, deps: { documents: DocumentsService }) {
  const { db } = ctx;
  const { documents } = deps;

  async function ownOrganisation(userId: number, id: number) {
    const row = await organisationOfUser(db, userId, id);
    if (!row) throw notFound(NO_ORGANISATION);
    return row;
  }

  async function ownEntity(userId: number, id: number) {
    const row = await entityOfUser(db, userId, id);
    if (!row) throw notFound(NO_ENTITY);
    return row;
  }

  /** An account with a method as a CRM record: its documents (and notes, activity) for staff. */
  const entitySubject: SubjectDefinition = {
    type: 'investment_method_entity',
    async find(tx, id) {
      const row = await findEntity(tx, id);
      return row ? { id: row.entity.id, name: row.entity.name, email: null } : undefined;
    },
    adminUrl: () => METHODS_PAGE,
    notesUrl: () => METHODS_PAGE,
  };

  return {
    entitySubject,

    async organisations(userId: number) {
      return (await organisationsOfUser(db, userId)).map(toProfileOrganisation);
    },

    async organisation(userId: number, id: number) {
      return toProfileOrganisation(await ownOrganisation(userId, id));
    },

    async organisationDocuments(userId: number, id: number) {
      await ownOrganisation(userId, id);
      return documents.listPublic('organisation', id);
    },

    async entities(userId: number) {
      return (await entitiesOfUser(db, userId)).map(toProfileEntity);
    },

    async entity(userId: number, id: number) {
      return toProfileEntity(await ownEntity(userId, id));
    },

    async entityDocuments(userId: number, id: number) {
      await ownEntity(userId, id);
      return documents.listPublic('investment_method_entity', id);
    },

    /**
     * The investor adds documents to their own account. They are stored public (the portal shows them
     * to this investor, the only holder of the account) and staff see them with the account's documents.
     */
    async uploadEntityDocuments(
      actor: Actor,
      userId: number,
      id: number,
      files: UploadedFile[],
      fields: { category?: string | undefined },
    ) {
      await ownEntity(userId, id);
      return documents.upload(actor, 'investment_method_entity', id, files, {
        visibility: 'public',
        category: fields.category || 'Provided by the investor',
      });
    },
  };
}

export type ProfileRecordsService = ReturnType<typeof createProfileRecordsService>;
