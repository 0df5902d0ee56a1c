import { SUBJECT_PATHS, SUBJECT_TYPES, type SubjectType } from '@portico/contracts';
import {
  calls,
  dealPerformance,
  documents,
  holdingTransactions,
  investments,
  notes,
  opportunityFaqs,
  opportunityGalleryImages,
  opportunityInvitations,
  opportunityKeyDates,
  opportunityKeyPoints,
  opportunityTeamMembers,
  pipelineDeals,
  pipelines,
  pipelineStages,
  sharePrices,
  tasks,
  type UserRow,
} from '../db/schema';
import { createOpportunity, dayFromToday } from '../modules/opportunity-lifecycle/lifecycle-fixtures';
import { PNG_1PX } from './files';
import type { Agent, TestApp } from './test-app';

/** Groups of the fuzz test's records (fuzz-records.ts): engagements on every subject, the investment records. */

/** The first row a query returns, or a clear failure: seeding must not quietly leave a path at 404. */
export function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`fuzz seeding: no ${what}`);
  return row;
}

/** Documents, notes, calls and tasks on a record of each subject type. */
export async function seedEngagements(t: TestApp, staff: UserRow, subjects: Record<SubjectType, number>) {
  const { db } = t.ctx;
  const ids = new Map<string, number>();
  for (const type of SUBJECT_TYPES) {
    const subject = { subject_type: type, subject_id: subjects[type] };
    const file = { name: 'f.png', storage_key: 'fuzz/file.png', content_type: 'image/png' };
    const document = one(
      await db
        .insert(documents)
        .values({ ...subject, ...file, size_bytes: PNG_1PX.length })
        .returning(),
      'document',
    );
    const note = one(
      await db
        .insert(notes)
        .values({ ...subject, body: 'A note' })
        .returning(),
      'note',
    );
    const call = one(
      await db
        .insert(calls)
        .values({ ...subject, occurred_at: new Date(), outcome: 'connected' })
        .returning(),
      'call',
    );
    const task = one(
      await db
        .insert(tasks)
        .values({ ...subject, title: 'A task', created_by: staff.id })
        .returning(),
      'task',
    );
    const segment = SUBJECT_PATHS[type];
    ids.set(`${segment}:id`, subjects[type]);
    ids.set(`${segment}:documentId`, document.id);
    ids.set(`${segment}:noteId`, note.id);
    ids.set(`${segment}:callId`, call.id);
    ids.set(`${segment}:taskId`, task.id);
  }
  return ids;
}

/** A deal with a period of figures; an opportunity live with its page content; an existing investment. */
export async function seedInvestments(t: TestApp, admin: Agent, investor: UserRow) {
  const { db } = t.ctx;
  const pipeline = one(await db.insert(pipelines).values({ name: 'Fuzz pipeline' }).returning(), 'pipeline');
  const stage = one(
    await db.insert(pipelineStages).values({ pipeline_id: pipeline.id, name: 'Sourced' }).returning(),
    'stage',
  );
  const deal = one(
    await db
      .insert(pipelineDeals)
      .values({ pipeline_id: pipeline.id, stage_id: stage.id, name: 'Fuzz deal', company_name: 'Fuzz Ltd' })
      .returning(),
    'deal',
  );
  const period = one(
    await db
      .insert(dealPerformance)
      .values({ pipeline_deal_id: deal.id, period: '2024-12-31', revenue: '1000.00' })
      .returning(),
    'deal figures',
  );
  const live = await createOpportunity(db, { status: 2, published_at: new Date() });
  const parent = { opportunity_id: live.id };
  const item = {
    'key-points': one(
      await db
        .insert(opportunityKeyPoints)
        .values({ ...parent, text: 'A point' })
        .returning(),
      'key point',
    ),
    'key-dates': one(
      await db
        .insert(opportunityKeyDates)
        .values({ ...parent, date: '2030-01-01', label: 'Close' })
        .returning(),
      'key date',
    ),
    'team-members': one(
      await db
        .insert(opportunityTeamMembers)
        .values({ ...parent, name: 'Ann Team' })
        .returning(),
      'team member',
    ),
    gallery: one(
      await db
        .insert(opportunityGalleryImages)
        .values({ ...parent, image_key: 'opportunity-images/fuzz.png' })
        .returning(),
      'gallery image',
    ),
    faqs: one(
      await db
        .insert(opportunityFaqs)
        .values({ ...parent, question: 'Q?', answer: 'A.' })
        .returning(),
      'faq',
    ),
  };
  const invitation = one(
    await db
      .insert(opportunityInvitations)
      .values({ ...parent, user_id: investor.id })
      .returning(),
    'invitation',
  );
  const investment = one(
    await db
      .insert(investments)
      .values({ ...parent, user_id: investor.id, amount: '1000.00' })
      .returning(),
    'investment',
  );
  const existing = await createOpportunity(db, {
    status: 5,
    published_at: new Date(),
    share_price: '1.000000',
  });
  await db.insert(holdingTransactions).values({
    opportunity_id: existing.id,
    user_id: investor.id,
    kind: 'allotment',
    occurred_on: dayFromToday(-400),
    shares: '1000',
    amount: '1000.00',
    price: '1.000000',
  });
  const price = one(
    await db
      .insert(sharePrices)
      .values({ opportunity_id: existing.id, price: '1.200000', effective_on: '2025-01-31' })
      .returning(),
    'share price',
  );
  // A new round of the existing investment: its holder's pre-emption right comes with it.
  const round = await createOpportunity(db, { status: 2, published_at: new Date() });
  const opened = await admin.post(`/api/opportunities/${round.id}/pre-emption`, {
    existing_investment_id: existing.id,
  });
  if (opened.statusCode !== 200) throw new Error(`fuzz seeding: pre-emption ${opened.body}`);
  return { pipeline, stage, deal, period, live, item, invitation, investment, existing, price, round };
}
