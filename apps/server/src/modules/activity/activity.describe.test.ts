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
