import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, opportunities } from '../../db/schema';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { attachMemorandum, createOpportunity } from './lifecycle-fixtures';

/*
 * Issue 18, what the investor sees before committing: an opportunity cannot go live without its
 * information memorandum, nor, when investors accept investment terms, without those terms to read.
 */

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const transition = (id: number, status: number) =>
  admin.post(`/api/opportunities/${id}/transition`, { status });
const statusOf = async (id: number) =>
  (await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, id)))[0]?.status;
const draft = () => createOpportunity(t.ctx.db, {}, { memorandum: false });
const features = (changes: Record<string, boolean>) => admin.patch('/api/features', changes);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('going live without the documents investors read', () => {
  it('is refused without a public information memorandum, naming what is missing', async () => {
    const opportunity = await draft();
    for (const to of [2, 3]) {
      const refused = await transition(opportunity.id, to);
      expect(refused.statusCode).toBe(422);
      expect(json<Errors>(refused).errors).toEqual({
        information_memorandum: [
          'The opportunity needs an information memorandum before it can go live: upload it as a public document in the category “Information memorandum”.',
        ],
      });
    }
    // A private memorandum is not there for investors to read.
    await t.ctx.db.insert(documents).values({
      subject_type: 'opportunity',
      subject_id: opportunity.id,
      name: 'IM draft.pdf',
      storage_key: 'documents/im-draft.pdf',
      content_type: 'application/pdf',
      size_bytes: 10,
      visibility: 'private',
      category: 'Information memorandum',
    });
    expect((await transition(opportunity.id, 2)).statusCode).toBe(422);
    expect(await statusOf(opportunity.id)).toBe(1);

    await attachMemorandum(t.ctx.db, opportunity.id);
    expect((await transition(opportunity.id, 2)).statusCode).toBe(200);
  });

  it('lists the memorandum with the other missing fields, and takes it filed as “Memorandum”', async () => {
    const incomplete = await createOpportunity(t.ctx.db, { share_price: null }, { memorandum: false });
    const refused = await transition(incomplete.id, 3);
    expect(Object.keys(json<Errors>(refused).errors).sort()).toEqual([
      'information_memorandum',
      'share_price',
    ]);
    const filedShort = await draft();
    await attachMemorandum(t.ctx.db, filedShort.id, ' memorandum ');
    expect((await transition(filedShort.id, 3)).statusCode).toBe(200);
  });

  it('needs the investment terms too when investors accept them (investment_terms_enabled)', async () => {
    expect((await features({ termsConditions: true })).statusCode).toBe(200);
    try {
      const opportunity = await createOpportunity(t.ctx.db);
      const refused = await transition(opportunity.id, 2);
      expect(refused.statusCode).toBe(422);
      expect(json<Errors>(refused).errors).toEqual({
        investment_terms: [
          'The opportunity needs its investment terms before it can go live: investors accept them when they invest, so upload them as a public document in the category “Investment terms”.',
        ],
      });
      await attachMemorandum(t.ctx.db, opportunity.id, 'Investment terms');
      expect((await transition(opportunity.id, 2)).statusCode).toBe(200);

      // The terms as text on the opportunity are there to read as well.
      const withText = await createOpportunity(t.ctx.db, { investment_terms: 'Hold for three years.' });
      expect((await transition(withText.id, 2)).statusCode).toBe(200);
      const both = await draft();
      expect(Object.keys(json<Errors>(await transition(both.id, 2)).errors).sort()).toEqual([
        'information_memorandum',
        'investment_terms',
      ]);
    } finally {
      await features({ termsConditions: false });
    }
    // Off: no terms are accepted, so none are asked for.
    expect((await transition((await createOpportunity(t.ctx.db)).id, 2)).statusCode).toBe(200);
  });
});
