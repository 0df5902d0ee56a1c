import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { reference, timestamptz } from './columns';
import { opportunities } from './investments';
import { users } from './users';

/**
 * Who has been told of an invitation to an opportunity: one row per investor and opportunity, however
 * they were invited (directly, through one group or several), so nobody is notified twice. The primary
 * key makes "at most once" hold under parallel invitations and transitions.
 */
export const opportunityInvitationNotices = pgTable(
  'opportunity_invitation_notices',
  {
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notified_at: timestamptz('notified_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.opportunity_id, table.user_id] }),
    index('opportunity_invitation_notices_user_index').on(table.user_id),
  ],
);

/**
 * The slugs an opportunity had before staff changed it: links already sent (notifications, emails) name
 * the old slug, and the investor's page resolves it to the opportunity. A slug names one opportunity.
 */
export const opportunityPreviousSlugs = pgTable(
  'opportunity_previous_slugs',
  {
    slug: text('slug').primaryKey(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('opportunity_previous_slugs_opportunity_index').on(table.opportunity_id)],
);
