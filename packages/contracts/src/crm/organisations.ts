import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { addressShape, optionalEmail, optionalText, personRefSchema, phoneSchema } from './subjects';

/** DOMAIN.md: a legal entity an investor invests through or belongs to. */
export const ORGANISATION_TYPES = [
  'company',
  'trust',
  'family_office',
  'angel_network',
  'partnership',
  'charity',
  'other',
] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const ORGANISATION_TYPE_LABELS: Record<OrganisationType, string> = {
  company: 'Company',
  trust: 'Trust',
  family_office: 'Family office',
  angel_network: 'Angel network',
  partnership: 'Partnership',
  charity: 'Charity',
  other: 'Other',
};

/** What an investor is to an organisation (an organisation link). */
export const ORGANISATION_ROLES = ['director', 'member', 'beneficial_owner', 'authorised_signatory'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const ORGANISATION_ROLE_LABELS: Record<OrganisationRole, string> = {
  director: 'Director',
  member: 'Member',
  beneficial_owner: 'Beneficial owner',
  authorised_signatory: 'Authorised signatory',
};

/** An http(s) address, or "" to clear it. */
export const optionalWebsite = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(255)
      .pipe(z.url({ protocol: /^https?$/, error: 'The :attribute field must be a valid URL (https://…).' })),
  ])
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const organisationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(ORGANISATION_TYPES),
    registration_number: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    /** investors linked to it */
    members_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationListSchema = paginatedSchema(organisationSchema.partial());

const organisationName = z.string().trim().min(1).max(200);

export const organisationChangesShape = {
  name: organisationName.optional(),
  type: z.enum(ORGANISATION_TYPES).optional(),
  /** a company, charity or trust number: formats vary, so free text */
  registration_number: optionalText(50),
  email: optionalEmail,
  phone: phoneSchema,
  website: optionalWebsite,
  ...addressShape,
};

export const updateOrganisationInputSchema = z
  .object(organisationChangesShape)
  .meta({ id: 'OrganisationChanges' });
export type UpdateOrganisationInput = z.input<typeof updateOrganisationInputSchema>;

export const createOrganisationInputSchema = z
  .object({ ...organisationChangesShape, name: organisationName })
  .meta({ id: 'NewOrganisation' });
export type CreateOrganisationInput = z.input<typeof createOrganisationInputSchema>;

export const ORGANISATION_LIST_FIELDS = [
  'id',
  'name',
  'type',
  'registration_number',
  'email',
  'phone',
  'website',
  'city',
  'country',
  'members_count',
  'created_at',
  'updated_at',
] as const;

export const organisationsListQuery = defineListQuery({
  table: 'organisations',
  filters: { search: 'scope', type: 'exact' },
  sorts: ['name', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: ORGANISATION_LIST_FIELDS,
  appends: [],
});

/** The columns of the organisations list and of its CSV and Excel exports, in order. */
export const ORGANISATION_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'type', label: 'Type', default: true },
  { key: 'registration_number', label: 'Registration number', default: false },
  { key: 'email', label: 'Email', default: true },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'website', label: 'Website', default: false },
  { key: 'city', label: 'Town or city', default: false },
  { key: 'country', label: 'Country', default: false },
  { key: 'members_count', label: 'Members', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies ReadonlyArray<ListColumn<(typeof ORGANISATION_LIST_FIELDS)[number]>>;
export type OrganisationColumnKey = (typeof ORGANISATION_COLUMNS)[number]['key'];

/** An investor as a member, client or holder: id, name and email. */
export const investorRefSchema = z
  .object({ id: idSchema, name: z.string(), email: z.string() })
  .meta({ id: 'InvestorRef' });
export type InvestorRef = z.infer<typeof investorRefSchema>;

/** An organisation link: an investor's membership of an organisation, and as what. */
export const organisationMemberSchema = z
  .object({
    /** the link's id (PATCH and DELETE /api/organisations/{id}/members/{memberId}) */
    id: idSchema,
    organisation_id: idSchema,
    investor: investorRefSchema,
    role: z.enum(ORGANISATION_ROLES),
    created_at: timestampSchema,
  })
  .meta({ id: 'OrganisationMember' });
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

export const organisationMemberListSchema = paginatedSchema(organisationMemberSchema);

export const organisationMembersListQuery = defineListQuery({
  table: 'organisation_links',
  filters: { search: 'scope', role: 'exact' },
  sorts: ['name', 'created_at', 'role'],
  defaultSort: ['name'],
  includes: [],
  fields: [],
  appends: [],
});

export const createOrganisationMemberInputSchema = z
  .object({
    /** an investor's user id */
    user_id: z.number().int().positive(),
    role: z.enum(ORGANISATION_ROLES).default('member'),
  })
  .meta({ id: 'NewOrganisationMember' });
export type CreateOrganisationMemberInput = z.input<typeof createOrganisationMemberInputSchema>;

export const updateOrganisationMemberInputSchema = z
  .object({ role: z.enum(ORGANISATION_ROLES) })
  .meta({ id: 'OrganisationMemberChanges' });
export type UpdateOrganisationMemberInput = z.input<typeof updateOrganisationMemberInputSchema>;

/** Organisation applications: an investor asks, from the portal, to join or create one; staff decide. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** join: an existing organisation; create: a new one the investor proposes */
export const APPLICATION_KINDS = ['join', 'create'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export const organisationApplicationSchema = z
  .object({
    id: idSchema,
    kind: z.enum(APPLICATION_KINDS),
    investor: investorRefSchema,
    /** the organisation to join; for a proposal, the one created when it was approved */
    organisation: z.object({ id: idSchema, name: z.string() }).nullable(),
    proposed_name: z.string().nullable(),
    proposed_type: z.enum(ORGANISATION_TYPES).nullable(),
    registration_number: z.string().nullable(),
    role: z.enum(ORGANISATION_ROLES),
    message: z.string().nullable(),
    status: z.enum(APPLICATION_STATUSES),
    /** why it was rejected */
    reason: z.string().nullable(),
    /** the staff member who decided (not shown to investors) */
    reviewed_by: personRefSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'OrganisationApplication' });
export type OrganisationApplication = z.infer<typeof organisationApplicationSchema>;

export const organisationApplicationListSchema = paginatedSchema(organisationApplicationSchema);

export const organisationApplicationsListQuery = defineListQuery({
  table: 'organisation_applications',
  filters: { status: 'exact', search: 'scope' },
  sorts: ['created_at', 'status'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: [],
  appends: [],
});

/**
 * The investor's application (/investor/profile/organisation-apply): join an existing organisation by
 * id, or propose a new one by name.
 */
export const createOrganisationApplicationInputSchema = z
  .object({
    organisation_id: z.number().int().positive().nullable().optional(),
    proposed_name: optionalText(200),
    proposed_type: z.enum(ORGANISATION_TYPES).nullable().optional(),
    registration_number: optionalText(50),
    role: z.enum(ORGANISATION_ROLES).default('member'),
    message: optionalText(2000),
  })
  .superRefine((value, context) => {
    const joining = value.organisation_id != null;
    const proposing = value.proposed_name != null;
    if (!joining && !proposing)
      context.addIssue({
        code: 'custom',
        path: ['organisation_id'],
        message: 'Choose an organisation to join, or give the name of a new one.',
      });
    if (joining && proposing)
      context.addIssue({
        code: 'custom',
        path: ['proposed_name'],
        message: 'Either join an existing organisation or propose a new one, not both.',
      });
  })
  .meta({ id: 'NewOrganisationApplication' });
export type CreateOrganisationApplicationInput = z.input<typeof createOrganisationApplicationInputSchema>;

export const rejectOrganisationApplicationInputSchema = z
  .object({ reason: z.string().trim().min(1).max(2000) })
  .meta({ id: 'OrganisationApplicationRejection' });
export type RejectOrganisationApplicationInput = z.input<typeof rejectOrganisationApplicationInputSchema>;

/** What the portal's organisation picker shows: a few organisations matching what the investor typed. */
export const organisationOptionSchema = z
  .object({ id: idSchema, name: z.string(), type: z.enum(ORGANISATION_TYPES) })
  .meta({ id: 'OrganisationOption' });
export type OrganisationOption = z.infer<typeof organisationOptionSchema>;
export const organisationOptionsQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
