import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerInputSchema } from './schemas/auth';
import { pathIdSchema } from './schemas/common';
import {
  cashCallInputSchema,
  createContactInputSchema,
  createInvestorInputSchema,
  createOpportunityInputSchema,
  createOrganisationApplicationInputSchema,
  createOrganisationInputSchema,
  documentSignatureInputSchema,
  manualInvestmentInputSchema,
  paymentInputSchema,
  refundInputSchema,
  subscriptionInputSchema,
  updateProfileInputSchema,
} from './index';
import { attributeName, FIELD_LABELS, fieldErrorsFromZod, validationBody } from './validation';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation error');
  return fieldErrorsFromZod(result.error);
};

describe('Laravel-style validation messages', () => {
  it('names the field in each message', () => {
    expect(errorsOf(registerInputSchema, {})).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
      password_confirmation: ['The password confirmation field is required.'],
      accept_terms: ['You must accept the terms and conditions.'],
    });
  });

  it('gives password bounds and confirmation in words a person can act on', () => {
    const short = errorsOf(registerInputSchema, {
      name: 'Ann',
      email: 'ann@example.test',
      password: 'short',
      password_confirmation: 'short',
      accept_terms: true,
    });
    expect(short.password).toEqual(['The password field must be at least 12 characters.']);
    const long = 'x'.repeat(129);
    expect(
      errorsOf(registerInputSchema, {
        name: 'Ann',
        email: 'ann@example.test',
        password: long,
        password_confirmation: long,
      }).password,
    ).toEqual(['The password field must not be greater than 128 characters.']);
    expect(
      errorsOf(registerInputSchema, {
        name: 'Ann',
        email: 'ann@example.test',
        password: 'a long enough password',
        password_confirmation: 'another long password',
        accept_terms: true,
      }).password,
    ).toEqual(['The password field confirmation does not match.']);
  });

  it('checks the email format', () => {
    expect(errorsOf(z.object({ email: registerInputSchema.shape.email }), { email: 'nope' }).email).toEqual([
      'The email field must be a valid email address.',
    ]);
  });

  it('builds the 422 body with "(and N more errors)"', () => {
    expect(validationBody({ a: ['First.'], b: ['Second.', 'Third.'] }).message).toBe(
      'First. (and 2 more errors)',
    );
    expect(validationBody({ a: ['First.'], b: ['Second.'] }).message).toBe('First. (and 1 more error)');
    expect(validationBody({ a: ['Only.'] }).message).toBe('Only.');
  });
});

describe('field names as the forms label them', () => {
  it('names a field by its label, not its key', () => {
    expect(errorsOf(z.object({ ni_number: z.string() }), {})).toEqual({
      ni_number: ['The National Insurance number field is required.'],
    });
    expect(errorsOf(z.object({ dob: z.string() }), {})).toEqual({
      dob: ['The date of birth field is required.'],
    });
    expect(attributeName(['bank_sort_code'])).toBe('sort code');
    expect(attributeName(['holders', 2, 'user_id'])).toBe('investor');
    // a key whose words are its label reads as its words
    expect(attributeName(['first_name'])).toBe('first name');
  });

  /*
   * The main forms' keys (investor, contact, organisation, opportunity, manual investment, payment, refund,
   * cash call, profile, membership, onboarding's signature, joining an organisation): each is audited
   * against the label its form shows, and is either in FIELD_LABELS or here, read as its own words.
   */
  const READ_AS_THEIR_WORDS = new Set([
    'title', 'first_name', 'last_name', 'email', 'phone', 'date_of_birth', 'nationality', 'postcode',
    'country', 'client_type', 'source', 'send_invitation', 'name', 'type', 'registration_number', 'website',
    'slug', 'summary', 'description', 'minimum_investment', 'share_price', 'share_class', 'tax_relief',
    'closing_date', 'currency', 'holding', 'amount', 'paid', 'note', 'due_date', 'message', 'trading_name',
    'company_number', 'status', 'notes', 'role', 'company', 'job_title', 'state', 'category',
    'signature_kind', 'signature', 'consent',
  ]); // prettier-ignore

  it('has every key of the main forms audited', () => {
    const schemas = {
      createInvestorInputSchema,
      createContactInputSchema,
      createOrganisationInputSchema,
      createOpportunityInputSchema,
      manualInvestmentInputSchema,
      paymentInputSchema,
      refundInputSchema,
      cashCallInputSchema,
      updateProfileInputSchema,
      subscriptionInputSchema,
      documentSignatureInputSchema,
      createOrganisationApplicationInputSchema,
    };
    const unaudited = Object.entries(schemas).flatMap(([name, schema]) =>
      Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape)
        .filter((key) => !(key in FIELD_LABELS) && !READ_AS_THEIR_WORDS.has(key))
        .map((key) => `${name}.${key}`),
    );
    expect(unaudited).toEqual([]);
  });
});

describe('pathIdSchema', () => {
  it('takes a plain positive decimal integer up to Number.MAX_SAFE_INTEGER', () => {
    expect(pathIdSchema.parse('4')).toBe(4);
    expect(pathIdSchema.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const text of ['0x10', '04', '+4', '4.0', ' 4', '4 ', '1e1', '0', '-1', '', '9007199254740992'])
      expect(pathIdSchema.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });
});
