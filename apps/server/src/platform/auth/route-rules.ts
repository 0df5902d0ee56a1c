import {
  can,
  canSeeInvestmentTab,
  ROLES,
  type Action,
  type InvestmentArea,
  type InvestmentTab,
  type Resource,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../http/errors';
import { access, assertAccess, requireUser } from './access';

/**
 * A route's rule beyond its declared access: a second permission, an investment tab, either of two
 * resources. Give it as the route's `onRequest`: route hooks run after the kernel's session, CSRF and
 * access checks and before the body is read or validated, so a refused role hears 403 whatever it sent.
 */
export type RouteRule = ((request: FastifyRequest) => Promise<void>) & {
  /** the rule in words, for the OpenAPI document (x-access-also and the access sentence) */
  readonly statement: string;
};

const named = (statement: string, check: (request: FastifyRequest) => Promise<void>): RouteRule =>
  Object.assign(check, { statement });

/** The rules among a route's onRequest hooks. */
export function routeRulesOf(hooks: unknown): RouteRule[] {
  const list: unknown[] = Array.isArray(hooks) ? hooks : hooks === undefined ? [] : [hooks];
  return list.filter(
    (hook): hook is RouteRule =>
      typeof hook === 'function' && typeof (hook as { statement?: unknown }).statement === 'string',
  );
}

const grantText = ([resource, action]: Grant) => `\`${resource}.${action}\``;

type Grant = readonly [Resource, Action];

const hasAny = (user: UserRow, grants: readonly Grant[]) =>
  grants.some(([resource, action]) => can(user.role_id, resource, action));

function rule(statement: string, allows: (user: UserRow) => boolean): RouteRule {
  return named(statement, async (request) => {
    if (!allows(requireUser(request))) throw forbidden();
  });
}

/** The role also needs this permission (invitations name investors: `investors` index too). */
export const alsoNeeds = (resource: Resource, action: Action) =>
  rule(`the role also needs ${grantText([resource, action])}`, (user) => can(user.role_id, resource, action));

/** The role needs one of these (an opportunity's stage decides which; the service checks the record's). */
export const needsAnyOf = (...grants: Grant[]) =>
  rule(`the role needs one of ${grants.map(grantText).join(', ')}`, (user) => hasAny(user, grants));

/** The role sees this tab of an investment (the Investment Manager does not see some, spec §6). */
export const needsTab = (area: InvestmentArea, tab: InvestmentTab) =>
  rule(`the role sees the ${tab} tab of ${area} investments (spec §6)`, (user) =>
    canSeeInvestmentTab(user.role_id, area, tab),
  );

/**
 * Investors with a verified email (the service narrows what they see), or staff with one of these
 * permissions; other staff are refused.
 */
export function investorsOrStaffWith(...grants: Grant[]): RouteRule {
  const statement = `investors with a verified email, or staff whose role has ${grants.map(grantText).join(' or ')}`;
  return named(statement, async (request) => {
    const user = requireUser(request);
    if (user.role_id === ROLES.USER) return assertAccess(access.investor, user);
    if (!hasAny(user, grants)) throw forbidden();
  });
}
