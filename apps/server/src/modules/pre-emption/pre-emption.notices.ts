import { PRE_EMPTION_CHOICE } from '@portico/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { opportunities, preEmptionChoices, users, type OpportunityRow, type UserRow } from '../../db/schema';
import type { Notice } from '../notifications/notifications.service';

/** What a holder is told when a new round of a company they hold opens to them (live and by email). */
export function preEmptionOpenedNotice(
  existing: Pick<OpportunityRow, 'name'>,
  round: Pick<OpportunityRow, 'name' | 'slug'>,
): Notice {
  return {
    type: 'App\\Notifications\\PreEmptionOpened',
    audience: 'user',
    data: {
      message: `**${existing.name}** is raising again: choose whether to take up your pre-emption right in **${round.name}**.`,
      cta: `/investor/investments/${round.slug}`,
      icon: 'investment_opportunity_pre_emption',
    },
  };
}

/**
 * The holders still awaiting their choice in a round, with the notice to send them: for a round made
 * while a draft (investors cannot see a draft), told when it first goes live. Undefined when the
 * opportunity is no round or nobody awaits.
 */
export async function awaitingHoldersOf(
  tx: DbOrTx,
  round: OpportunityRow,
): Promise<{ recipients: UserRow[]; notice: Notice } | undefined> {
  if (round.pre_emption_of_id === null) return undefined;
  const [existing] = await tx
    .select({ name: opportunities.name })
    .from(opportunities)
    .where(eq(opportunities.id, round.pre_emption_of_id));
  if (!existing) return undefined;
  const awaiting = tx
    .select({ id: preEmptionChoices.user_id })
    .from(preEmptionChoices)
    .where(
      and(
        eq(preEmptionChoices.opportunity_id, round.id),
        eq(preEmptionChoices.choice, PRE_EMPTION_CHOICE.AWAITING),
      ),
    );
  const recipients = await tx.select().from(users).where(inArray(users.id, awaiting));
  if (recipients.length === 0) return undefined;
  return { recipients, notice: preEmptionOpenedNotice(existing, round) };
}
