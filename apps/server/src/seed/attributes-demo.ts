import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  attributeOptions,
  attributes,
  attributeValues,
  industries,
  investmentCategories,
  investmentCharacters,
  investmentSubTypes,
  investmentTypes,
  kpiCategories,
  kpis,
  users,
} from '../db/schema';
import { namedIds } from './named-ids';

/*
 * Settings → attributes for a UK venture platform. Every entry is inserted by name if missing: the deal
 * and opportunity seeds insert some of the same names, in whichever order the seeds run.
 */

const INDUSTRIES = [
  'Fintech',
  'Healthtech',
  'Climate & Energy',
  'Consumer',
  'B2B SaaS',
  'Deep tech',
  'Life sciences',
  'Proptech',
  'Edtech',
];

const TYPES: Record<string, string[]> = {
  Equity: ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Secondary'],
  'Advance subscription agreement': ['Seed ASA', 'Bridge ASA'],
  'Convertible loan note': ['Bridge', 'Venture debt'],
  Fund: ['EIS fund', 'SEIS fund', 'Venture capital trust'],
};

const CATEGORIES = ['Growth', 'Early stage', 'Follow-on', 'Impact'];
const CHARACTERS = ['Lead investor', 'Co-investment', 'Syndicate', 'Platform-led'];

const KPIS: Record<string, Array<[string, 'currency' | 'number' | 'percentage' | 'text', string]>> = {
  Financial: [
    ['Revenue', 'currency', 'Recognised revenue in the period.'],
    ['Annual recurring revenue', 'currency', 'Contracted recurring revenue, annualised (ARR).'],
    ['Monthly burn', 'currency', 'Net cash spent per month.'],
    ['Cash runway', 'number', 'Months of cash left at the current burn.'],
    ['Gross margin', 'percentage', 'Revenue less cost of sales, as a share of revenue.'],
  ],
  Customers: [
    ['Customers', 'number', 'Paying customers at the end of the period.'],
    ['Net revenue retention', 'percentage', 'Revenue kept from last year’s customers, with expansion.'],
    ['Monthly churn', 'percentage', 'Share of customers lost per month.'],
  ],
  Team: [
    ['Headcount', 'number', 'Full-time equivalent employees.'],
    ['Key hires', 'text', 'Senior hires made or planned in the period.'],
  ],
};

async function attribute(
  db: DbOrTx,
  definition: typeof attributes.$inferInsert,
  options: readonly string[] = [],
): Promise<{ id: number; options: Map<string, number> }> {
  await db.insert(attributes).values(definition).onConflictDoNothing();
  const [row] = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(
      and(
        eq(attributes.applies_to, definition.applies_to),
        sql`lower(${attributes.name}) = lower(${definition.name})`,
      ),
    );
  if (!row) throw new Error(`demo attribute ${definition.name} missing`);
  for (const [position, label] of options.entries())
    await db.insert(attributeOptions).values({ attribute_id: row.id, label, position }).onConflictDoNothing();
  const rows = await db
    .select({ id: attributeOptions.id, label: attributeOptions.label })
    .from(attributeOptions)
    .where(eq(attributeOptions.attribute_id, row.id));
  return { id: row.id, options: new Map(rows.map((option) => [option.label, option.id])) };
}

export async function seedAttributesDemo(ctx: AppContext) {
  await ctx.db.transaction(async (tx) => {
    await namedIds(tx, industries, INDUSTRIES);
    // The four lists share their columns; Drizzle types each by its SQL name.
    await namedIds(tx, investmentCategories as unknown as typeof industries, CATEGORIES);
    await namedIds(tx, investmentCharacters as unknown as typeof industries, CHARACTERS);
    const types = await namedIds(tx, investmentTypes as unknown as typeof industries, Object.keys(TYPES));
    for (const [type, subTypes] of Object.entries(TYPES)) {
      const typeId = types(type);
      for (const [position, name] of subTypes.entries())
        await tx
          .insert(investmentSubTypes)
          .values({ investment_type_id: typeId, name, position })
          .onConflictDoNothing();
    }

    const categories = await namedIds(tx, kpiCategories as unknown as typeof industries, Object.keys(KPIS));
    for (const [category, list] of Object.entries(KPIS)) {
      const categoryId = categories(category);
      for (const [position, [name, unit, description]] of list.entries())
        await tx
          .insert(kpis)
          .values({ kpi_category_id: categoryId, name, unit, description, position })
          .onConflictDoNothing();
    }

    const sectors = await attribute(
      tx,
      {
        name: 'Preferred sectors',
        applies_to: 'investor',
        type: 'multi_select',
        help_text: 'The sectors the investor wants to hear about first.',
        position: 0,
      },
      ['Fintech', 'Healthtech', 'Climate & Energy', 'Consumer', 'B2B SaaS', 'Deep tech'],
    );
    const cheque = await attribute(tx, {
      name: 'Typical cheque size',
      applies_to: 'investor',
      type: 'number',
      help_text: 'In pounds, per deal.',
      position: 1,
    });
    await attribute(tx, {
      name: 'Board seat',
      applies_to: 'opportunity',
      type: 'boolean',
      help_text: 'The platform or its lead investor takes a board seat.',
      position: 0,
    });
    await attribute(tx, { name: 'Relationship', applies_to: 'contact', type: 'select', position: 0 }, [
      'Cold',
      'Warm',
      'Hot',
    ]);

    const [olivia] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'investor@portico.test'));
    if (!olivia) return;
    const values: Array<[number, unknown]> = [
      [sectors.id, ['Fintech', 'Climate & Energy'].map((label) => sectors.options.get(label))],
      [cheque.id, '10000'],
    ];
    for (const [attributeId, value] of values)
      await tx
        .insert(attributeValues)
        .values({
          attribute_id: attributeId,
          subject_type: 'investor',
          subject_id: olivia.id,
          value: sql`${JSON.stringify(value)}::jsonb`,
        })
        .onConflictDoNothing();
  });
}
