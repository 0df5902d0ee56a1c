import { can, isStaffRole, ROLES, type Action, type Resource } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, unauthenticated } from '../http/errors';

/**
 * What each route declares (ARCHITECTURE.md): public, any signed-in user, investors, any staff member,
 * or a resource and action from the permission table. A route that declares none stops start-up.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'investor' }
  | { readonly kind: 'staff' }
  | { readonly kind: 'permission'; readonly resource: Resource; readonly action: Action };

export const access = {
  public: { kind: 'public' },
  authenticated: { kind: 'authenticated' },
  investor: { kind: 'investor' },
  staff: { kind: 'staff' },
  permission: (resource: Resource, action: Action): Access => ({ kind: 'permission', resource, action }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

export const unverified = () => new HttpError(403, 'Your email address is not verified.', 'FORBIDDEN');

/** The signed-in user of a route whose access already requires one. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** Throws the 401 or 403 a user without the declared access gets. */
export function assertAccess(rule: Access, user: UserRow | null): void {
  if (rule.kind === 'public') return;
  if (!user) throw unauthenticated();
  switch (rule.kind) {
    case 'authenticated':
      return;
    case 'investor':
      if (user.role_id !== ROLES.USER) throw forbidden();
      if (!user.email_verified_at) throw unverified();
      return;
    case 'staff':
      if (!isStaffRole(user.role_id)) throw forbidden();
      return;
    case 'permission':
      if (!isStaffRole(user.role_id) || !can(user.role_id, rule.resource, rule.action)) throw forbidden();
      return;
  }
}
