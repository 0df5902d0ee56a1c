import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerInputSchema } from './schemas/auth';
import { pathIdSchema } from './schemas/common';
import { fieldErrorsFromZod, validationBody } from './validation';

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

describe('pathIdSchema', () => {
  it('takes a plain positive decimal integer up to Number.MAX_SAFE_INTEGER', () => {
    expect(pathIdSchema.parse('4')).toBe(4);
    expect(pathIdSchema.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const text of ['0x10', '04', '+4', '4.0', ' 4', '4 ', '1e1', '0', '-1', '', '9007199254740992'])
      expect(pathIdSchema.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });
});
