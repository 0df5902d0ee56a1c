import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  auditLog,
  dealPerformance,
  industries,
  investmentTypes,
  pipelineDeals,
  pipelines,
  pipelineStages,
  users,
} from '../db/schema';
import { namedIds } from './named-ids';

/**
 * Demo deal flow (issue 10): two pipelines with realistic stages and about forty UK companies across
 * them, owned by the demo staff, each with the audit rows that give it an activity timeline, and
 * quarterly figures for the ones far enough along to report them.
 */

const PIPELINES = [
  {
    name: 'Venture deal flow',
    stages: [
      'Sourced',
      'Screening',
      'Due diligence',
      'Investment committee',
      'Term sheet',
      'Completed',
      'Declined',
    ],
  },
  { name: 'Follow-on rounds', stages: ['Identified', 'Evaluating', 'Approved', 'Passed'] },
] as const;

const INDUSTRIES = [
  'Fintech',
  'Healthtech',
  'Climate & Energy',
  'B2B SaaS',
  'Consumer',
  'Deep tech',
  'Edtech',
  'Proptech',
] as const;
type Industry = (typeof INDUSTRIES)[number];
const TYPES = ['Equity', 'Convertible loan note', 'Advance subscription agreement'] as const;
type InvestmentType = (typeof TYPES)[number];

const OWNERS = [
  'admin@portico.test',
  'committee@portico.test',
  'fundmanager@portico.test',
  'entrepreneur@portico.test',
] as const;

interface DemoDeal {
  company: string;
  round: string;
  industry: Industry;
  stage: string;
  amount: string;
  valuation?: string;
  type?: InvestmentType;
  source: string;
  summary: string;
  website: string;
}

const VENTURE: DemoDeal[] = [
  {
    company: 'Ledgerly',
    round: 'Seed',
    industry: 'Fintech',
    stage: 'Sourced',
    amount: '750000',
    source: 'Inbound',
    summary: 'Bookkeeping automation for sole traders, built on open banking.',
    website: 'https://ledgerly.example',
  },
  {
    company: 'Tidewater Energy',
    round: 'Seed',
    industry: 'Climate & Energy',
    stage: 'Sourced',
    amount: '1200000',
    source: 'Angel network',
    summary: 'Tidal micro-turbines for harbours and estuaries.',
    website: 'https://tidewater.example',
  },
  {
    company: 'Quillstack',
    round: 'Pre-seed',
    industry: 'B2B SaaS',
    stage: 'Sourced',
    amount: '350000',
    source: 'Accelerator demo day',
    summary: 'Contract drafting assistant for in-house legal teams.',
    website: 'https://quillstack.example',
  },
  {
    company: 'Hearthside Homes',
    round: 'Seed',
    industry: 'Proptech',
    stage: 'Sourced',
    amount: '900000',
    source: 'Referral',
    summary: 'Retrofit planning and financing for older homes.',
    website: 'https://hearthside.example',
  },
  {
    company: 'Brightpath Learning',
    round: 'Seed',
    industry: 'Edtech',
    stage: 'Sourced',
    amount: '600000',
    source: 'Inbound',
    summary: 'Adaptive maths tutoring for Key Stage 3.',
    website: 'https://brightpath.example',
  },
  {
    company: 'Meridian Diagnostics',
    round: 'Series A',
    industry: 'Healthtech',
    stage: 'Screening',
    amount: '4500000',
    valuation: '18000000',
    type: 'Equity',
    source: 'Co-investor',
    summary: 'Point-of-care blood tests with results in ten minutes.',
    website: 'https://meridian-dx.example',
  },
  {
    company: 'Corvid Robotics',
    round: 'Seed',
    industry: 'Deep tech',
    stage: 'Screening',
    amount: '2000000',
    source: 'University spin-out',
    summary: 'Autonomous inspection drones for wind farms.',
    website: 'https://corvid.example',
  },
  {
    company: 'Pennyworth',
    round: 'Seed',
    industry: 'Fintech',
    stage: 'Screening',
    amount: '1100000',
    type: 'Advance subscription agreement',
    source: 'Inbound',
    summary: 'Savings pots for children, with grandparents invited in.',
    website: 'https://pennyworth.example',
  },
  {
    company: 'Larder',
    round: 'Seed',
    industry: 'Consumer',
    stage: 'Screening',
    amount: '850000',
    source: 'Referral',
    summary: 'Zero-waste grocery refills delivered in returnable jars.',
    website: 'https://larder.example',
  },
  {
    company: 'Fellside Analytics',
    round: 'Seed',
    industry: 'B2B SaaS',
    stage: 'Screening',
    amount: '1500000',
    source: 'Event',
    summary: 'Footfall analytics for high-street retailers.',
    website: 'https://fellside.example',
  },
  {
    company: 'Verdant Farms',
    round: 'Series A',
    industry: 'Climate & Energy',
    stage: 'Due diligence',
    amount: '5000000',
    valuation: '22000000',
    type: 'Equity',
    source: 'Co-investor',
    summary: 'Vertical farms on brownfield sites near cities.',
    website: 'https://verdant.example',
  },
  {
    company: 'Northwind Health',
    round: 'Seed',
    industry: 'Healthtech',
    stage: 'Due diligence',
    amount: '1800000',
    valuation: '7500000',
    type: 'Equity',
    source: 'Angel network',
    summary: 'Remote monitoring for patients with COPD.',
    website: 'https://northwind.example',
  },
  {
    company: 'Saltmarsh Security',
    round: 'Seed',
    industry: 'B2B SaaS',
    stage: 'Due diligence',
    amount: '1300000',
    valuation: '6000000',
    type: 'Convertible loan note',
    source: 'Inbound',
    summary: 'Phishing simulation for small businesses.',
    website: 'https://saltmarsh.example',
  },
  {
    company: 'Kitewing',
    round: 'Pre-seed',
    industry: 'Consumer',
    stage: 'Due diligence',
    amount: '400000',
    valuation: '2400000',
    type: 'Advance subscription agreement',
    source: 'Accelerator demo day',
    summary: 'Travel planning for families with young children.',
    website: 'https://kitewing.example',
  },
  {
    company: 'Arbor Materials',
    round: 'Seed',
    industry: 'Deep tech',
    stage: 'Investment committee',
    amount: '2500000',
    valuation: '10000000',
    type: 'Equity',
    source: 'University spin-out',
    summary: 'Low-carbon cement made from mine tailings.',
    website: 'https://arbor-materials.example',
  },
  {
    company: 'Clearwater Payments',
    round: 'Series A',
    industry: 'Fintech',
    stage: 'Investment committee',
    amount: '6000000',
    valuation: '28000000',
    type: 'Equity',
    source: 'Co-investor',
    summary: 'Instant supplier payments for construction firms.',
    website: 'https://clearwater.example',
  },
  {
    company: 'Lumen Tutors',
    round: 'Seed',
    industry: 'Edtech',
    stage: 'Investment committee',
    amount: '950000',
    valuation: '4500000',
    type: 'Equity',
    source: 'Referral',
    summary: 'Live small-group tutoring for GCSE sciences.',
    website: 'https://lumen.example',
  },
  {
    company: 'Oakridge Care',
    round: 'Seed',
    industry: 'Healthtech',
    stage: 'Term sheet',
    amount: '2200000',
    valuation: '9000000',
    type: 'Equity',
    source: 'Angel network',
    summary: 'Scheduling and care notes for home-care agencies.',
    website: 'https://oakridge.example',
  },
  {
    company: 'Greenline Logistics',
    round: 'Series A',
    industry: 'Climate & Energy',
    stage: 'Term sheet',
    amount: '7500000',
    valuation: '32000000',
    type: 'Equity',
    source: 'Co-investor',
    summary: 'Electric last-mile delivery hubs.',
    website: 'https://greenline.example',
  },
  {
    company: 'Harbour Lane',
    round: 'Seed',
    industry: 'Proptech',
    stage: 'Term sheet',
    amount: '1000000',
    valuation: '5000000',
    type: 'Convertible loan note',
    source: 'Inbound',
    summary: 'Lettings management for small landlords.',
    website: 'https://harbourlane.example',
  },
  {
    company: 'Wrenfield Bio',
    round: 'Seed',
    industry: 'Deep tech',
    stage: 'Completed',
    amount: '3000000',
    valuation: '12000000',
    type: 'Equity',
    source: 'University spin-out',
    summary: 'Enzymes that break down textile microfibres.',
    website: 'https://wrenfield.example',
  },
  {
    company: 'Stackyard',
    round: 'Seed',
    industry: 'B2B SaaS',
    stage: 'Completed',
    amount: '1400000',
    valuation: '6500000',
    type: 'Equity',
    source: 'Referral',
    summary: 'Stock control for independent builders’ merchants.',
    website: 'https://stackyard.example',
  },
  {
    company: 'Fernhill Foods',
    round: 'Seed',
    industry: 'Consumer',
    stage: 'Completed',
    amount: '800000',
    valuation: '3800000',
    type: 'Equity',
    source: 'Event',
    summary: 'Plant-based ready meals sold through farm shops.',
    website: 'https://fernhill.example',
  },
  {
    company: 'Cobalt Mobility',
    round: 'Seed',
    industry: 'Climate & Energy',
    stage: 'Declined',
    amount: '2500000',
    source: 'Inbound',
    summary: 'E-scooter subscriptions; unit economics did not hold.',
    website: 'https://cobalt.example',
  },
  {
    company: 'Sparrow Insurance',
    round: 'Seed',
    industry: 'Fintech',
    stage: 'Declined',
    amount: '1600000',
    source: 'Event',
    summary: 'Pay-per-mile van insurance; regulatory capital too high.',
    website: 'https://sparrow.example',
  },
  {
    company: 'Gannet Games',
    round: 'Pre-seed',
    industry: 'Consumer',
    stage: 'Declined',
    amount: '300000',
    source: 'Inbound',
    summary: 'Mobile puzzle games; outside our investment focus.',
    website: 'https://gannet.example',
  },
  {
    company: 'Rowan Clinics',
    round: 'Seed',
    industry: 'Healthtech',
    stage: 'Screening',
    amount: '1250000',
    source: 'Referral',
    summary: 'Physiotherapy clinics with online triage.',
    website: 'https://rowan.example',
  },
  {
    company: 'Thistle AI',
    round: 'Pre-seed',
    industry: 'B2B SaaS',
    stage: 'Sourced',
    amount: '500000',
    source: 'Accelerator demo day',
    summary: 'Meeting notes and actions for council planning teams.',
    website: 'https://thistle.example',
  },
  {
    company: 'Brackenbury Solar',
    round: 'Series A',
    industry: 'Climate & Energy',
    stage: 'Due diligence',
    amount: '8000000',
    valuation: '35000000',
    type: 'Equity',
    source: 'Co-investor',
    summary: 'Community solar on school roofs.',
    website: 'https://brackenbury.example',
  },
  {
    company: 'Keel Robotics',
    round: 'Seed',
    industry: 'Deep tech',
    stage: 'Investment committee',
    amount: '1900000',
    valuation: '8500000',
    type: 'Equity',
    source: 'University spin-out',
    summary: 'Hull-cleaning robots for ferries.',
    website: 'https://keel.example',
  },
];

const FOLLOW_ON: DemoDeal[] = [
  {
    company: 'Wrenfield Bio',
    round: 'Series A',
    industry: 'Deep tech',
    stage: 'Identified',
    amount: '6000000',
    valuation: '30000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'Scale-up of the pilot plant in Teesside.',
    website: 'https://wrenfield.example',
  },
  {
    company: 'Stackyard',
    round: 'Series A',
    industry: 'B2B SaaS',
    stage: 'Identified',
    amount: '4000000',
    valuation: '20000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'Expansion into Ireland and the Netherlands.',
    website: 'https://stackyard.example',
  },
  {
    company: 'Fernhill Foods',
    round: 'Bridge',
    industry: 'Consumer',
    stage: 'Evaluating',
    amount: '500000',
    type: 'Convertible loan note',
    source: 'Portfolio',
    summary: 'Working capital for a supermarket listing.',
    website: 'https://fernhill.example',
  },
  {
    company: 'Marlow Medical',
    round: 'Series B',
    industry: 'Healthtech',
    stage: 'Evaluating',
    amount: '12000000',
    valuation: '60000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'US clearance for its wound-care device.',
    website: 'https://marlow.example',
  },
  {
    company: 'Quayside Data',
    round: 'Series A',
    industry: 'B2B SaaS',
    stage: 'Evaluating',
    amount: '5500000',
    valuation: '24000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'Data pipelines for ports and shipping lines.',
    website: 'https://quayside.example',
  },
  {
    company: 'Heron Energy',
    round: 'Series A',
    industry: 'Climate & Energy',
    stage: 'Approved',
    amount: '7000000',
    valuation: '31000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'Heat-pump installer network across the North West.',
    website: 'https://heron.example',
  },
  {
    company: 'Tally Finance',
    round: 'Bridge',
    industry: 'Fintech',
    stage: 'Approved',
    amount: '750000',
    type: 'Convertible loan note',
    source: 'Portfolio',
    summary: 'Bridge to its Series A, led by an existing investor.',
    website: 'https://tally.example',
  },
  {
    company: 'Birchwood Schools',
    round: 'Series A',
    industry: 'Edtech',
    stage: 'Passed',
    amount: '3500000',
    valuation: '15000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'Growth slowed; we keep our pro-rata but do not lead.',
    website: 'https://birchwood.example',
  },
  {
    company: 'Moorgate Lending',
    round: 'Series A',
    industry: 'Fintech',
    stage: 'Passed',
    amount: '9000000',
    valuation: '40000000',
    type: 'Equity',
    source: 'Portfolio',
    summary: 'Valuation ahead of traction.',
    website: 'https://moorgate.example',
  },
  {
    company: 'Oakridge Care',
    round: 'Seed extension',
    industry: 'Healthtech',
    stage: 'Identified',
    amount: '800000',
    type: 'Advance subscription agreement',
    source: 'Portfolio',
    summary: 'Extension ahead of completion of the seed round.',
    website: 'https://oakridge.example',
  },
];

/** Quarterly figures (revenue, EBITDA, cash, headcount) for companies far enough along to report. */
const FIGURES: Record<string, Array<[string, string, string, string, number]>> = {
  'Wrenfield Bio': [
    ['2025-03-31', '45000', '-310000', '2650000', 11],
    ['2025-06-30', '62000', '-295000', '2360000', 12],
    ['2025-09-30', '88000', '-280000', '2080000', 14],
    ['2025-12-31', '121000', '-262000', '1820000', 15],
  ],
  Stackyard: [
    ['2025-03-31', '182000', '-64000', '1210000', 18],
    ['2025-06-30', '214000', '-41000', '1170000', 19],
    ['2025-09-30', '251000', '-18000', '1150000', 21],
    ['2025-12-31', '296000', '9000', '1160000', 22],
  ],
  'Fernhill Foods': [
    ['2025-06-30', '96000', '-22000', '410000', 9],
    ['2025-09-30', '118000', '-15000', '380000', 10],
    ['2025-12-31', '139000', '-6000', '360000', 10],
  ],
  'Oakridge Care': [
    ['2025-06-30', '74000', '-88000', '940000', 12],
    ['2025-09-30', '93000', '-79000', '860000', 13],
    ['2025-12-31', '118000', '-70000', '790000', 15],
  ],
  'Clearwater Payments': [
    ['2025-06-30', '410000', '-180000', '3100000', 34],
    ['2025-09-30', '472000', '-150000', '2950000', 36],
    ['2025-12-31', '538000', '-126000', '2830000', 38],
  ],
  'Verdant Farms': [
    ['2025-09-30', '265000', '-240000', '4100000', 41],
    ['2025-12-31', '302000', '-221000', '3880000', 43],
  ],
};

const DAY_MS = 24 * 3_600_000;

export async function seedDealsDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const industry = await namedIds(tx, industries, INDUSTRIES);
    const type = await namedIds(tx, investmentTypes as unknown as typeof industries, TYPES);
    const staff = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [...OWNERS]));
    const owners = OWNERS.map((email) => staff.find((row) => row.email === email)?.id ?? null);

    const audit: Array<typeof auditLog.$inferInsert> = [];
    const figures: Array<typeof dealPerformance.$inferInsert> = [];
    let dealIndex = 0;
    for (const [position, definition] of PIPELINES.entries()) {
      const [pipeline] = await tx
        .insert(pipelines)
        .values({ name: definition.name, position })
        .returning({ id: pipelines.id });
      if (!pipeline) throw new Error('demo pipeline not inserted');
      const stages = await tx
        .insert(pipelineStages)
        .values(definition.stages.map((name, index) => ({ pipeline_id: pipeline.id, name, position: index })))
        .returning({ id: pipelineStages.id, name: pipelineStages.name, position: pipelineStages.position });
      const deals = position === 0 ? VENTURE : FOLLOW_ON;
      const columns = new Map<number, number>();
      for (const deal of deals) {
        const stage = stages.find((row) => row.name === deal.stage);
        if (!stage) throw new Error(`demo stage ${deal.stage} missing`);
        const place = columns.get(stage.id) ?? 0;
        columns.set(stage.id, place + 1);
        const ownerId = owners[dealIndex % owners.length] ?? null;
        // Older deals sit further along the pipeline.
        const created = new Date(now.getTime() - (20 + stage.position * 18 + (dealIndex % 7) * 3) * DAY_MS);
        dealIndex += 1;
        const [row] = await tx
          .insert(pipelineDeals)
          .values({
            pipeline_id: pipeline.id,
            stage_id: stage.id,
            position: place,
            name: `${deal.company} ${deal.round}`,
            company_name: deal.company,
            summary: deal.summary,
            website: deal.website,
            industry_id: industry(deal.industry),
            investment_type_id: deal.type ? type(deal.type) : null,
            amount_sought: deal.amount,
            pre_money_valuation: deal.valuation ?? null,
            source: deal.source,
            owner_id: ownerId,
            created_at: created,
            updated_at: created,
          })
          .returning({ id: pipelineDeals.id });
        if (!row) throw new Error('demo deal not inserted');
        audit.push({
          actor_id: ownerId,
          action: 'pipeline_deal.created',
          subject_type: 'pipeline_deal',
          subject_id: row.id,
          after: {
            name: `${deal.company} ${deal.round}`,
            pipeline: { id: pipeline.id, name: definition.name },
            stage: { id: stages[0]?.id, name: stages[0]?.name },
          },
          request_id: 'demo-seed',
          created_at: created,
        });
        // Its way along the board, a stage at a time (a declined or passed deal went straight there).
        const path =
          stage.position === stages.length - 1 ? [stages[0], stage] : stages.slice(0, stage.position + 1);
        for (let step = 1; step < path.length; step += 1)
          audit.push({
            actor_id: ownerId,
            action: 'pipeline_deal.moved',
            subject_type: 'pipeline_deal',
            subject_id: row.id,
            before: { pipeline: definition.name, stage: path[step - 1]?.name, position: 0 },
            after: { pipeline: definition.name, stage: path[step]?.name, position: place },
            request_id: 'demo-seed',
            created_at: new Date(created.getTime() + step * 9 * DAY_MS),
          });
        for (const [period, revenue, ebitda, cash, headcount] of position === 0
          ? (FIGURES[deal.company] ?? [])
          : [])
          figures.push({ pipeline_deal_id: row.id, period, revenue, ebitda, cash, headcount });
      }
    }
    await tx.insert(auditLog).values(audit);
    if (figures.length > 0) await tx.insert(dealPerformance).values(figures);
  });
}
