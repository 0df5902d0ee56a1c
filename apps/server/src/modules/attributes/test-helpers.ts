import { ROLE_IDS, type RoleId } from '@portico/contracts';
import { createStaff } from '../../test/factories';
import type { Agent, TestApp } from '../../test/test-app';

export type Errors = { message: string; errors: Record<string, string[]> };
export const json = <T = Record<string, unknown>>(response: { body: string }) =>
  JSON.parse(response.body) as T;
export const data = <T = Record<string, unknown>>(response: { body: string }) =>
  json<{ data: T }>(response).data;

/** An agent signed in as each role of ROLES (the investor too). */
export async function agentsByRole(t: TestApp): Promise<Map<RoleId, Agent>> {
  const agents = new Map<RoleId, Agent>();
  for (const role of ROLE_IDS) agents.set(role, await t.as(await createStaff(t.ctx.db, role)));
  return agents;
}

/** The status a request should answer: `ok` when allowed, 403 when not. */
export const expected = (allowed: boolean, ok: number) => (allowed ? ok : 403);
