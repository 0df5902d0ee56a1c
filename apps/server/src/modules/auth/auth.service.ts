import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  can,
  isStaffRole,
  ROLES,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type UpdatePasswordInput,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthTokenPurpose, UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Session, SessionClient } from '../../platform/auth/sessions';
import { randomToken, sha256 } from '../../platform/crypto';
import { fieldError, tooManyAttempts } from '../../platform/http/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/users.repository';
import { replaceToken, useToken } from './auth-tokens.repository';
import { invitationMail, passwordResetMail, verificationMail } from './auth.mails';

const LOGIN_MAX_ATTEMPTS = 5;
const LOGIN_DECAY_SECONDS = 60;
const VERIFY_MINUTES = 60;
const TOKEN_MINUTES: Record<AuthTokenPurpose, number> = { password_reset: 60, invitation: 7 * 24 * 60 };

const sha1 = (value: string) => createHash('sha1').update(value).digest('hex');

export function homePath(user: Pick<UserRow, 'role_id'>): string {
  return isStaffRole(user.role_id) ? '/admin' : '/investor';
}

function throttled(seconds: number, limit: number) {
  return tooManyAttempts(seconds, AUTH_MESSAGES.throttle(seconds), limit);
}

export function createAuthService(
  ctx: AppContext,
  notifications: NotificationsService,
  currentTermsVersion: () => Promise<number>,
) {
  const { db, config, mailer, signer, rateLimiter, sessions } = ctx;
  /** Other modules act on a new investor or a verified address, inside the same transaction. */
  type Hook = (tx: DbOrTx, user: UserRow) => Promise<void>;
  const hooks: { registered: Hook[]; verified: Hook[] } = { registered: [], verified: [] };

  /** Counts one attempt against a limit; throws 429 once the limit is reached. */
  async function throttle(key: string, limit: number, decaySeconds: number) {
    const wait = await rateLimiter.retryAfter(key, limit);
    if (wait > 0) throw throttled(wait, limit);
    await rateLimiter.hit(key, decaySeconds);
  }

  function verificationUrl(user: UserRow) {
    const expires = new Date(Date.now() + VERIFY_MINUTES * 60_000);
    return signer.sign(`/email/verify/${user.id}/${sha1(user.email)}`, expires);
  }

  async function issueToken(tx: DbOrTx, user: UserRow, purpose: AuthTokenPurpose) {
    const token = randomToken(32);
    await replaceToken(tx, {
      user_id: user.id,
      purpose,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + TOKEN_MINUTES[purpose] * 60_000),
    });
    const page = purpose === 'invitation' ? 'set-password' : 'reset-password';
    const query = new URLSearchParams({ token, email: user.email });
    return `${config.APP_URL}/${page}?${query.toString()}`;
  }

  /** Consumes a token for the email's user; the same error whether the email or the token is wrong. */
  async function consumeToken(tx: DbOrTx, purpose: AuthTokenPurpose, email: string, token: string) {
    const message =
      purpose === 'invitation' ? AUTH_MESSAGES.invalidInvitationToken : AUTH_MESSAGES.invalidResetToken;
    const user = await findUserByEmail(tx, email);
    const userId = user ? await useToken(tx, purpose, sha256(token), new Date()) : undefined;
    if (!user || userId !== user.id || user.deactivated_at) throw fieldError('email', message);
    return user;
  }

  return {
    homePath,

    onRegistered(hook: Hook) {
      hooks.registered.push(hook);
    },
    onVerified(hook: Hook) {
      hooks.verified.push(hook);
    },

    /** A fresh verification link, in the caller's transaction (an address staff changed). */
    async sendVerification(tx: DbOrTx, user: UserRow) {
      await mailer.queue(tx, verificationMail(config.APP_NAME, user, verificationUrl(user)));
    },

    /** Staff send a user a password reset link (the investors_password permission). */
    async sendResetLinkTo(user: UserRow) {
      await db.transaction(async (tx) => {
        const url = await issueToken(tx, user, 'password_reset');
        await mailer.queue(tx, passwordResetMail(config.APP_NAME, user, url));
      });
    },

    async login(input: LoginInput & { email: string }, client: SessionClient, current: Session | null) {
      const key = `login:${input.email.toLowerCase()}|${client.ip}`;
      const wait = await rateLimiter.retryAfter(key, LOGIN_MAX_ATTEMPTS);
      if (wait > 0) throw throttled(wait, LOGIN_MAX_ATTEMPTS);
      const user = await findUserByEmail(db, input.email);
      const valid = await verifyPassword(user?.password, input.password);
      if (!user || !valid) {
        await rateLimiter.hit(key, LOGIN_DECAY_SECONDS);
        throw fieldError('email', AUTH_MESSAGES.failed);
      }
      if (user.deactivated_at) throw fieldError('email', AUTH_MESSAGES.deactivated);
      await rateLimiter.clear(key);
      const signedIn = await updateUser(db, user.id, { last_login_at: new Date() });
      const session = await sessions.regenerate(current, client, user.id);
      return { user: signedIn, session };
    },

    async logout(current: Session | null, client: SessionClient) {
      return sessions.regenerate(current, client, null);
    },

    async register(input: RegisterInput, client: SessionClient, current: Session | null, actor: Actor) {
      await throttle(`register:${client.ip}`, 10, 60);
      const password = await hashPassword(input.password);
      const termsVersion = await currentTermsVersion();
      const user = await db
        .transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          const created = await insertUser(tx, {
            name: input.name.trim(),
            email: input.email,
            password,
            role_id: ROLES.USER,
            accepted_terms_version: termsVersion,
          });
          await mailer.queue(tx, verificationMail(config.APP_NAME, created, verificationUrl(created)));
          await recordAudit(
            tx,
            { ...actor, userId: created.id },
            {
              action: 'user.registered',
              subjectType: 'user',
              subjectId: created.id,
              after: { name: created.name, email: created.email, role_id: created.role_id },
            },
          );
          for (const hook of hooks.registered) await hook(tx, created);
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          throw error;
        });
      const session = await sessions.regenerate(current, client, user.id);
      // Staff who follow the platform's growth hear of each new investor.
      await notifications.notifyStaff((staff) => can(staff.role_id, 'overview', 'index'), {
        type: 'App\\Notifications\\InvestorRegistered',
        data: { message: `**${user.name}** registered as an investor.`, cta: '/admin', icon: 'default' },
      });
      return { user, session };
    },

    /** Checks a verification link and marks the address verified. */
    async verifyEmail(id: number, hash: string, pathWithQuery: string, actor: Actor) {
      const signature = signer.check(pathWithQuery);
      if (signature !== 'valid') return { outcome: signature, user: undefined };
      const user = await findUserById(db, id);
      if (!user || sha1(user.email) !== hash) return { outcome: 'invalid' as const, user: undefined };
      if (user.email_verified_at) return { outcome: 'valid' as const, user };
      const verified = await db.transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, { email_verified_at: new Date() });
        await recordAudit(tx, actor, {
          action: 'user.email_verified',
          subjectType: 'user',
          subjectId: user.id,
        });
        for (const hook of hooks.verified) await hook(tx, updated);
        return updated;
      });
      return { outcome: 'valid' as const, user: verified };
    },

    async resendVerification(user: UserRow) {
      if (user.email_verified_at) return AUTH_MESSAGES.alreadyVerified;
      await throttle(`verify-resend:${user.id}`, 6, 60);
      await mailer.queue(db, verificationMail(config.APP_NAME, user, verificationUrl(user)));
      return AUTH_MESSAGES.verificationSent;
    },

    /** Answers the same whether or not the address has an account. */
    async sendResetLink(email: string, client: SessionClient) {
      await throttle(`password-email:${email}|${client.ip}`, 5, 60);
      const user = await findUserByEmail(db, email);
      if (user && !user.deactivated_at) {
        await db.transaction(async (tx) => {
          const url = await issueToken(tx, user, 'password_reset');
          await mailer.queue(tx, passwordResetMail(config.APP_NAME, user, url));
        });
      }
      return AUTH_MESSAGES.resetLinkSent;
    },

    async resetPassword(input: ResetPasswordInput, actor: Actor) {
      const password = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const found = await consumeToken(tx, 'password_reset', input.email, input.token);
        const updated = await updateUser(tx, found.id, {
          password,
          email_verified_at: found.email_verified_at ?? new Date(),
        });
        await recordAudit(tx, actor, {
          action: 'user.password_reset',
          subjectType: 'user',
          subjectId: found.id,
        });
        return updated;
      });
      await sessions.destroyForUser(user.id);
      return AUTH_MESSAGES.passwordReset;
    },

    async updatePassword(user: UserRow, current: Session | null, input: UpdatePasswordInput, actor: Actor) {
      if (!(await verifyPassword(user.password, input.current_password)))
        throw fieldError('current_password', AUTH_MESSAGES.currentPassword);
      const password = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { password });
        await recordAudit(tx, actor, {
          action: 'user.password_changed',
          subjectType: 'user',
          subjectId: user.id,
        });
      });
      await sessions.destroyForUser(user.id, current);
      return AUTH_MESSAGES.passwordUpdated;
    },

    /** An invited user's first password: it also proves the address and signs them in. */
    async setPassword(
      input: ResetPasswordInput,
      client: SessionClient,
      current: Session | null,
      actor: Actor,
    ) {
      const password = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const found = await consumeToken(tx, 'invitation', input.email, input.token);
        const updated = await updateUser(tx, found.id, {
          password,
          email_verified_at: found.email_verified_at ?? new Date(),
          last_login_at: new Date(),
        });
        await recordAudit(
          tx,
          { ...actor, userId: found.id },
          {
            action: 'user.invitation_accepted',
            subjectType: 'user',
            subjectId: found.id,
          },
        );
        return updated;
      });
      await sessions.destroyForUser(user.id);
      const session = await sessions.regenerate(current, client, user.id);
      return { user, session };
    },

    /** Sends (or sends again) the set-password invitation; called inside the inviter's transaction. */
    async sendInvitation(tx: DbOrTx, user: UserRow, inviterName: string) {
      const url = await issueToken(tx, user, 'invitation');
      await mailer.queue(tx, invitationMail(config.APP_NAME, user, inviterName, url));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
