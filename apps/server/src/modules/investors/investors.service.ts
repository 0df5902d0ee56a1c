import {
  AUTH_MESSAGES,
  CATEGORY_TERMS,
  CLIENT_TYPE_LABELS,
  INVESTOR_COLUMNS,
  investorsListQuery,
  isStaffRole,
  ONBOARDING_STATE_LABELS,
  parseListQuery,
  ROLES,
  type createInvestorInputSchema,
  type ExportFormat,
  type Investor,
  type updateInvestorInputSchema,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isStillReferred, isUniqueViolation } from '../../db/errors';
import { leadStatuses, users, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { changedFields } from '../../platform/records/changed-fields';
import { EXPORT_CAP, exportRecords, type Cell } from '../../platform/export/table-export';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import type { AuthService } from '../auth/auth.service';
import type { BrandingService } from '../branding/branding.service';
import { purgeRecordParts, removeStoredFiles } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/users.repository';
import { toInvestor, type InvestorView } from './investors.mapper';
import {
  allInvestors,
  findInvestor,
  listInvestors,
  organisationsOf,
  refreshOnboardingState,
  saveProfile,
  type InvestorRow,
  type ProfilePatch,
} from './investors.repository';

type CreateInput = z.output<typeof createInvestorInputSchema>;
type UpdateInput = z.output<typeof updateInvestorInputSchema>;

const PROFILE_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'phone',
  'date_of_birth',
  'nationality',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
  'client_type',
  'lead_status_id',
  'owner_id',
  'adviser_id',
  'source',
  'ni_number',
  'utr',
  'bank_account_name',
  'bank_sort_code',
  'bank_account_number',
  'bank_iban',
  'bank_swift',
] as const satisfies ReadonlyArray<keyof ProfilePatch & keyof UpdateInput>;

const fullName = (first: string | null | undefined, last: string | null | undefined, fallback: string) =>
  [first, last].filter(Boolean).join(' ') || fallback;

export const INVESTOR_KEPT =
  'This investor is named in records the firm must keep (market soundings, insider lists or tax relief certificates): deactivate them instead.';
export function createInvestorsService(ctx: AppContext, auth: AuthService, branding: BrandingService) {
  const { db } = ctx;
  /** Other modules act on a new investor inside the same transaction (a matching contact converts). */
  const createdHooks: Array<(tx: DbOrTx, user: UserRow, actor: Actor) => Promise<void>> = [];

  async function view(): Promise<InvestorView> {
    const { features } = await branding.current();
    return { showTax: features.tax, hideBank: features.hideBankAdmin };
  }

  /**
   * What an audit row keeps: the bank details even when the admin hides them (the audit helper masks
   * them but for their last four characters), so a change of them is never left out of the log.
   */
  const audited = (shown: InvestorView): InvestorView => ({ ...shown, hideBank: false });

  /**
   * Rows as resources. Inside a transaction pass its `tx` and a view read beforehand: on PGlite's single
   * connection a query through `db` would wait for the transaction forever.
   */
  async function present(rows: InvestorRow[], source: DbOrTx = db, shown?: InvestorView) {
    const organisations = await organisationsOf(
      source,
      rows.map((row) => row.user.id),
    );
    const seen = shown ?? (await view());
    return rows.map((row) => toInvestor(row, organisations.get(row.user.id) ?? [], seen));
  }

  async function load(tx: DbOrTx, id: number) {
    const row = await findInvestor(tx, id);
    if (!row) throw notFound('No investor with that id.');
    return row;
  }

  /** Lead statuses must exist, owners and advisers must be active staff. */
  async function checkReferences(tx: DbOrTx, input: Partial<UpdateInput>) {
    const errors: Record<string, string[]> = {};
    if (input.lead_status_id) {
      const [status] = await tx
        .select({ id: leadStatuses.id })
        .from(leadStatuses)
        .where(eq(leadStatuses.id, input.lead_status_id));
      if (!status) errors.lead_status_id = ['The selected lead status is invalid.'];
    }
    for (const field of ['owner_id', 'adviser_id'] as const) {
      const id = input[field];
      if (!id) continue;
      const person = await findUserById(tx, id);
      if (!person || !isStaffRole(person.role_id) || person.deactivated_at)
        errors[field] = [
          `The selected ${field === 'owner_id' ? 'owner' : 'adviser'} must be an active staff member.`,
        ];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  const profilePatch = (input: Partial<UpdateInput>): ProfilePatch =>
    Object.fromEntries(
      PROFILE_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
    );

  const snapshot = (investor: Investor) => ({ ...investor, organisations: undefined });

  const subject: SubjectDefinition = {
    type: 'investor',
    async find(tx, id) {
      const [row] = await tx
        .select({ id: users.id, name: users.name, email: users.email, role_id: users.role_id })
        .from(users)
        .where(eq(users.id, id));
      return row && row.role_id === ROLES.USER ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
    adminUrl: (id) => `/admin/investors/${id}/details`,
    notesUrl: (id) => `/admin/investors/${id}/details/notes-calls-tasks`,
  };

  return {
    subject,

    onCreated(hook: (tx: DbOrTx, user: UserRow, actor: Actor) => Promise<void>) {
      createdHooks.push(hook);
    },

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(investorsListQuery, raw);
      // The page carries its rows' organisations (one statement for the page, its total and them).
      const { rows, total } = await listInvestors(db, query);
      const shown = await view();
      const data = rows.map((row) => pickFields(toInvestor(row, row.organisations, shown), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    async get(id: number) {
      const [investor] = await present([await load(db, id)]);
      if (!investor) throw notFound();
      return investor;
    },

    /** The filtered list as a file, with the chosen columns (all by default). */
    async export(raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[]) {
      const query = parseListQuery(investorsListQuery, { ...raw, page: undefined, per_page: undefined });
      const terms = await branding.terminology();
      const shown = await view();
      const cell = (investor: Investor, key: (typeof INVESTOR_COLUMNS)[number]['key']): Cell => {
        switch (key) {
          case 'lead_status':
            return investor.lead_status?.name ?? null;
          case 'owner':
            return investor.owner?.name ?? null;
          case 'category':
            return investor.category ? terms[CATEGORY_TERMS[investor.category]] : null;
          case 'client_type':
            return investor.client_type ? CLIENT_TYPE_LABELS[investor.client_type] : null;
          case 'onboarding_state':
            return ONBOARDING_STATE_LABELS[investor.onboarding_state];
          case 'compliance_passed':
            return investor.compliance_passed === 1 ? 'Passed' : 'Not passed';
          case 'last_login_at':
          case 'created_at':
            return investor[key] ? new Date(investor[key]) : null;
          default:
            return investor[key];
        }
      };
      return exportRecords({
        workers: ctx.workers,
        columns: INVESTOR_COLUMNS,
        chosen: columnKeys,
        batches: allInvestors(db, query, EXPORT_CAP),
        present: async (batch) => {
          const organisations = await organisationsOf(
            db,
            batch.map((row) => row.user.id),
          );
          return batch.map((row) => toInvestor(row, organisations.get(row.user.id) ?? [], shown));
        },
        cell,
        format,
        sheetName: terms.investors,
      });
    },

    /** Staff add an investor; by default they get an email to set their password. */
    async create(actorUser: UserRow, actor: Actor, input: CreateInput) {
      const shown = await view();
      const id = await db
        .transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          await checkReferences(tx, input);
          const user = await insertUser(tx, {
            name: fullName(input.first_name, input.last_name, input.email),
            email: input.email,
            role_id: ROLES.USER,
            invited_at: input.send_invitation ? new Date() : null,
            invited_by: actorUser.id,
          });
          await saveProfile(tx, user.id, { ...profilePatch(input), onboarding_state: 'registered' });
          for (const hook of createdHooks) await hook(tx, user, actor);
          if (input.send_invitation) await auth.sendInvitation(tx, user, actorUser.name);
          const created = (await present([await load(tx, user.id)], tx, audited(shown)))[0];
          await recordAudit(tx, actor, {
            action: 'investor.created',
            subjectType: 'investor',
            subjectId: user.id,
            after: created ? snapshot(created) : null,
          });
          return user.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          throw error;
        });
      return this.get(id);
    },

    async update(actor: Actor, id: number, input: UpdateInput) {
      const shown = await view();
      await db
        .transaction(async (tx) => {
          const before = await load(tx, id);
          await checkReferences(tx, input);
          const emailChanged = input.email !== undefined && input.email !== before.user.email;
          if (emailChanged && input.email && (await findUserByEmail(tx, input.email)))
            throw fieldError('email', AUTH_MESSAGES.emailTaken);
          const first = input.first_name ?? before.profile?.first_name;
          const last = input.last_name ?? before.profile?.last_name;
          const user = await updateUser(tx, id, {
            ...(input.first_name !== undefined || input.last_name !== undefined
              ? { name: fullName(first, last, before.user.name) }
              : {}),
            ...(emailChanged ? { email: input.email, email_verified_at: null } : {}),
          });
          await saveProfile(tx, id, profilePatch(input));
          if (emailChanged) {
            await auth.sendVerification(tx, user);
            await refreshOnboardingState(tx, id);
          }
          const [was] = await present([before], tx, audited(shown));
          const [now] = await present([await load(tx, id)], tx, audited(shown));
          // Every update of an investor writes its audit row (updated_at included, if it changed).
          if (was && now)
            await recordAudit(tx, actor, {
              action: 'investor.updated',
              subjectType: 'investor',
              subjectId: id,
              ...(changedFields(was, now, []) ?? { before: {}, after: {} }),
            });
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          throw error;
        });
      return this.get(id);
    },

    async setActive(actor: Actor, id: number, active: boolean) {
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        if (active === !before.user.deactivated_at)
          throw fieldError(
            'id',
            active ? 'This investor is active.' : 'This investor is already deactivated.',
          );
        const after = await updateUser(tx, id, { deactivated_at: active ? null : new Date() });
        await recordAudit(tx, actor, {
          action: active ? 'investor.restored' : 'investor.deactivated',
          subjectType: 'investor',
          subjectId: id,
          before: {
            name: before.user.name,
            deactivated_at: before.user.deactivated_at?.toISOString() ?? null,
          },
          after: { name: after.name, deactivated_at: after.deactivated_at?.toISOString() ?? null },
        });
      });
      if (!active) await ctx.sessions.destroyForUser(id);
      return this.get(id);
    },

    /** Erases an investor and everything hanging off them (delete_unsafe: Support only). */
    async deletePermanently(actor: Actor, id: number) {
      const files = await db
        .transaction(async (tx) => {
          const before = await load(tx, id);
          const keys = await purgeRecordParts(tx, 'investor', id);
          await tx.delete(users).where(eq(users.id, id));
          await recordAudit(tx, actor, {
            action: 'investor.deleted',
            subjectType: 'investor',
            subjectId: id,
            before: { name: before.user.name, email: before.user.email },
          });
          return keys;
        })
        .catch((error: unknown) => {
          // Records the firm must keep (market soundings, insider lists, tax relief certificates) refer to
          // the investor; the database refuses, and nothing of the purge is written.
          if (isStillReferred(error)) throw fieldError('id', INVESTOR_KEPT);
          throw error;
        });
      await removeStoredFiles(ctx.storage, files);
      await ctx.sessions.destroyForUser(id);
    },

    async sendPasswordReset(actor: Actor, id: number) {
      const row = await load(db, id);
      await auth.sendResetLinkTo(row.user);
      await recordAudit(db, actor, {
        action: 'investor.password_reset_sent',
        subjectType: 'investor',
        subjectId: id,
      });
    },

    async resendInvitation(actorUser: UserRow, actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const row = await load(tx, id);
        if (row.user.password || row.user.deactivated_at)
          throw fieldError('id', 'Only a pending invitation can be sent again.');
        await auth.sendInvitation(tx, row.user, actorUser.name);
        await recordAudit(tx, actor, {
          action: 'investor.invitation_sent',
          subjectType: 'investor',
          subjectId: id,
        });
      });
    },

    /** Registration and verification write the investor's profile and onboarding state. */
    async afterRegistration(tx: DbOrTx, user: UserRow) {
      await saveProfile(tx, user.id, {
        first_name: user.name.split(' ')[0] ?? null,
        last_name: user.name.split(' ').slice(1).join(' ') || null,
        onboarding_state: 'registered',
      });
    },
    refreshOnboardingState: (tx: DbOrTx, userId: number) => refreshOnboardingState(tx, userId),
  };
}

export type InvestorsService = ReturnType<typeof createInvestorsService>;
