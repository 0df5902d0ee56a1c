import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { investorRefSchema } from './organisations';
import { optionalText } from './subjects';

/** DOMAIN.md, People: a named group of investors, invited to a Live - Internal opportunity at once. */
export const clientGroupSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    members_count: z.number().int(),
    /** the opportunities it is invited to */
    invitations_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'ClientGroup' });
export type ClientGroup = z.infer<typeof clientGroupSchema>;

export const clientGroupListSchema = paginatedSchema(clientGroupSchema.partial());

const groupName = z.string().trim().min(1).max(120);

export const updateClientGroupInputSchema = z
  .object({ name: groupName.optional(), description: optionalText(1000) })
  .meta({ id: 'ClientGroupChanges' });
export type UpdateClientGroupInput = z.input<typeof updateClientGroupInputSchema>;

export const createClientGroupInputSchema = z
  .object({ name: groupName, description: optionalText(1000) })
  .meta({ id: 'NewClientGroup' });
export type CreateClientGroupInput = z.input<typeof createClientGroupInputSchema>;

export const CLIENT_GROUP_LIST_FIELDS = [
  'id',
  'name',
  'description',
  'members_count',
  'invitations_count',
  'created_at',
  'updated_at',
] as const;

export const clientGroupsListQuery = defineListQuery({
  table: 'client_groups',
  filters: { search: 'scope' },
  sorts: ['name', 'members_count', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: CLIENT_GROUP_LIST_FIELDS,
  appends: [],
});

/** The columns of the client groups list and of its exports, in order. */
export const CLIENT_GROUP_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'description', label: 'Description', default: true },
  { key: 'members_count', label: 'Members', default: true },
  { key: 'invitations_count', label: 'Invited to', default: false },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies ReadonlyArray<ListColumn<(typeof CLIENT_GROUP_LIST_FIELDS)[number]>>;
export type ClientGroupColumnKey = (typeof CLIENT_GROUP_COLUMNS)[number]['key'];

/** A member of a group: an investor. Its id is the investor's (DELETE …/members/{userId}). */
export const clientGroupMemberSchema = z
  .object({
    id: idSchema,
    client_group_id: idSchema,
    investor: investorRefSchema,
    created_at: timestampSchema,
  })
  .meta({ id: 'ClientGroupMember' });
export type ClientGroupMember = z.infer<typeof clientGroupMemberSchema>;

export const clientGroupMemberListSchema = paginatedSchema(clientGroupMemberSchema);

export const clientGroupMembersListQuery = defineListQuery({
  table: 'client_group_members',
  filters: { search: 'scope' },
  sorts: ['name', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: [],
  appends: [],
});

/** POST /api/client-groups/{id}/members: investors (role 5) to add; those already in stay as they are. */
export const addClientGroupMembersInputSchema = z
  .object({ user_ids: z.array(z.number().int().positive()).min(1).max(100) })
  .meta({ id: 'NewClientGroupMembers' });
export type AddClientGroupMembersInput = z.input<typeof addClientGroupMembersInputSchema>;
