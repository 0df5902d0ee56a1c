import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  organisationLinks,
  organisations,
} from '../../db/schema';

export interface LinkedOrganisationRow {
  organisation: typeof organisations.$inferSelect;
  link: { role: (typeof organisationLinks.$inferSelect)['role']; created_at: Date };
}

const linkedOrganisations = (db: DbOrTx) =>
  db
    .select({
      organisation: organisations,
      link: { role: organisationLinks.role, created_at: organisationLinks.created_at },
    })
    .from(organisationLinks)
    .innerJoin(organisations, eq(organisations.id, organisationLinks.organisation_id))
    .$dynamic();

/** The organisations an investor is linked to, by name. */
export function organisationsOfUser(db: DbOrTx, userId: number): Promise<LinkedOrganisationRow[]> {
  return linkedOrganisations(db)
    .where(eq(organisationLinks.user_id, userId))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** One organisation, only when the investor is linked to it. */
export async function organisationOfUser(db: DbOrTx, userId: number, organisationId: number) {
  const [row] = await linkedOrganisations(db).where(
    and(eq(organisationLinks.user_id, userId), eq(organisationLinks.organisation_id, organisationId)),
  );
  return row;
}

export interface OwnEntityRow {
  entity: typeof investmentMethodEntities.$inferSelect;
  method: {
    id: number;
    name: string;
    type: (typeof investmentMethods.$inferSelect)['type'];
    provider: string | null;
  };
}

const ownEntities = (db: DbOrTx) =>
  db
    .select({
      entity: investmentMethodEntities,
      method: {
        id: investmentMethods.id,
        name: investmentMethods.name,
        type: investmentMethods.type,
        provider: investmentMethods.provider,
      },
    })
    .from(investmentMethodEntities)
    .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investment_method_id))
    .$dynamic();

/** An investor's accounts with investment methods. */
export function entitiesOfUser(db: DbOrTx, userId: number): Promise<OwnEntityRow[]> {
  return ownEntities(db)
    .where(eq(investmentMethodEntities.user_id, userId))
    .orderBy(
      asc(investmentMethods.name),
      asc(investmentMethodEntities.name),
      asc(investmentMethodEntities.id),
    );
}

/** One account, only when it is the investor's. */
export async function entityOfUser(db: DbOrTx, userId: number, entityId: number) {
  const [row] = await ownEntities(db).where(
    and(eq(investmentMethodEntities.user_id, userId), eq(investmentMethodEntities.id, entityId)),
  );
  return row;
}

/** Any account by id (staff: the subject of its documents, notes and activity). */
export async function findEntity(db: DbOrTx, entityId: number) {
  const [row] = await ownEntities(db).where(eq(investmentMethodEntities.id, entityId));
  return row;
}
