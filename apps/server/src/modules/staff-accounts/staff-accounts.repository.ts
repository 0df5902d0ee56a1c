import { ROLES, staffAccountsListQuery, type ParsedListQuery, type StaffStatus } from '@portico/contracts';
import { and, eq, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import {
  buildListQuery,
  exact,
  partial,
  selectPage,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

const isStaff = ne(users.role_id, ROLES.USER);

export function statusCondition(status: StaffStatus): SQL | undefined {
  switch (status) {
    case 'active':
      return and(isNull(users.deactivated_at), isNotNull(users.password));
    case 'invited':
      return and(isNull(users.deactivated_at), isNull(users.password));
    case 'deactivated':
      return isNotNull(users.deactivated_at);
  }
}

const binding: ListQueryBinding<typeof staffAccountsListQuery> = {
  spec: staffAccountsListQuery,
  filters: {
    search: partial(users.name, users.email),
    name: partial(users.name),
    email: partial(users.email),
    role_id: exact(users.role_id, 'int'),
    status: (value) => {
      const statuses = (Array.isArray(value) ? value : [value]).filter(
        (item): item is StaffStatus => item === 'active' || item === 'invited' || item === 'deactivated',
      );
      return statuses.length > 0 ? or(...statuses.map(statusCondition)) : undefined;
    },
  },
  sorts: {
    name: users.name,
    email: users.email,
    role_id: users.role_id,
    created_at: users.created_at,
    last_login_at: users.last_login_at,
  },
  tiebreaker: users.id,
};

export async function listStaff(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  return selectPage(db, users, and(isStaff, plan.where), plan);
}

export async function findStaffById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  return row;
}
