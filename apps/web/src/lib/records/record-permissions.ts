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

/**
 * What the signed-in user may do with a record's shared parts. Every record type's parts are guarded by
 * the `investors` resource (docs/decisions/006-crm-records.md); the server checks again.
 */
export function recordPermissions(roleId: number | null | undefined): RecordPermissions {
  return {
    show: can(roleId, 'investors', 'show'),
    update: can(roleId, 'investors', 'update'),
    delete: can(roleId, 'investors', 'delete'),
  };
}

export function useRecordPermissions(): RecordPermissions {
  return recordPermissions(useUser().role_id);
}
