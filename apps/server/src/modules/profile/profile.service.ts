import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type FeatureSet,
  type Profile,
  type updateProfileInputSchema,
} from '@portico/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { notFound, validationError } from '../../platform/http/errors';
import { changedFields } from '../../platform/records/changed-fields';
import type { BrandingService } from '../branding/branding.service';
import { saveProfile, type ProfilePatch } from '../investors/investors.repository';
import { updateUser } from '../users/users.repository';
import { confirmNewEmailMail, emailChangeNoticeMail } from './profile.mails';
import { toProfile } from './profile.mapper';
import { applyPendingEmail, findProfile } from './profile.repository';

type ProfileChanges = z.output<typeof updateProfileInputSchema>;

const CONFIRM_MINUTES = 60;
const TRADING_TYPES = new Set(['business', 'soletrader']);

/** The profile fields an investor writes, as they are stored (investor_profiles). */
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
  'trading_name',
  'company_number',
  'ni_number',
  'utr',
  'bank_account_name',
  'bank_sort_code',
  'bank_account_number',
  'bank_iban',
  'bank_swift',
] as const satisfies ReadonlyArray<keyof ProfilePatch & keyof ProfileChanges>;

const TAX_FIELDS = ['ni_number', 'utr'] as const;
const INTL_BANK_FIELDS = ['bank_iban', 'bank_swift'] as const;

const sha1 = (value: string) => createHash('sha1').update(value).digest('hex');
const fullName = (first: string | null | undefined, last: string | null | undefined, fallback: string) =>
  [first, last].filter(Boolean).join(' ') || fallback;

/** Fields the flags switch off are refused rather than silently dropped: the investor sent them. */
function refuseSwitchedOff(input: ProfileChanges, features: FeatureSet) {
  const errors: Record<string, string[]> = {};
  if (!features.tax)
    for (const field of TAX_FIELDS)
      if (input[field] !== undefined) errors[field] = ['Tax details are not collected on this platform.'];
  if (!features.internationalBank)
    for (const field of INTL_BANK_FIELDS)
      if (input[field] !== undefined)
        errors[field] = ['International bank details are not collected on this platform.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

export function createProfileService(ctx: AppContext, branding: BrandingService) {
  const { db, config, mailer, signer } = ctx;

  function confirmationUrl(userId: number, pending: string) {
    const expires = new Date(Date.now() + CONFIRM_MINUTES * 60_000);
    return signer.sign(`/email/change/${userId}/${sha1(pending)}`, expires);
  }

  async function load(tx: DbOrTx, userId: number) {
    const row = await findProfile(tx, userId);
    if (!row) throw notFound('No profile for this account.');
    return row;
  }

  /** Nobody else may hold (or be confirming) the address. */
  async function assertAddressFree(tx: DbOrTx, userId: number, email: string) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)));
    if (taken) throw validationError({ email: [AUTH_MESSAGES.emailTaken] });
  }

  return {
    async get(user: UserRow): Promise<Profile> {
      const { features } = await branding.current();
      return toProfile(await load(db, user.id), features);
    },

    /**
     * The investor changes their own details. A new email address only becomes the account's address
     * once the link sent to it is opened; until then it is `pending_email` and the old one stays in force.
     */
    async update(user: UserRow, actor: Actor, input: ProfileChanges): Promise<Profile> {
      const { features } = await branding.current();
      refuseSwitchedOff(input, features);
      await db
        .transaction(async (tx) => {
          const before = await load(tx, user.id);
          const patch: ProfilePatch = Object.fromEntries(
            PROFILE_FIELDS.filter((field) => input[field] !== undefined).map((field) => [
              field,
              input[field],
            ]),
          );
          // Trading name and company number belong to businesses and sole traders only.
          const clientType =
            input.client_type !== undefined ? input.client_type : before.profile?.client_type;
          if (!clientType || !TRADING_TYPES.has(clientType)) {
            patch.trading_name = null;
            patch.company_number = null;
          }
          const userPatch: Parameters<typeof updateUser>[2] = {};
          if (input.first_name !== undefined || input.last_name !== undefined)
            userPatch.name = fullName(
              input.first_name ?? before.profile?.first_name,
              input.last_name ?? before.profile?.last_name,
              before.user.name,
            );
          let requested: string | undefined;
          if (input.email !== undefined) {
            if (input.email === before.user.email) {
              // Asking for the current address again withdraws a pending change.
              if (before.user.pending_email) {
                userPatch.pending_email = null;
                userPatch.pending_email_requested_at = null;
              }
            } else if (input.email !== before.user.pending_email) {
              await assertAddressFree(tx, user.id, input.email);
              userPatch.pending_email = input.email;
              userPatch.pending_email_requested_at = new Date();
              requested = input.email;
            }
          }
          const updated = await updateUser(tx, user.id, userPatch);
          await saveProfile(tx, user.id, patch);
          const after = await load(tx, user.id);
          const diff = changedFields(toProfile(before, features), toProfile(after, features));
          if (diff)
            await recordAudit(tx, actor, {
              action: 'investor.updated',
              subjectType: 'investor',
              subjectId: user.id,
              ...diff,
            });
          if (requested) {
            await mailer.queue(
              tx,
              confirmNewEmailMail(
                config.APP_NAME,
                updated.name,
                requested,
                confirmationUrl(user.id, requested),
              ),
            );
            await mailer.queue(
              tx,
              emailChangeNoticeMail(config.APP_NAME, updated.name, before.user.email, requested),
            );
            await recordAudit(tx, actor, {
              action: 'investor.email_change_requested',
              subjectType: 'investor',
              subjectId: user.id,
              before: { email: before.user.email },
              after: { pending_email: requested },
            });
          }
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw validationError({ email: [AUTH_MESSAGES.emailTaken] });
          throw error;
        });
      return this.get(user);
    },

    /** Opens the link sent to a new address: it becomes the account's address, verified. */
    async confirmEmailChange(id: number, hash: string, pathWithQuery: string, actor: Actor) {
      const signature = signer.check(pathWithQuery);
      if (signature !== 'valid') return { outcome: signature, user: undefined };
      const row = await findProfile(db, id);
      const pending = row?.user.pending_email;
      if (!row || !pending || sha1(pending) !== hash) return { outcome: 'invalid' as const, user: undefined };
      try {
        const user = await db.transaction(async (tx) => {
          const changed = await applyPendingEmail(tx, id, pending, new Date());
          if (!changed) return undefined;
          await recordAudit(tx, actor, {
            action: 'investor.email_changed',
            subjectType: 'investor',
            subjectId: id,
            before: { email: row.user.email },
            after: { email: pending },
          });
          return changed;
        });
        return user ? { outcome: 'valid' as const, user } : { outcome: 'invalid' as const, user: undefined };
      } catch (error) {
        // Someone registered with the address meanwhile.
        if (isUniqueViolation(error)) return { outcome: 'taken' as const, user: undefined };
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
