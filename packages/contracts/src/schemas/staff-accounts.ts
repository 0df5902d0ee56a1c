import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { emailSchema, idSchema, personNameSchema, timestampSchema } from './common';
import { roleIdSchema, staffRoleIdSchema } from './user';

export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffAccountSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    role_id: roleIdSchema,
    /** only with append=role_name */
    role_name: z.string().optional(),
    status: z.enum(STAFF_STATUSES),
    email_verified_at: timestampSchema.nullable(),
    last_login_at: timestampSchema.nullable(),
    deactivated_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** Sparse fieldsets may leave any field out of a list row. */
export const staffAccountListSchema = paginatedSchema(staffAccountSchema.partial());

export const staffAccountsListQuery = defineListQuery({
  table: 'users',
  filters: {
    search: 'scope',
    name: 'partial',
    email: 'partial',
    role_id: 'exact',
    status: 'scope',
  },
  sorts: ['name', 'email', 'role_id', 'created_at', 'last_login_at'],
  defaultSort: ['name'],
  includes: [],
  fields: [
    'id',
    'name',
    'email',
    'role_id',
    'status',
    'email_verified_at',
    'last_login_at',
    'deactivated_at',
    'created_at',
    'updated_at',
  ],
  appends: ['role_name'],
});

export const inviteStaffInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  role_id: staffRoleIdSchema,
});
export type InviteStaffInput = z.input<typeof inviteStaffInputSchema>;

export const updateStaffInputSchema = z.object({
  name: personNameSchema.optional(),
  role_id: staffRoleIdSchema.optional(),
});
export type UpdateStaffInput = z.input<typeof updateStaffInputSchema>;

export const STAFF_MESSAGES = {
  self: 'You cannot deactivate your own account.',
  selfRole: 'You cannot change your own role.',
  alreadyDeactivated: 'This account is already deactivated.',
  notDeactivated: 'This account is active.',
} as const;
