import { and, asc, count, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { insiderListEntries, insiderLists, marketSoundings, pipelineDeals, users } from '../db/schema';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FIRM = 'Portico Capital Ltd, 1 King William Street, London EC4N 7AR, United Kingdom';

/**
 * Issue 21: MAR insider lists. The insider list of the demo deal sounded in the market soundings demo (the open
 * sounding's deal; the first pipeline deal when there is none), opened the day before the sounding, with two staff
 * (admin@ leads the deal, manager@ models it) besides the investor who accepted the sounding (derived from it);
 * and the permanent insiders section with support@, the compliance officer. Idempotent: nothing is added once a
 * list exists. Runs after the market soundings demo.
 */
export async function seedInsiderListsDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(insiderLists);
    if ((existing?.n ?? 0) > 0) return;
    const staff = await tx
      .select()
      .from(users)
      .where(inArray(users.email, ['admin@portico.test', 'manager@portico.test', 'support@portico.test']));
    const admin = staff.find((user) => user.email === 'admin@portico.test');
    const manager = staff.find((user) => user.email === 'manager@portico.test');
    const support = staff.find((user) => user.email === 'support@portico.test');
    const [sounding] = await tx
      .select()
      .from(marketSoundings)
      .where(and(isNotNull(marketSoundings.deal_id), isNull(marketSoundings.cleansed_at)))
      .orderBy(asc(marketSoundings.id))
      .limit(1);
    const [firstDeal] = await tx.select().from(pipelineDeals).orderBy(asc(pipelineDeals.id)).limit(1);
    const dealId = sounding?.deal_id ?? firstDeal?.id;
    if (!admin || !manager || !support || dealId === undefined) return;
    const soundedAt = sounding?.created_at ?? new Date(now.getTime() - 10 * DAY_MS);
    const identified = new Date(soundedAt.getTime() - DAY_MS);
    const at = (hours: number) => new Date(identified.getTime() + hours * HOUR_MS);

    const [list] = await tx
      .insert(insiderLists)
      .values({ deal_id: dealId, created_by: admin.id, created_at: identified })
      .returning();
    const [permanent] = await tx
      .insert(insiderLists)
      .values({ permanent: true, created_by: admin.id, created_at: new Date(now.getTime() - 400 * DAY_MS) })
      .returning();
    if (!list || !permanent) return;
    const deal = { list_id: list.id, deal_id: dealId, created_by: admin.id };
    const [alex] = await tx
      .insert(insiderListEntries)
      .values([
        {
          ...deal,
          user_id: admin.id,
          first_names: 'Alex',
          surnames: 'Morgan',
          professional_phones: '+44 20 7946 0100',
          company_name_address: FIRM,
          function_reason: 'Managing partner, leads the deal: identified the inside information',
          obtained_at: identified,
          date_of_birth: '1978-03-14',
          national_id: 'QQ 12 34 56 A',
          personal_phones: '+44 7700 900100',
          personal_address: '12 Elm Grove, London, SW19 4HE, United Kingdom',
          created_at: identified,
        },
        {
          ...deal,
          user_id: manager.id,
          first_names: 'Daniel',
          surnames: 'Hughes',
          professional_phones: '+44 20 7946 0144',
          company_name_address: FIRM,
          function_reason: 'Investment manager: models the round and prepares the information memorandum',
          obtained_at: at(3),
          date_of_birth: '1986-09-02',
          national_id: 'QQ 65 43 21 B',
          personal_phones: '+44 7700 900144',
          personal_address: '4 Mill Lane, Cambridge, CB2 1RX, United Kingdom',
          created_at: at(3),
        },
      ])
      .returning();
    if (!alex) return;
    // A phone number corrected a day later: the first version stays.
    await tx.insert(insiderListEntries).values({
      ...deal,
      entry_id: alex.entry_id,
      version: 2,
      user_id: admin.id,
      first_names: alex.first_names,
      surnames: alex.surnames,
      professional_phones: '+44 20 7946 0101',
      company_name_address: alex.company_name_address,
      function_reason: alex.function_reason,
      obtained_at: alex.obtained_at,
      date_of_birth: alex.date_of_birth,
      national_id: alex.national_id,
      personal_phones: alex.personal_phones,
      personal_address: alex.personal_address,
      created_at: at(26),
    });
    await tx.insert(insiderListEntries).values({
      list_id: permanent.id,
      permanent: true,
      created_by: admin.id,
      user_id: support.id,
      first_names: 'Sam',
      surnames: 'Okafor',
      professional_phones: '+44 20 7946 0160',
      company_name_address: FIRM,
      function_reason: 'Compliance officer: access to all inside information of the firm at all times',
      obtained_at: permanent.created_at,
      date_of_birth: '1982-11-23',
      national_id: 'QQ 11 22 33 C',
      personal_phones: '+44 7700 900160',
      personal_address: '7 Chapel Road, Reading, RG1 2BE, United Kingdom',
      created_at: permanent.created_at,
    });
  });
}
