import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import {
  clientGroupMembers,
  clientGroups,
  documents,
  opportunities,
  type OpportunityRow,
} from '../../db/schema';

const unique = () => randomBytes(4).toString('hex');

/** A date `days` from today (UTC), as the closing_date column holds it. */
export const dayFromToday = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Test data: the opportunity's information memorandum, a public document (issue 18: an opportunity
 * cannot go live without it). The file itself is not stored: no test reads it.
 */
export async function attachMemorandum(
  db: DbOrTx,
  opportunityId: number,
  category = 'Information memorandum',
) {
  await db.insert(documents).values({
    subject_type: 'opportunity',
    subject_id: opportunityId,
    name: 'Information memorandum.pdf',
    storage_key: `documents/test-memorandum-${opportunityId}.pdf`,
    content_type: 'application/pdf',
    size_bytes: 1024,
    visibility: 'public',
    category,
  });
}

/**
 * Test data: an opportunity complete enough to go live, in the status given (tests only). One that can
 * still go live (Draft to Closed) has its information memorandum unless `memorandum` is false.
 */
export async function createOpportunity(
  db: DbOrTx,
  overrides: Partial<typeof opportunities.$inferInsert> = {},
  { memorandum = true }: { memorandum?: boolean } = {},
): Promise<OpportunityRow> {
  const id = unique();
  const [row] = await db
    .insert(opportunities)
    .values({
      slug: `test-opportunity-${id}`,
      name: `Test Opportunity ${id}`,
      company_name: `Test Company ${id} Ltd`,
      status: 1,
      target_amount: '250000.00',
      maximum_amount: '400000.00',
      minimum_investment: '1000.00',
      share_price: '1.250000',
      tax_relief: 'eis',
      closing_date: dayFromToday(60),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no opportunity inserted');
  if (memorandum && row.status <= 4) await attachMemorandum(db, row.id);
  return row;
}

/** Test data: a client group with these members. */
export async function createClientGroup(db: DbOrTx, memberIds: number[] = [], name = `Group ${unique()}`) {
  const [group] = await db.insert(clientGroups).values({ name }).returning();
  if (!group) throw new Error('no group inserted');
  if (memberIds.length > 0)
    await db
      .insert(clientGroupMembers)
      .values(memberIds.map((user_id) => ({ client_group_id: group.id, user_id })));
  return group;
}
