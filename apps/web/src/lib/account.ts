import { dataOf, userSchema, type UpdateUserInput, type User } from '@portico/contracts';
import { api } from './api-client';

const userResponse = dataOf(userSchema);

/** PATCH /api/users/{id}: the signed-in user changes their own record. */
export async function updateOwnAccount(userId: number, changes: UpdateUserInput): Promise<User> {
  return (await api.patch(`/api/users/${userId}`, changes, userResponse)).data;
}
