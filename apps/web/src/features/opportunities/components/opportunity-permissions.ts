import { can, opportunityResource, OPPORTUNITY_STATUS } from '@portico/contracts/constants';

/** Whether a role may change an opportunity at its stage (spec §6); the server checks again. */
export function mayUpdate(roleId: number | null | undefined, opportunity: { stage: number }) {
  return can(roleId, opportunityResource(opportunity.stage), 'update');
}

/** A draft goes with delete; a live or existing one needs delete_unsafe (Support), and no investments. */
export function mayDelete(roleId: number | null | undefined, opportunity: { stage: number }) {
  const action = opportunity.stage === OPPORTUNITY_STATUS.DRAFT ? 'delete' : 'delete_unsafe';
  return can(roleId, opportunityResource(opportunity.stage), action);
}
