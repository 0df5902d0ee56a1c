import { randomBytes } from 'node:crypto';
import { ROLES, type RoleId } from '@portico/contracts';
import type { DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { insertUser, type NewUser } from '../modules/users/users.repository';

export const TEST_PASSWORD = 'correct horse battery staple';
let testHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/** A user with sensible defaults: a verified investor who accepted the terms, password TEST_PASSWORD. */
export async function createUser(
  db: DbOrTx,
  overrides: Partial<Omit<NewUser, 'role_id'>> & { role_id?: RoleId } = {},
): Promise<UserRow> {
  testHash ??= hashPassword(TEST_PASSWORD);
  const id = unique();
  return insertUser(db, {
    name: `Test User ${id}`,
    email: `user-${id}@example.test`,
    password: await testHash,
    role_id: ROLES.USER,
    email_verified_at: new Date(),
    accepted_terms_version: 1,
    ...overrides,
  });
}

export const createStaff = (db: DbOrTx, role_id: RoleId, overrides: Partial<Omit<NewUser, 'role_id'>> = {}) =>
  createUser(db, { role_id, ...overrides });
