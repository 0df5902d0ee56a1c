import {
  contactSchema,
  investmentMethodEntitySchema,
  investmentMethodSchema,
  investorSchema,
  nomineeSchema,
  organisationSchema,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, FIELD_LABELS } from './activity-fields';
import { describeActivity } from './activity.describe';

describe('change lists in the activity timeline', () => {
  it('names every field of every record in a person’s words', () => {
    const schemas = [
      investorSchema,
      contactSchema,
      organisationSchema,
      nomineeSchema,
      investmentMethodSchema,
      investmentMethodEntitySchema,
    ];
    const missing = schemas.flatMap((schema) =>
      Object.keys(schema.shape).filter((key) => !(key in FIELD_LABELS)),
    );
    expect(missing).toEqual([]);
  });

  it('lists the changed fields by their labels and leaves bookkeeping out', () => {
    expect(
      describeActivity(
        'investor.updated',
        { first_name: 'Ann', name: 'Ann Lee', bank_sort_code: '1', updated_at: 'x' },
        { first_name: 'Anna', name: 'Anna Lee', bank_sort_code: '2', updated_at: 'y' },
      ),
    ).toBe('Details changed: First name, Sort code');
    expect(describeActivity('nominee.updated', null, { fca_number: '1', updated_at: 'y' })).toBe(
      'Details changed: FCA number',
    );
    expect(describeActivity('contact.updated', null, { updated_at: 'y' })).toBe(
      'Details changed: no visible change',
    );
    expect(changedFields({ some_new_field: 1 })).toBe('Some new field');
  });

  it('says what happened to an investment method’s accounts without internal words', () => {
    const account = { entity_id: 4, holder: 'investor Jane Smith', name: 'J. Smith SIPP', status: 'active' };
    expect(describeActivity('investment_method.entity_added', null, account)).toBe(
      'Account “J. Smith SIPP” added for investor Jane Smith',
    );
    expect(describeActivity('investment_method.entity_removed', account, null)).toBe(
      'Account “J. Smith SIPP” removed for investor Jane Smith',
    );
    expect(
      describeActivity('investment_method.entity_updated', null, { entity_id: 4, account_reference: 'X' }),
    ).toBe('An account’s details changed: Account reference');
  });

  it('says which custom attributes were set or cleared, with their values', () => {
    expect(
      describeActivity('attribute_values.updated', null, { 'Board seat': 'Yes', 'Preferred sectors': null }),
    ).toBe('Attributes set: Board seat “Yes”, Preferred sectors cleared');
  });

  it('leaves out the length of a call that did not connect', () => {
    expect(describeActivity('call.logged', null, { outcome: 'no_answer', duration_minutes: 0 })).toBe(
      'Logged a call: No answer',
    );
    expect(describeActivity('call.logged', null, { outcome: 'connected', duration_minutes: 12 })).toBe(
      'Logged a call: Connected, 12 min',
    );
  });

  it('describes links to organisations and nominees', () => {
    expect(
      describeActivity('organisation.member_added', null, { name: 'Jane Smith', role: 'beneficial_owner' }),
    ).toBe('Jane Smith linked as beneficial owner');
    expect(
      describeActivity('organisation_application.submitted', null, {
        kind: 'join',
        organisation: 'Carter Family Office',
        role: 'member',
      }),
    ).toBe('Applied to join Carter Family Office as member');
    expect(describeActivity('nominee.client_added', null, { name: 'Jane Smith' })).toBe(
      'Jane Smith added as a client',
    );
  });
});

describe('pre-emption in the activity timeline', () => {
  it('says which existing investment a round raises for, and each holder’s choice', () => {
    expect(
      describeActivity('opportunity.pre_emption_opened', null, {
        existing_investment: 'Harbour Lane Coffee',
        ends_on: '2026-12-17',
      }),
    ).toBe('Pre-emption opened for the holders of Harbour Lane Coffee until 17 December 2026');
    expect(
      describeActivity('investor.pre_emption_chosen', null, {
        holder: 'Sam Small',
        opportunity: 'Harbour Lane – Series A',
        choice_label: 'Maintain',
        amount: '2499.00',
        amount_text: '£2,499.00',
        by: 'staff',
      }),
    ).toBe(
      'Pre-emption choice of Sam Small in Harbour Lane – Series A: Maintain (£2,499.00), recorded by staff',
    );
  });
});

describe('investing in the activity timeline', () => {
  it('names the other side of an investment on each record, with money as people read it', () => {
    const reserved = {
      investor: 'Jane Smith',
      opportunity: 'Acme Robotics',
      amount: '5000.00',
      holding: 'own name',
    };
    expect(describeActivity('opportunity.investment_reserved', null, reserved)).toBe(
      'Reserved £5,000.00 by Jane Smith',
    );
    expect(describeActivity('investor.investment_reserved', null, reserved)).toBe(
      'Reserved £5,000.00 in Acme Robotics',
    );
    const payment = { ...reserved, amount: '1500', paid_so_far: '1500.00', of: '4000.00' };
    expect(describeActivity('opportunity.payment_received', null, payment)).toBe(
      'Payment of £1,500.00 received from Jane Smith (£1,500.00 of £4,000.00 paid)',
    );
    expect(
      describeActivity('investor.investment_refunded', null, { ...reserved, refunded_on: '2026-11-26' }),
    ).toBe('Refunded £5,000.00 for Acme Robotics on 26 November 2026');
    expect(
      describeActivity('investor.investment_cancelled', null, { ...reserved, reason: 'Missed the deadline' }),
    ).toBe('Investment of £5,000.00 in Acme Robotics cancelled: Missed the deadline');
  });

  it('says money in the currency its audit row recorded, pounds for rows without one', () => {
    const payment = {
      investor: 'Erin Euro',
      opportunity: 'Euro Robotics',
      amount: '1500',
      paid_so_far: '1500.00',
      of: '4000.00',
      currency: 'EUR',
    };
    expect(describeActivity('opportunity.payment_received', null, payment)).toBe(
      'Payment of €1,500.00 received from Erin Euro (€1,500.00 of €4,000.00 paid)',
    );
    expect(
      describeActivity(
        'investor.investment_repriced',
        { amount: '4000.00', currency: 'USD' },
        { opportunity: 'Euro Robotics', amount: '3000.00', old_price_text: '$2.00', new_price_text: '$1.50' },
      ),
    ).toBe(
      'Investment in Euro Robotics re-priced from $2.00 to $1.50 a share: now $3,000.00 (was $4,000.00)',
    );
    expect(
      describeActivity(
        'opportunity.share_price_withdrawn',
        {
          effective_on: '2026-03-01',
          price: '1.250000',
          kind: 'round',
          currency: 'EUR',
        },
        null,
      ),
    ).toBe('Share price withdrawn: €1.25 (round) on 1 March 2026');
    const { currency: _recorded, ...old } = payment;
    expect(describeActivity('investor.payment_received', null, old)).toBe(
      'Payment of £1,500.00 received for Euro Robotics (£1,500.00 of £4,000.00 paid)',
    );
  });

  it('says what happened to an existing investment’s prices and holders', () => {
    const price = { effective_on: '2026-03-01', price: '1.250000', kind: 'valuation' };
    expect(describeActivity('opportunity.share_price_added', null, price)).toBe(
      'Share price added: £1.25 (valuation) on 1 March 2026',
    );
    expect(describeActivity('opportunity.share_price_updated', price, { price: '1.5' })).toBe(
      'Share price changed: £1.25 (valuation) on 1 March 2026 is now £1.50 (valuation) on 1 March 2026',
    );
    expect(
      describeActivity('opportunity.holding_exit_added', null, {
        investor: 'Jane Smith',
        shares: '400.000000',
        amount: '900.00',
        occurred_on: '2026-10-02',
      }),
    ).toBe('Exit recorded for Jane Smith: 400 shares, £900.00 on 2 October 2026');
    expect(
      describeActivity('investor.shares_allotted', null, {
        opportunity: 'Acme Robotics',
        shares: '2000.000000',
        amount: '5000.00',
      }),
    ).toBe('Allotted 2,000 shares in Acme Robotics for £5,000.00');
  });

  it('says which tax relief certificate was recorded or withdrawn, and for whom', () => {
    const certificate = {
      scheme: 'eis3',
      reference: 'EIS3-0042',
      investor: 'Olivia Bennett',
      issued_on: '2026-05-01',
    };
    expect(describeActivity('opportunity.tax_relief_certificate_recorded', null, certificate)).toBe(
      'EIS3 certificate EIS3-0042 recorded for Olivia Bennett, issued 1 May 2026',
    );
    expect(
      describeActivity(
        'fund.tax_relief_certificate_withdrawn',
        { ...certificate, scheme: 'eis5' },
        { reason: 'Wrong investor' },
      ),
    ).toBe('EIS5 certificate EIS3-0042 of Olivia Bennett withdrawn: Wrong investor');
  });
});
