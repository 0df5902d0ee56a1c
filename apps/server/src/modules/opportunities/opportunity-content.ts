import type {
  Faq,
  GalleryImage,
  KeyDate,
  KeyPoint,
  OpportunitySection,
  TeamMember,
} from '@portico/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  opportunityFaqs,
  opportunityGalleryImages,
  opportunityKeyDates,
  opportunityKeyPoints,
  opportunityTeamMembers,
} from '../../db/schema';

/** Images of an opportunity's page are served by name from this public folder (files.routes.ts). */
export const IMAGE_FOLDER = 'opportunity-images';
export const imageUrl = (key: string | null | undefined) => (key ? `/files/${key}` : null);

/** An item of any section. */
export type SectionItem = KeyPoint | KeyDate | TeamMember | GalleryImage | Faq;

type Row = Record<string, unknown> & { id: number; opportunity_id: number; position: number };

/** A content section's table and how its rows read. */
interface SectionTable {
  table: PgTable & {
    id: AnyPgColumn;
    opportunity_id: AnyPgColumn;
    position: AnyPgColumn;
  };
  /** the item's name in a sentence: "key point", "team member" */
  noun: string;
  /** what the timeline quotes of an item */
  title: (row: Row) => string;
  /** the columns an input may set */
  fields: readonly string[];
  /** the item's image column and the multipart field that carries it */
  image?: { column: 'photo_key' | 'image_key'; field: 'photo' | 'image'; required: boolean };
  order: (table: SectionTable['table']) => SQL[];
  present: (row: Row) => SectionItem;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const nullableText = (value: unknown) => (typeof value === 'string' ? value : null);
const byPosition = (table: SectionTable['table']) => [asc(table.position), asc(table.id)];

export const SECTION_TABLES: Record<OpportunitySection, SectionTable> = {
  key_points: {
    table: opportunityKeyPoints,
    noun: 'key point',
    title: (row) => text(row.text),
    fields: ['text'],
    order: byPosition,
    present: (row): KeyPoint => ({ id: row.id, text: text(row.text) }),
  },
  key_dates: {
    table: opportunityKeyDates,
    noun: 'key date',
    title: (row) => `${text(row.date)} ${text(row.label)}`,
    fields: ['date', 'label'],
    order: () => [
      asc(opportunityKeyDates.date),
      asc(opportunityKeyDates.position),
      asc(opportunityKeyDates.id),
    ],
    present: (row): KeyDate => ({ id: row.id, date: text(row.date), label: text(row.label) }),
  },
  team_members: {
    table: opportunityTeamMembers,
    noun: 'team member',
    title: (row) => text(row.name),
    fields: ['name', 'role', 'bio'],
    image: { column: 'photo_key', field: 'photo', required: false },
    order: byPosition,
    present: (row): TeamMember => ({
      id: row.id,
      name: text(row.name),
      role: nullableText(row.role),
      bio: nullableText(row.bio),
      photo_url: imageUrl(nullableText(row.photo_key)),
    }),
  },
  gallery: {
    table: opportunityGalleryImages,
    noun: 'gallery image',
    title: (row) => nullableText(row.caption) ?? 'image',
    fields: ['caption'],
    image: { column: 'image_key', field: 'image', required: true },
    order: byPosition,
    present: (row): GalleryImage => ({
      id: row.id,
      caption: nullableText(row.caption),
      image_url: imageUrl(text(row.image_key)) ?? '',
    }),
  },
  faqs: {
    table: opportunityFaqs,
    noun: 'FAQ',
    title: (row) => text(row.question),
    fields: ['question', 'answer'],
    order: byPosition,
    present: (row): Faq => ({ id: row.id, question: text(row.question), answer: text(row.answer) }),
  },
};

// Drizzle cannot type a query over a table chosen at run time; the rows are the section table's rows.
const asTable = (section: SectionTable): PgTable => section.table;

export async function sectionRows(db: DbOrTx, section: SectionTable, opportunityId: number): Promise<Row[]> {
  const rows = await db
    .select()
    .from(asTable(section))
    .where(eq(section.table.opportunity_id, opportunityId))
    .orderBy(...section.order(section.table));
  return rows as Row[];
}

export async function findSectionRow(db: DbOrTx, section: SectionTable, opportunityId: number, id: number) {
  const [row] = await db
    .select()
    .from(asTable(section))
    .where(and(eq(section.table.opportunity_id, opportunityId), eq(section.table.id, id)))
    .for('update');
  return row as Row | undefined;
}

export async function insertSectionRow(db: DbOrTx, section: SectionTable, values: Record<string, unknown>) {
  const [row] = await db.insert(asTable(section)).values(values).returning();
  if (!row) throw new Error('section insert returned no row');
  return row as Row;
}

export async function updateSectionRow(
  db: DbOrTx,
  section: SectionTable,
  id: number,
  values: Record<string, unknown>,
) {
  await db
    .update(asTable(section))
    .set({ ...values, updated_at: new Date() })
    .where(eq(section.table.id, id));
}

export async function deleteSectionRow(db: DbOrTx, section: SectionTable, id: number) {
  await db.delete(asTable(section)).where(eq(section.table.id, id));
}

/** The next position at the end of a section's list. */
export async function nextPosition(db: DbOrTx, section: SectionTable, opportunityId: number) {
  const rows = await sectionRows(db, section, opportunityId);
  return rows.reduce((max, row) => Math.max(max, row.position + 1), 0);
}

/** Every stored image of an opportunity's content (for the deletion's clean-up). */
export async function contentImageKeys(db: DbOrTx, opportunityId: number): Promise<string[]> {
  const team = await db
    .select({ key: opportunityTeamMembers.photo_key })
    .from(opportunityTeamMembers)
    .where(eq(opportunityTeamMembers.opportunity_id, opportunityId));
  const gallery = await db
    .select({ key: opportunityGalleryImages.image_key })
    .from(opportunityGalleryImages)
    .where(eq(opportunityGalleryImages.opportunity_id, opportunityId));
  return [...team, ...gallery].flatMap((row) => (row.key ? [row.key] : []));
}

/** Every section's items of an opportunity, in their order. */
export async function contentOf(db: DbOrTx, opportunityId: number) {
  const content: Record<string, unknown[]> = {};
  for (const [name, section] of Object.entries(SECTION_TABLES))
    content[name] = (await sectionRows(db, section, opportunityId)).map(section.present);
  return content as {
    key_points: KeyPoint[];
    key_dates: KeyDate[];
    team_members: TeamMember[];
    gallery: GalleryImage[];
    faqs: Faq[];
  };
}

export const idsIn = (section: SectionTable, ids: number[]) => inArray(section.table.id, ids);
export type { SectionTable, Row as SectionRow };
