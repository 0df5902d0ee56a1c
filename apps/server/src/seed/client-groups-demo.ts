import { ROLES } from '@portico/contracts';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { clientGroupMembers, clientGroups, users } from '../db/schema';

/** The demo's client groups (issue 10), each with a description and who is in it. */
const GROUPS = [
  {
    name: 'Syndicate members',
    description: 'Angel syndicate members offered each internal round before it opens to everyone.',
    demoInvestor: 'investor@portico.test',
    crmInvestors: 6,
  },
  {
    name: 'Family office partners',
    description: 'Family offices that co-invest alongside the syndicate on larger rounds.',
    demoInvestor: 'investor2@portico.test',
    crmInvestors: 3,
  },
] as const;

const DEMO_INVESTORS = ['investor@portico.test', 'investor2@portico.test'];

/** The group of that name (case aside), added if missing: the opportunities' demo may have added it first. */
async function groupNamed(db: DbOrTx, name: string, description: string) {
  await db.insert(clientGroups).values({ name, description }).onConflictDoNothing();
  const [group] = await db
    .select()
    .from(clientGroups)
    .where(eq(sql`lower(${clientGroups.name})`, name.toLowerCase()));
  if (!group) throw new Error(`client group ${name} missing`);
  if (group.description === null)
    await db.update(clientGroups).set({ description }).where(eq(clientGroups.id, group.id));
  return group;
}

/**
 * Two client groups: "Syndicate members" with investor@portico.test and six CRM investors, and "Family
 * office partners" with investor2@portico.test and three others.
 */
export async function seedClientGroupsDemo(ctx: AppContext) {
  const { db } = ctx;
  // The CRM's investors in a stable order, the demo logins aside.
  const crm = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role_id, ROLES.USER), notInArray(users.email, DEMO_INVESTORS)))
    .orderBy(asc(users.id))
    .limit(GROUPS.reduce((total, group) => total + group.crmInvestors, 0));
  let next = 0;
  for (const definition of GROUPS) {
    const group = await groupNamed(db, definition.name, definition.description);
    const [demo] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, definition.demoInvestor));
    const members = [
      ...(demo ? [demo.id] : []),
      ...crm.slice(next, next + definition.crmInvestors).map((row) => row.id),
    ];
    next += definition.crmInvestors;
    if (members.length > 0)
      await db
        .insert(clientGroupMembers)
        .values(members.map((user_id) => ({ client_group_id: group.id, user_id })))
        .onConflictDoNothing();
  }
}
