import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** where replies go, when not to the sender (a support request replies to the investor) */
  replyTo?: string;
  /** carries a secret link: hidden from staff in the outbox once it is really sent */
  sensitive?: boolean;
}

const MAX_ATTEMPTS = 5;
const SWEEP_INTERVAL_MS = 15_000;
/** How long a node's claim on a batch keeps it from the others: far longer than sending 20 messages. */
const CLAIM_SECONDS = 300;

/**
 * Every email is written to the outbox in the caller's transaction. With SMTP_URL set, queued rows
 * are then sent, retried by a sweep, and marked sent or failed; without it they stay "stored".
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}) {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function deliverBatch() {
    if (!transport) return;
    // Claim a batch: on PostgreSQL other nodes skip the locked rows, and once this commits the claim
    // keeps them off every other node's batch until it lapses (a node that died mid-send).
    const claimed = await options.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'queued'),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(isNull(mailOutbox.claimed_until), lt(mailOutbox.claimed_until, sql`now()`)),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(20)
        .for('update', { skipLocked: true });
      if (rows.length > 0)
        await tx
          .update(mailOutbox)
          .set({
            attempts: sql`${mailOutbox.attempts} + 1`,
            claimed_until: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
          })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((row) => row.id),
            ),
          );
      return rows;
    });
    for (const row of claimed) {
      try {
        await transport.sendMail({
          from: options.from,
          to: row.to_address,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        await options.db
          .update(mailOutbox)
          .set({ status: 'sent', sent_at: new Date(), error: null, claimed_until: null })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.warn({ mailId: row.id, err: message }, 'mail delivery failed');
        await options.db
          .update(mailOutbox)
          .set({
            error: message,
            status: row.attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'queued',
            claimed_until: null,
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  }

  function deliver(): Promise<void> {
    running ??= deliverBatch()
      .catch((error: unknown) => options.log.error({ err: error }, 'mail sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    sends: transport !== undefined,

    async queue(db: DbOrTx, message: MailMessage): Promise<void> {
      await db.insert(mailOutbox).values({
        to_address: message.to,
        reply_to: message.replyTo ?? null,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        sensitive: message.sensitive ?? false,
        status: transport ? 'queued' : 'stored',
      });
      // The caller's transaction commits first; the sweep catches anything this misses.
      if (transport) setTimeout(() => void deliver(), 50).unref();
    },

    /** Many emails in one statement (a capital call's notice to each investor). */
    async queueMany(db: DbOrTx, messages: readonly MailMessage[]): Promise<void> {
      if (messages.length === 0) return;
      // in slices of 1,000: each statement well under PostgreSQL's 65,535 parameters
      for (let start = 0; start < messages.length; start += 1000)
        await db.insert(mailOutbox).values(
          messages.slice(start, start + 1000).map((message) => ({
            to_address: message.to,
            reply_to: message.replyTo ?? null,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html,
            sensitive: message.sensitive ?? false,
            status: transport ? ('queued' as const) : ('stored' as const),
          })),
        );
      if (transport) setTimeout(() => void deliver(), 50).unref();
    },

    /** One email to every address a query selects (its one column is `email`), in one statement. */
    async queueToEach(db: DbOrTx, message: Omit<MailMessage, 'to'>, recipients: SQL): Promise<void> {
      await db.execute(sql`
        insert into mail_outbox (to_address, subject, text_body, html_body, sensitive, status)
        select recipients.email, ${message.subject}, ${message.text}, ${message.html}, ${message.sensitive ?? false},
               ${transport ? 'queued' : 'stored'}
        from (${recipients}) as recipients`);
      if (transport) setTimeout(() => void deliver(), 50).unref();
    },

    deliver,

    start() {
      if (transport && !timer) timer = setInterval(() => void deliver(), SWEEP_INTERVAL_MS).unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
