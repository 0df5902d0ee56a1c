import { ROLES, type InvestmentStatus, type InvestmentType, type TaxRelief } from '@portico/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  clientGroups,
  documents,
  industries,
  investmentTypes,
  opportunities,
  opportunityFaqs,
  opportunityGalleryImages,
  opportunityInvitations,
  opportunityKeyDates,
  opportunityKeyPoints,
  opportunityTeamMembers,
  users,
} from '../db/schema';
import { insertInvestmentWithMoney } from '../modules/investment-transactions/ledger';
import { londonDate } from '../platform/time';
import { demoPdf } from './demo-files';
import { namedIds } from './named-ids';

const DAY_MS = 24 * 3_600_000;

interface DemoOpportunity {
  slug: string;
  name: string;
  company: string;
  status: 1 | 2 | 3 | 4 | 5 | 6;
  summary: string;
  industry: string;
  type: string;
  relief: TaxRelief;
  target: string;
  maximum: string;
  minimum: string;
  price: string;
  shareClass: string;
  /** days from today to the closing date (negative: closed already) */
  closesIn: number;
  colour: string;
  about: string[];
  points: string[];
  team: Array<{ name: string; role: string; bio: string }>;
  /** the share of the target committed so far, in percent, spread over a few investors */
  filled?: number;
}

/** Twelve opportunities over every status (spec §4), for realistic UK companies. */
const DEMO_OPPORTUNITIES: DemoOpportunity[] = [
  {
    slug: 'tidewater-robotics-seed',
    name: 'Tidewater Robotics – Seed',
    company: 'Tidewater Robotics Ltd',
    status: 1,
    summary: 'Autonomous hull-cleaning robots for commercial shipping, from Bristol.',
    industry: 'Deep tech',
    type: 'Equity',
    relief: 'seis',
    target: '250000.00',
    maximum: '300000.00',
    minimum: '1000.00',
    price: '0.850000',
    shareClass: 'Ordinary',
    closesIn: 75,
    colour: '#1c7ed6',
    about: [
      'Tidewater builds robots that clean ship hulls in port, cutting fuel burn by up to 8% per voyage.',
      'The round funds two commercial pilots with Avonmouth operators.',
    ],
    points: [
      'Two signed pilot agreements',
      'Patent filed on the magnetic crawler',
      'Founders from Rolls-Royce Marine',
    ],
    team: [
      { name: 'Ellie Marsh', role: 'Chief Executive', bio: 'Ten years in marine engineering.' },
      { name: 'Rupert Dane', role: 'Chief Technology Officer', bio: 'Robotics PhD, University of Bristol.' },
    ],
  },
  {
    slug: 'heathland-distillery-growth',
    name: 'Heathland Distillery – Growth',
    company: 'Heathland Distillery Ltd',
    status: 1,
    summary: 'A Norfolk gin and whisky distillery scaling its export range.',
    industry: 'Consumer',
    type: 'Equity',
    relief: 'eis',
    target: '600000.00',
    maximum: '750000.00',
    minimum: '2000.00',
    price: '2.400000',
    shareClass: 'A Ordinary',
    closesIn: 120,
    colour: '#2f9e44',
    about: ['Heathland distils on a working farm and sells in 14 countries.'],
    points: ['Revenue up 64% year on year', 'Listed in Waitrose and Majestic'],
    team: [
      { name: 'Harriet Cole', role: 'Founder', bio: 'Former brand director at a global spirits group.' },
    ],
  },
  {
    slug: 'northwind-hydrogen-series-a',
    name: 'Northwind Hydrogen – Series A',
    company: 'Northwind Hydrogen Ltd',
    status: 2,
    summary: 'Green hydrogen electrolysers for North Sea ports, from Aberdeen.',
    industry: 'Climate & Energy',
    type: 'Equity',
    relief: 'eis',
    target: '1500000.00',
    maximum: '2000000.00',
    minimum: '5000.00',
    price: '3.200000',
    shareClass: 'Ordinary',
    closesIn: 45,
    colour: '#0c8599',
    about: [
      'Northwind designs containerised electrolysers that turn surplus offshore wind into hydrogen at the quayside.',
      'The Series A takes the first 5 MW unit into production with Port of Aberdeen.',
    ],
    points: [
      '£2.1m of grants secured',
      'Letter of intent from Port of Aberdeen',
      'Advance assurance for EIS',
    ],
    team: [
      { name: 'Callum Reid', role: 'Chief Executive', bio: 'Built and sold an offshore services business.' },
      {
        name: 'Dr Anna Kowalski',
        role: 'Chief Engineer',
        bio: 'Electrochemistry lead, 12 years at ITM Power.',
      },
    ],
    filled: 62,
  },
  {
    slug: 'kinfolk-health-seed',
    name: 'Kinfolk Health – Seed',
    company: 'Kinfolk Health Ltd',
    status: 2,
    summary: 'Remote monitoring for people caring for elderly relatives, from Manchester.',
    industry: 'Healthtech',
    type: 'Equity',
    relief: 'seis',
    target: '150000.00',
    maximum: '250000.00',
    minimum: '500.00',
    price: '0.400000',
    shareClass: 'Ordinary',
    closesIn: 30,
    colour: '#e8590c',
    about: [
      'Kinfolk pairs low-cost home sensors with an app that tells families when something is out of routine.',
    ],
    points: ['1,200 households on the waiting list', 'NHS Innovation Accelerator alumni'],
    team: [{ name: 'Nadia Hussain', role: 'Founder', bio: 'Former NHS occupational therapist.' }],
    filled: 38,
  },
  {
    slug: 'greyfriars-fintech-seis',
    name: 'Greyfriars Fintech – SEIS Round',
    company: 'Greyfriars Payments Ltd',
    status: 2,
    summary: 'Open-banking payments for independent shops, from Edinburgh.',
    industry: 'Fintech',
    type: 'Equity',
    relief: 'seis',
    target: '200000.00',
    maximum: '250000.00',
    minimum: '1000.00',
    price: '1.000000',
    shareClass: 'Ordinary',
    closesIn: 60,
    colour: '#5f3dc4',
    about: ['Greyfriars lets small shops take instant bank payments at a fraction of card fees.'],
    points: ['FCA-authorised payment institution', '340 merchants live'],
    team: [
      { name: 'Iain Fraser', role: 'Chief Executive', bio: 'Former product lead at a challenger bank.' },
    ],
    filled: 85,
  },
  {
    slug: 'millbrook-bakery-expansion',
    name: 'Millbrook Bakery Co – Expansion',
    company: 'Millbrook Bakery Co Ltd',
    status: 3,
    summary: 'A Yorkshire craft bakery opening its third and fourth sites.',
    industry: 'Consumer',
    type: 'Convertible loan note',
    relief: 'none',
    target: '400000.00',
    maximum: '500000.00',
    minimum: '5000.00',
    price: '1.000000',
    shareClass: 'Loan notes',
    closesIn: 25,
    colour: '#f08c00',
    about: [
      'Millbrook has run two profitable bakeries in Harrogate since 2016; this raise funds two more in York.',
    ],
    points: ['Profitable for six years', '8% annual coupon, paid quarterly'],
    team: [{ name: 'Tom Ashworth', role: 'Managing Director', bio: 'Third-generation baker.' }],
    filled: 45,
  },
  {
    slug: 'quayside-analytics-series-a',
    name: 'Quayside Analytics – Series A',
    company: 'Quayside Analytics Ltd',
    status: 3,
    summary: 'Port logistics software predicting berth congestion, from Southampton.',
    industry: 'B2B SaaS',
    type: 'Equity',
    relief: 'eis',
    target: '1000000.00',
    maximum: '1250000.00',
    minimum: '10000.00',
    price: '4.750000',
    shareClass: 'A Preferred',
    closesIn: 40,
    colour: '#1971c2',
    about: ['Quayside forecasts berth availability 72 hours out for port operators and shipping lines.'],
    points: ['Annual recurring revenue of £780k', 'Customers in four UK ports'],
    team: [
      { name: 'Sophie Lambert', role: 'Chief Executive', bio: 'Ex-Maersk operations director.' },
      {
        name: 'Raj Patel',
        role: 'Chief Data Scientist',
        bio: 'Machine learning, University of Southampton.',
      },
    ],
    filled: 20,
  },
  {
    slug: 'ashdown-cycles',
    name: 'Ashdown Cycles',
    company: 'Ashdown Cycles Ltd',
    status: 4,
    summary: 'Hand-built electric cargo bikes from East Sussex.',
    industry: 'Consumer',
    type: 'Equity',
    relief: 'eis',
    target: '350000.00',
    maximum: '400000.00',
    minimum: '1000.00',
    price: '1.500000',
    shareClass: 'Ordinary',
    closesIn: -10,
    colour: '#c92a2a',
    about: ['Ashdown sells electric cargo bikes to families and councils across the South East.'],
    points: ['Order book of £1.2m', 'Supplier to three councils'],
    team: [{ name: 'Ben Carver', role: 'Founder', bio: 'Frame builder and former racer.' }],
    filled: 100,
  },
  {
    slug: 'lumen-optics',
    name: 'Lumen Optics',
    company: 'Lumen Optics Ltd',
    status: 4,
    summary: 'Photonic sensors for structural monitoring, a Cambridge spin-out.',
    industry: 'Deep tech',
    type: 'Equity',
    relief: 'eis',
    target: '800000.00',
    maximum: '900000.00',
    minimum: '2500.00',
    price: '6.000000',
    shareClass: 'Ordinary',
    closesIn: -21,
    colour: '#862e9c',
    about: [
      'Lumen embeds fibre-optic sensors in bridges and tunnels to detect strain years before it shows.',
    ],
    points: ['Network Rail trial under way'],
    team: [
      { name: 'Dr Oliver Grant', role: 'Chief Executive', bio: 'Photonics research fellow, Cambridge.' },
    ],
    filled: 90,
  },
  {
    slug: 'harbour-lane-coffee',
    name: 'Harbour Lane Coffee',
    company: 'Harbour Lane Coffee Roasters Ltd',
    status: 5,
    summary: 'A Cornish speciality coffee roaster supplying cafés across the South West.',
    industry: 'Consumer',
    type: 'Equity',
    relief: 'eis',
    target: '300000.00',
    maximum: '350000.00',
    minimum: '500.00',
    price: '1.200000',
    shareClass: 'Ordinary',
    closesIn: -180,
    colour: '#6f4e37',
    about: ['Harbour Lane roasts in Falmouth and supplies 140 cafés and two supermarket chains.'],
    points: ['Completed in full', 'Shares allotted'],
    team: [{ name: 'Kerensa Penrose', role: 'Founder', bio: 'Q-grader and former barista champion.' }],
  },
  {
    slug: 'fenwick-medical-devices',
    name: 'Fenwick Medical Devices',
    company: 'Fenwick Medical Devices Ltd',
    status: 5,
    summary: 'Single-use surgical instruments made from recycled polymers, from Newcastle.',
    industry: 'Healthtech',
    type: 'Equity',
    relief: 'eis',
    target: '900000.00',
    maximum: '1000000.00',
    minimum: '2500.00',
    price: '2.750000',
    shareClass: 'Ordinary',
    closesIn: -300,
    colour: '#087f5b',
    about: ['Fenwick makes CE-marked instruments for NHS trusts with half the carbon of steel equivalents.'],
    points: ['Supplying eight NHS trusts'],
    team: [{ name: 'Mark Robson', role: 'Chief Executive', bio: 'Twenty years in medical devices.' }],
  },
  {
    slug: 'old-forge-brewing',
    name: 'Old Forge Brewing',
    company: 'Old Forge Brewing Company Ltd',
    status: 6,
    summary: 'A Cotswolds brewery and taproom; investors exited in a trade sale.',
    industry: 'Consumer',
    type: 'Equity',
    relief: 'eis',
    target: '250000.00',
    maximum: '300000.00',
    minimum: '500.00',
    price: '1.000000',
    shareClass: 'Ordinary',
    closesIn: -1400,
    colour: '#495057',
    about: ['Old Forge grew from a village taproom to a regional brewery and was sold to a national group.'],
    points: ['Exited at 2.4× the entry price'],
    team: [{ name: 'Will Hartley', role: 'Founder', bio: 'Head brewer.' }],
  },
];

const FAQS = [
  {
    question: 'Is the investment eligible for tax relief?',
    answer: 'Where shown, the company has HMRC advance assurance. Relief depends on your circumstances.',
  },
  {
    question: 'When will my shares be allotted?',
    answer: 'Within 30 days of the round completing; you will receive your share certificate by email.',
  },
];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A round avatar with initials, drawn locally (no internet). */
function avatarSvg(name: string, colour: string): Buffer {
  const initials = name
    .replace(/^Dr\s+/, '')
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><circle cx="80" cy="80" r="80" fill="${colour}"/><text x="80" y="96" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text></svg>`,
  );
}

/**
 * A simple banner image: the company's colour, a horizon and its name, centred: the page shows it at about
 * 4:1 and a phone or a card at about 2:1, each cropping the middle of this 2.4:1 image.
 */
function bannerSvg(title: string, colour: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500"><rect width="1200" height="500" fill="${colour}"/><path d="M0 360 L300 260 L520 330 L800 200 L1200 320 L1200 500 L0 500 Z" fill="#ffffff" fill-opacity="0.18"/><text x="600" y="250" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(title)}</text></svg>`,
  );
}

/** Amounts that add up to `percent` of the target, in whole pounds, spread over the investors. */
function commitments(target: string, percent: number, count: number): string[] {
  const total = (BigInt(target.split('.')[0] ?? '0') * BigInt(percent)) / 100n;
  if (count === 0 || total === 0n) return [];
  const share = total / BigInt(count);
  return Array.from(
    { length: count },
    (_, index) => `${index === count - 1 ? total - share * BigInt(count - 1) : share}.00`,
  );
}

const INVESTMENT_STATES: Array<{ status: InvestmentStatus; type: InvestmentType }> = [
  { status: 'paid', type: 'platform' },
  { status: 'reserved', type: 'platform' },
  { status: 'awaiting_payment', type: 'platform' },
  { status: 'paid', type: 'manual' },
];

/** The investment terms of a demo opportunity, as investors read them before accepting. */
const investmentTermsOf = (company: string) =>
  [
    `You subscribe for ordinary shares in ${company} at the share price shown, in whole shares.`,
    'Your commitment is binding once the cash call is sent; pay the amount called by its due date, or your allocation may be cancelled.',
    'Shares are issued on completion of the round. Until then your money is held in the client account and returned if the round does not complete.',
    'Shares in unquoted companies are illiquid: you may not be able to sell them, and you could lose all the money you invest.',
  ].join('\n\n');

/**
 * Issue 10: twelve opportunities over every status with their pages (description, key points, key dates,
 * team with photos, a gallery image, public and private documents, FAQs), live ones part filled with
 * investments from demo investors, and the internal ones offered to the "Syndicate members" group.
 */
export async function seedOpportunitiesDemo(ctx: AppContext, now = new Date()) {
  const { db, storage } = ctx;
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const at = (offset: number) => new Date(now.getTime() + offset * DAY_MS);
  const files: Array<{ key: string; body: Buffer; type: string }> = [];

  await db.transaction(async (tx) => {
    const industryId = await namedIds(
      tx,
      industries,
      DEMO_OPPORTUNITIES.map((item) => item.industry),
    );
    const typeId = await namedIds(
      tx,
      investmentTypes as unknown as typeof industries,
      DEMO_OPPORTUNITIES.map((item) => item.type),
    );
    await tx
      .insert(clientGroups)
      .values({
        name: 'Syndicate members',
        description: 'Experienced investors offered internal rounds first.',
      })
      .onConflictDoNothing();
    const [group] = await tx
      .select({ id: clientGroups.id })
      .from(clientGroups)
      .where(eq(sql`lower(${clientGroups.name})`, 'syndicate members'));
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const investors = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role_id, ROLES.USER), sql`${users.email_verified_at} is not null`))
      .orderBy(asc(users.id))
      .limit(8);

    for (const [index, item] of DEMO_OPPORTUNITIES.entries()) {
      const opened = item.closesIn - 60;
      const [row] = await tx
        .insert(opportunities)
        .values({
          slug: item.slug,
          name: item.name,
          company_name: item.company,
          status: item.status,
          summary: item.summary,
          description:
            item.about.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join('') +
            '<h3>Risks</h3><p>Investing in early-stage companies puts your capital at risk; you may lose all of it.</p>',
          target_amount: item.target,
          maximum_amount: item.maximum,
          minimum_investment: item.minimum,
          share_price: item.price,
          share_class: item.shareClass,
          // The terms investors accept when they invest (investment_terms_enabled), there to read (issue 18).
          investment_terms: investmentTermsOf(item.company),
          tax_relief: item.relief,
          closing_date: day(item.closesIn),
          industry_id: industryId(item.industry),
          investment_type_id: typeId(item.type),
          cover_image_key: `opportunity-images/demo-${item.slug}-cover.svg`,
          created_by: admin?.id ?? null,
          published_at: item.status >= 2 ? at(opened) : null,
          closed_at: item.status >= 4 ? at(item.closesIn) : null,
          completed_at: item.status >= 5 ? at(item.closesIn + 30) : null,
          matured_at: item.status === 6 ? at(-30) : null,
          created_at: at(opened - 14),
          updated_at: at(Math.min(opened, -1)),
        })
        .returning({ id: opportunities.id });
      if (!row) continue;
      const id = row.id;
      files.push({
        key: `opportunity-images/demo-${item.slug}-cover.svg`,
        body: bannerSvg(item.company, item.colour),
        type: 'image/svg+xml',
      });
      await tx
        .insert(opportunityKeyPoints)
        .values(item.points.map((text, position) => ({ opportunity_id: id, position, text })));
      await tx.insert(opportunityKeyDates).values([
        { opportunity_id: id, position: 0, date: day(opened), label: 'Round opens' },
        { opportunity_id: id, position: 1, date: day(item.closesIn), label: 'Round closes' },
      ]);
      await tx.insert(opportunityTeamMembers).values(
        item.team.map((member, position) => {
          const key = `opportunity-images/demo-${item.slug}-team-${position}.svg`;
          files.push({ key, body: avatarSvg(member.name, item.colour), type: 'image/svg+xml' });
          return { opportunity_id: id, position, ...member, photo_key: key };
        }),
      );
      const galleryKey = `opportunity-images/demo-${item.slug}-gallery-0.svg`;
      files.push({ key: galleryKey, body: bannerSvg(item.name, item.colour), type: 'image/svg+xml' });
      await tx.insert(opportunityGalleryImages).values({
        opportunity_id: id,
        position: 0,
        image_key: galleryKey,
        caption: `${item.company}: where the work happens`,
      });
      await tx
        .insert(opportunityFaqs)
        .values(FAQS.map((faq, position) => ({ opportunity_id: id, position, ...faq })));
      const memo = `documents/demo-${item.slug}-memorandum.pdf`;
      const diligence = `documents/demo-${item.slug}-due-diligence.pdf`;
      files.push({
        key: memo,
        body: demoPdf(`${item.company}: investment memorandum`, [item.summary, ...item.about]),
        type: 'application/pdf',
      });
      files.push({
        key: diligence,
        body: demoPdf(`${item.company}: due diligence notes`, ['Internal: not for investors.']),
        type: 'application/pdf',
      });
      await tx.insert(documents).values([
        {
          subject_type: 'opportunity',
          subject_id: id,
          name: 'Investment memorandum.pdf',
          storage_key: memo,
          content_type: 'application/pdf',
          size_bytes: files[files.length - 2]?.body.length ?? 0,
          visibility: 'public',
          category: 'Memorandum',
          uploaded_by: admin?.id ?? null,
        },
        {
          subject_type: 'opportunity',
          subject_id: id,
          name: 'Due diligence notes.pdf',
          storage_key: diligence,
          content_type: 'application/pdf',
          size_bytes: files[files.length - 1]?.body.length ?? 0,
          visibility: 'private',
          category: 'Due diligence',
          uploaded_by: admin?.id ?? null,
        },
      ]);

      if (item.filled && investors.length > 0) {
        const amounts = commitments(item.target, item.filled, Math.min(investors.length, 4));
        // A paid commitment holds its money as a ledger payment (decision 019), booked the day it is made.
        for (const [position, amount] of amounts.entries()) {
          const state = INVESTMENT_STATES[position % INVESTMENT_STATES.length];
          // money is booked to whoever holds it: the investing demo keeps investor@ and investor2@ unpaid
          const payers = investors.filter((row) => !/^investor2?@portico\.test$/.test(row.email));
          const pool = state?.status === 'paid' && payers.length > 0 ? payers : investors;
          const investor = pool[(index + position) % pool.length];
          if (investor && state)
            await insertInvestmentWithMoney(
              tx,
              { opportunity_id: id, user_id: investor.id, amount, ...state },
              { received_on: londonDate(new Date()) },
            );
        }
      }
      if (item.status === 3 && group)
        await tx
          .insert(opportunityInvitations)
          .values({ opportunity_id: id, client_group_id: group.id, invited_by: admin?.id ?? null });
    }
  });
  for (const file of files) await storage.put(file.key, file.body, file.type);
}
