import {
  createInvestorInputSchema,
  createOpportunityInputSchema,
  createOrganisationInputSchema,
  manualInvestmentInputSchema,
  paymentInputSchema,
  subscriptionInputSchema,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { requiredFieldsOf } from './required-fields';

describe('required fields, read from the contract', () => {
  it('are the fields a new record cannot be made without', () => {
    expect([...requiredFieldsOf(createInvestorInputSchema)]).toEqual(['first_name', 'last_name', 'email']);
    expect([...requiredFieldsOf(createOrganisationInputSchema)]).toEqual(['name']);
    expect([...requiredFieldsOf(createOpportunityInputSchema)]).toEqual([
      'name',
      'company_name',
      'target_amount',
      'maximum_amount',
      'minimum_investment',
      'share_price',
      'tax_relief',
      'closing_date',
    ]);
    expect([...requiredFieldsOf(manualInvestmentInputSchema)]).toEqual([
      'user_id',
      'type',
      'holding',
      'amount',
      'invested_on',
    ]);
    expect([...requiredFieldsOf(paymentInputSchema)]).toEqual(['amount', 'received_on']);
    // a defaulted field (the currency, GBP) need not be filled
    expect([...requiredFieldsOf(subscriptionInputSchema)]).toEqual(['plan_name', 'status', 'started_at']);
  });
});
