import type { Resource, SubjectType } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { useUser } from '../session';

export interface RecordPermissions {
  /** read the record and its parts */
  show: boolean;
  /** add and change documents, notes, calls and tasks */
  update: boolean;
  /** delete documents; change or delete other people's notes, calls and tasks */
  delete: boolean;
}

/** The investment records' parts have their own resources (issue 10); the CRM's are guarded by investors. */
const RECORD_RESOURCES: Partial<Record<SubjectType, Resource>> = {
  pipeline_deal: 'pipeline_deals',
  opportunity: 'investment_opportunity_live',
  fund_company: 'funds',
  fund: 'funds',
};

/**
 * What the signed-in user may do with a record's shared parts. The CRM's record types are guarded by
 * the `investors` resource (docs/decisions/006-crm-records.md), investment records by theirs; the server
 * checks again.
 */
export function recordPermissions(
  roleId: number | null | undefined,
  type: SubjectType = 'investor',
): RecordPermissions {
  const resource = RECORD_RESOURCES[type] ?? 'investors';
  return {
    show: can(roleId, resource, 'show'),
    update: can(roleId, resource, 'update'),
    delete: can(roleId, resource, 'delete'),
  };
}

export function useRecordPermissions(type?: SubjectType): RecordPermissions {
  return recordPermissions(useUser().role_id, type);
}
