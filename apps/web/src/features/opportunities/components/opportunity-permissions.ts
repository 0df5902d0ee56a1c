import { opportunityGuard } from '@portico/contracts';
import { can, OPPORTUNITY_STATUS } from '@portico/contracts/constants';

/** What decides the resource that guards an opportunity: its stage, and the fund it raises for. */
type Guarded = { status: number; fund_id: number | null };

/** Whether a role may change an opportunity (spec §6: funds_opportunity for a fund's); the server checks again. */
export function mayUpdate(roleId: number | null | undefined, opportunity: Guarded) {
  return can(roleId, opportunityGuard(opportunity), 'update');
}

/** A draft goes with delete; a live or existing one needs delete_unsafe (Support), and no investments. */
export function mayDelete(roleId: number | null | undefined, opportunity: Guarded) {
  const action = opportunity.status === OPPORTUNITY_STATUS.DRAFT ? 'delete' : 'delete_unsafe';
  return can(roleId, opportunityGuard(opportunity), action);
}
