import { ERROR_MESSAGES, type supportContactInputSchema } from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { tooManyAttempts } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { supportRequestMail } from '../profile/profile.mails';

type SupportInput = z.output<typeof supportContactInputSchema>;

/** Like the other form posts (password email, verification resend): a few a user, then a wait. */
const MAX_MESSAGES = 5;
const DECAY_SECONDS = 10 * 60;

export const SUPPORT_SENT_MESSAGE = 'Thank you. Your message has been sent to our support team.';

export function createSupportService(ctx: AppContext) {
  const { db, config, mailer, rateLimiter } = ctx;
  return {
    /** Emails the firm's support address through the outbox, replying to the user. */
    async contact(user: UserRow, actor: Actor, input: SupportInput) {
      const key = `support-contact:${user.id}`;
      const wait = await rateLimiter.retryAfter(key, MAX_MESSAGES);
      if (wait > 0) throw tooManyAttempts(wait, ERROR_MESSAGES.TOO_MANY_ATTEMPTS, MAX_MESSAGES);
      await rateLimiter.hit(key, DECAY_SECONDS);
      const sentAt = new Date();
      await db.transaction(async (tx) => {
        await mailer.queue(tx, supportRequestMail(config.APP_NAME, config.SUPPORT_EMAIL, user, input));
        // The subject and category only: the message itself is in the email.
        await recordAudit(tx, actor, {
          action: 'user.support_contacted',
          subjectType: 'user',
          subjectId: user.id,
          after: { subject: input.subject, category: input.category ?? null },
        });
      });
      return { message: SUPPORT_SENT_MESSAGE, sent_at: toApiTimestamp(sentAt) };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
