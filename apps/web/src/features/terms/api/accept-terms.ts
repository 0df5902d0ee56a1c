import type { User } from '@portico/contracts';
import { api } from '../../../lib/api-client';

/**
 * Spec §7: accepting the terms is a POST to the user's own endpoint with a form body
 * `_method=PATCH&accepted_terms_version=N`.
 */
export async function acceptTerms(userId: number, version: number): Promise<User> {
  const form = new URLSearchParams({ _method: 'PATCH', accepted_terms_version: String(version) });
  // The schema loads on acceptance: the terms gate is part of every first page, zod is not.
  const { userResponse } = await import('../../../lib/answer-schemas');
  return (await api.post(`/api/users/${userId}`, form, userResponse)).data;
}
