import { ROLES, marketSoundingInvestorPath } from '@portico/contracts';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  marketSoundingEvents,
  marketSoundingRecipients,
  marketSoundings,
  notifications,
  pipelineDeals,
  users,
} from '../db/schema';
import { DEFAULT_MARKET_SOUNDING_DESCRIPTION } from '../modules/branding/branding.defaults';
import { soundingWording } from '../modules/market-soundings/market-soundings.service';
import { USER_MODEL } from '../modules/notifications/notifications.repository';
import { longDate } from '../platform/dates';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const INVITATION = 'App\\Notifications\\MarketSoundingInvitation';
const CLEANSED = 'App\\Notifications\\MarketSoundingCleansed';
const INVITED_MESSAGE =
  'You have been invited to a **market sounding**. Open it to decide whether to receive the information.';

/**
 * Issue 21: market soundings. One open sounding on a demo pipeline deal with three investors: investor@ accepted
 * and answered "Interested with finance in place", investor2@ declined, a third has not opened it yet. One
 * cleansed sounding on another deal that investor@ accepted. Idempotent: nothing is added once a sounding
 * exists. Runs after the deals demo.
 */
export async function seedMarketSoundingsDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(marketSoundings);
    if ((existing?.n ?? 0) > 0) return;
    const [admin] = await tx.select().from(users).where(eq(users.email, 'admin@portico.test'));
    const demo = await tx
      .select()
      .from(users)
      .where(inArray(users.email, ['investor@portico.test', 'investor2@portico.test']));
    const olivia = demo.find((user) => user.email === 'investor@portico.test');
    const james = demo.find((user) => user.email === 'investor2@portico.test');
    const [third] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.role_id, ROLES.USER),
          notInArray(users.email, ['investor@portico.test', 'investor2@portico.test']),
        ),
      )
      .orderBy(asc(users.id))
      .limit(1);
    const deals = await tx.select().from(pipelineDeals).orderBy(asc(pipelineDeals.id)).limit(2);
    const [open, earlier] = deals;
    if (!admin || !olivia || !james || !third || !open || !earlier) return;
    const wording = soundingWording(DEFAULT_MARKET_SOUNDING_DESCRIPTION);
    const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY_MS + hours * HOUR_MS);

    // The open sounding, ten days ago.
    const [sounding] = await tx
      .insert(marketSoundings)
      .values({
        deal_id: open.id,
        summary:
          `${open.company_name} is preparing a ${open.name.replace(`${open.company_name} `, '')} round and ` +
          'would like to hear from a small number of investors before it is announced. The terms, the lead ' +
          'investor and the use of funds are in the information memorandum we will share with you.',
        wording,
        created_by: admin.id,
        created_at: at(10),
      })
      .returning();
    // The cleansed sounding: six weeks ago, cleansed a month ago when the round was announced.
    const [cleansed] = await tx
      .insert(marketSoundings)
      .values({
        deal_id: earlier.id,
        summary: `${earlier.company_name} is raising a ${earlier.name.replace(`${earlier.company_name} `, '')} round from existing and new investors.`,
        wording,
        created_by: admin.id,
        created_at: at(42),
      })
      .returning();
    if (!sounding || !cleansed) return;

    await tx.insert(marketSoundingRecipients).values([
      ...[olivia, james, third].map((user) => ({
        sounding_id: sounding.id,
        user_id: user.id,
        created_at: at(10),
      })),
      { sounding_id: cleansed.id, user_id: olivia.id, created_at: at(42) },
    ]);
    const invited = (id: number, userId: number, when: Date) => ({
      sounding_id: id,
      user_id: userId,
      kind: 'invited' as const,
      actor_id: admin.id,
      created_at: when,
    });
    const step = (id: number, userId: number, kind: 'viewed' | 'accepted' | 'declined', when: Date) => ({
      sounding_id: id,
      user_id: userId,
      kind,
      wording,
      actor_id: userId,
      created_at: when,
    });
    await tx.insert(marketSoundingEvents).values([
      invited(sounding.id, olivia.id, at(10)),
      invited(sounding.id, james.id, at(10)),
      invited(sounding.id, third.id, at(10)),
      step(sounding.id, olivia.id, 'viewed', at(9, 2)),
      step(sounding.id, olivia.id, 'accepted', at(9, 2.1)),
      {
        sounding_id: sounding.id,
        user_id: olivia.id,
        kind: 'answered' as const,
        response: 1,
        actor_id: olivia.id,
        created_at: at(9, 3),
      },
      step(sounding.id, james.id, 'viewed', at(8, 5)),
      step(sounding.id, james.id, 'declined', at(8, 5.2)),
      invited(cleansed.id, olivia.id, at(42)),
      step(cleansed.id, olivia.id, 'viewed', at(41, 1)),
      step(cleansed.id, olivia.id, 'accepted', at(41, 1.1)),
      {
        sounding_id: cleansed.id,
        user_id: olivia.id,
        kind: 'answered' as const,
        response: 2,
        actor_id: olivia.id,
        created_at: at(41, 2),
      },
      {
        sounding_id: cleansed.id,
        user_id: null,
        kind: 'cleansed' as const,
        actor_id: admin.id,
        created_at: at(30),
      },
    ]);
    // the one change a sounding may have: its cleansing
    await tx
      .update(marketSoundings)
      .set({
        cleansed_at: at(30),
        cleansed_by: admin.id,
        cleansing_reason: `${earlier.company_name} announced the round publicly.`,
      })
      .where(eq(marketSoundings.id, cleansed.id));

    const notice = (
      userId: number,
      type: string,
      message: string,
      id: number,
      when: Date,
      read: boolean,
    ) => ({
      type,
      notifiable_type: USER_MODEL,
      notifiable_id: userId,
      audience: 'user' as const,
      data: { message, cta: marketSoundingInvestorPath(id), icon: 'default' },
      read_at: read ? when : null,
      created_at: when,
      updated_at: when,
    });
    await tx
      .insert(notifications)
      .values([
        notice(olivia.id, INVITATION, INVITED_MESSAGE, sounding.id, at(10), true),
        notice(james.id, INVITATION, INVITED_MESSAGE, sounding.id, at(10), true),
        notice(third.id, INVITATION, INVITED_MESSAGE, sounding.id, at(10), false),
        notice(olivia.id, INVITATION, INVITED_MESSAGE, cleansed.id, at(42), true),
        notice(
          olivia.id,
          CLEANSED,
          `The information shared with you in a market sounding on ${longDate(at(42))} about **${earlier.name}** has been made public or is no longer inside information.`,
          cleansed.id,
          at(30),
          false,
        ),
      ]);
  });
}
