import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { SUBMIT_FALLBACK_MESSAGE, submitFailure } from './server-errors';
import { compactPayload } from './compact-payload';

const fields = ['email', 'password'];

describe('submitFailure (spec §5, §8)', () => {
  it('puts each server field error on its field, first message only', () => {
    const error = new ApiError({
      status: 422,
      message: 'The email field is required. (and 2 more errors)',
      errors: { email: ['The email field is required.', 'second'], password: ['Too short.'] },
    });
    expect(submitFailure(error, fields)).toEqual({
      fieldErrors: { email: 'The email field is required.', password: 'Too short.' },
      formError: null,
    });
  });

  it('shows errors given as a string as the form error', () => {
    const error = new ApiError({
      status: 422,
      message: 'Ignored message',
      errors: 'Your account is locked.',
    });
    expect(submitFailure(error, fields)).toEqual({ fieldErrors: {}, formError: 'Your account is locked.' });
  });

  it('shows the server message when there are no field errors', () => {
    const error = new ApiError({
      status: 429,
      message: 'Too many login attempts. Please try again in 42 seconds.',
    });
    expect(submitFailure(error, fields).formError).toBe(
      'Too many login attempts. Please try again in 42 seconds.',
    );
  });

  it('shows errors for fields the form does not have as the form error', () => {
    const error = new ApiError({
      status: 422,
      message: 'Bad link',
      errors: { token: ['This link is invalid.'] },
    });
    expect(submitFailure(error, fields)).toEqual({ fieldErrors: {}, formError: 'Bad link' });
    const mixed = new ApiError({
      status: 422,
      message: 'x',
      errors: { email: ['Taken.'], token: ['This link is invalid.'] },
    });
    expect(submitFailure(mixed, fields)).toEqual({
      fieldErrors: { email: 'Taken.' },
      formError: 'This link is invalid.',
    });
  });

  it('falls back to "Something went wrong submitting." without a server message', () => {
    expect(SUBMIT_FALLBACK_MESSAGE).toBe('Something went wrong submitting.');
    expect(submitFailure(new ApiError({ status: 500, message: '' }), fields).formError).toBe(
      'Something went wrong submitting.',
    );
    expect(
      submitFailure(new ApiError({ status: 0, kind: 'timeout', message: 'timeout' }), fields).formError,
    ).toBe('Something went wrong submitting.');
    expect(submitFailure(new TypeError('boom'), fields).formError).toBe('Something went wrong submitting.');
  });
});

describe('compactPayload (spec §5: empty values are dropped)', () => {
  it('drops empty strings, nulls, undefined and empty lists, and keeps the rest', () => {
    expect(
      compactPayload({
        name: 'Ann',
        email: '',
        role_id: null,
        note: '   ',
        tags: [],
        keep: false,
        zero: 0,
        list: [1],
      }),
    ).toEqual({ name: 'Ann', keep: false, zero: 0, list: [1] });
  });
});
