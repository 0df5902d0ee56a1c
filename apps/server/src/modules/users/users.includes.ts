import type { CurrentUser } from '@portico/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  contacts,
  investmentMethodEntities,
  investmentMethods,
  investorProfiles,
  onboardingDocuments,
  onboardingRequirements,
  organisationLinks,
  organisations,
  users,
  type UserRow,
} from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { loadUserAttributeValues } from '../attributes/attribute-values.service';

/**
 * The relations GET /api/user names in `include` (spec §7), each read for this user alone: their
 * organisation links, onboarding documents, owner, and investment-method accounts held in their own
 * name or, as "lead" accounts, on the contact record they were before registering.
 */
export async function loadUserIncludes(db: DbOrTx, user: UserRow, includes: readonly string[]) {
  // `xCount` and `xExists` (spatie) need the relation itself, then answer x_count and x_exists only.
  const suffix = /(Count|Exists)$/;
  const wanted = new Set(includes.map((name) => name.replace(suffix, '')));
  const result: Partial<CurrentUser> = {};
  const loaded = await loadRelations(db, user, wanted);
  for (const name of includes) {
    const base = name.replace(suffix, '').split('.')[0] ?? name;
    const key = SNAKE[base as keyof typeof SNAKE];
    if (!key) continue;
    const value = loaded[key];
    const count = Array.isArray(value) ? value.length : value ? 1 : 0;
    if (name.endsWith('Count')) result[`${key}_count`] = count;
    else if (name.endsWith('Exists')) result[`${key}_exists`] = count > 0;
    else Object.assign(result, { [key]: value });
  }
  return result;
}

const SNAKE = {
  organisations: 'organisations',
  onboardingDocuments: 'onboarding_documents',
  owner: 'owner',
  investmentMethodEntities: 'investment_method_entities',
  leadInvestmentMethodEntities: 'lead_investment_method_entities',
  attributeValues: 'attribute_values',
} as const;

type Loaded = Pick<
  CurrentUser,
  | 'organisations'
  | 'onboarding_documents'
  | 'owner'
  | 'investment_method_entities'
  | 'lead_investment_method_entities'
  | 'attribute_values'
>;

async function loadRelations(db: DbOrTx, user: UserRow, wanted: ReadonlySet<string>) {
  const result: Loaded = {};

  if (wanted.has('organisations'))
    result.organisations = await db
      .select({
        id: organisations.id,
        name: organisations.name,
        type: organisations.type,
        role: organisationLinks.role,
      })
      .from(organisationLinks)
      .innerJoin(organisations, eq(organisations.id, organisationLinks.organisation_id))
      .where(eq(organisationLinks.user_id, user.id))
      .orderBy(asc(organisations.name), asc(organisations.id));

  if (wanted.has('onboardingDocuments')) {
    const rows = await db
      .select({ document: onboardingDocuments, requirement_name: onboardingRequirements.name })
      .from(onboardingDocuments)
      .innerJoin(onboardingRequirements, eq(onboardingRequirements.id, onboardingDocuments.requirement_id))
      .where(eq(onboardingDocuments.user_id, user.id))
      .orderBy(asc(onboardingDocuments.created_at), asc(onboardingDocuments.id));
    result.onboarding_documents = rows.map(({ document, requirement_name }) => ({
      id: document.id,
      requirement_id: document.requirement_id,
      requirement_name,
      status: document.status,
      reason: document.reason,
      reviewed_at: toApiTimestampOrNull(document.reviewed_at),
      created_at: toApiTimestamp(document.created_at),
      updated_at: toApiTimestamp(document.updated_at),
    }));
  }

  if (wanted.has('owner')) {
    // The owner may come from the contact linked at registration: shown once the email is verified.
    const [owner] = user.email_verified_at
      ? await db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(investorProfiles)
          .innerJoin(users, eq(users.id, investorProfiles.owner_id))
          .where(eq(investorProfiles.user_id, user.id))
      : [];
    result.owner = owner ?? null;
  }

  const withMethod = (relation: string) => wanted.has(`${relation}.investmentMethod`);
  if (wanted.has('investmentMethodEntities') || withMethod('investmentMethodEntities'))
    result.investment_method_entities = await entities(
      db,
      eq(investmentMethodEntities.user_id, user.id),
      withMethod('investmentMethodEntities'),
    );
  if (wanted.has('leadInvestmentMethodEntities') || withMethod('leadInvestmentMethodEntities')) {
    // The contact a registration linked by its email address is theirs only once they prove the address.
    const leads = db.select({ id: contacts.id }).from(contacts).where(eq(contacts.user_id, user.id));
    result.lead_investment_method_entities = user.email_verified_at
      ? await entities(
          db,
          inArray(investmentMethodEntities.contact_id, leads),
          withMethod('leadInvestmentMethodEntities'),
        )
      : [];
  }
  if (wanted.has('attributeValues')) result.attribute_values = await loadUserAttributeValues(db, user.id);
  return result;
}

async function entities(
  db: DbOrTx,
  where: ReturnType<typeof eq>,
  nested: boolean,
): Promise<NonNullable<CurrentUser['investment_method_entities']>> {
  const rows = await db
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
    .where(where)
    .orderBy(asc(investmentMethodEntities.created_at), asc(investmentMethodEntities.id));
  return rows.map(({ entity, method }) => ({
    id: entity.id,
    investment_method_id: entity.investment_method_id,
    name: entity.name,
    account_reference: entity.account_reference,
    status: entity.status,
    created_at: toApiTimestamp(entity.created_at),
    updated_at: toApiTimestamp(entity.updated_at),
    ...(nested ? { investment_method: method } : {}),
  }));
}
