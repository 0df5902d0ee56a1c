import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, reference, timestamps } from './columns';
import { opportunities } from './investments';

/*
 * What an opportunity's page shows beside its details (DOMAIN.md, Opportunity): key points, key dates,
 * team, gallery and FAQs, each an ordered list of its own. Images are stored files (`opportunity-images/…`),
 * served by name: their names are random and they are meant for investors' eyes.
 */

const parent = () =>
  reference('opportunity_id')
    .notNull()
    .references(() => opportunities.id, { onDelete: 'cascade' });
/** order within the opportunity's list, from 0 */
const position = () => integer('position').notNull().default(0);

export const opportunityKeyPoints = pgTable(
  'opportunity_key_points',
  {
    id: id(),
    opportunity_id: parent(),
    position: position(),
    text: text('text').notNull(),
    ...timestamps(),
  },
  (table) => [index('opportunity_key_points_parent_index').on(table.opportunity_id, table.position)],
);

export const opportunityKeyDates = pgTable(
  'opportunity_key_dates',
  {
    id: id(),
    opportunity_id: parent(),
    position: position(),
    date: date('date').notNull(),
    label: text('label').notNull(),
    ...timestamps(),
  },
  (table) => [index('opportunity_key_dates_parent_index').on(table.opportunity_id, table.date)],
);

export const opportunityTeamMembers = pgTable(
  'opportunity_team_members',
  {
    id: id(),
    opportunity_id: parent(),
    position: position(),
    name: text('name').notNull(),
    role: text('role'),
    bio: text('bio'),
    /** storage key of the photo, under opportunity-images/ */
    photo_key: text('photo_key'),
    ...timestamps(),
  },
  (table) => [index('opportunity_team_members_parent_index').on(table.opportunity_id, table.position)],
);

export const opportunityGalleryImages = pgTable(
  'opportunity_gallery_images',
  {
    id: id(),
    opportunity_id: parent(),
    position: position(),
    image_key: text('image_key').notNull(),
    caption: text('caption'),
    ...timestamps(),
  },
  (table) => [index('opportunity_gallery_images_parent_index').on(table.opportunity_id, table.position)],
);

export const opportunityFaqs = pgTable(
  'opportunity_faqs',
  {
    id: id(),
    opportunity_id: parent(),
    position: position(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('opportunity_faqs_parent_index').on(table.opportunity_id, table.position),
    check('opportunity_faqs_question_present', sql`length(trim(${table.question})) > 0`),
  ],
);
