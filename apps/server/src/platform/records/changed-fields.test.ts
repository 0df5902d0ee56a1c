import { describe, expect, it } from 'vitest';
import { changedFields, givenFields } from './changed-fields';

describe('changedFields', () => {
  const before = {
    id: 4,
    name: 'Acme',
    email: null as string | null,
    owner: { id: 1, name: 'Ann' } as { id: number; name: string } | null,
    updated_at: '2026-01-01T00:00:00.000000Z',
  };

  it('narrows both sides to the fields that changed', () => {
    const after = { ...before, name: 'Acme Ltd', email: 'hello@acme.test' };
    expect(changedFields(before, after)).toEqual({
      before: { name: 'Acme', email: null },
      after: { name: 'Acme Ltd', email: 'hello@acme.test' },
    });
  });

  it('answers undefined when nothing but updated_at changed', () => {
    expect(changedFields(before, { ...before, updated_at: '2026-02-01T00:00:00.000000Z' })).toBeUndefined();
  });

  it('compares a nested include by value, as one field', () => {
    expect(changedFields(before, { ...before, owner: { id: 1, name: 'Ann' } })).toBeUndefined();
    expect(changedFields(before, { ...before, owner: null })).toEqual({
      before: { owner: { id: 1, name: 'Ann' } },
      after: { owner: null },
    });
  });

  it('leaves out the fields it is told to ignore', () => {
    expect(changedFields(before, { ...before, name: 'B', email: 'b@b.test' }, ['name'])).toEqual({
      before: { email: null },
      after: { email: 'b@b.test' },
    });
  });
});

describe('givenFields', () => {
  it('copies the listed fields an input gives, null included, and nothing else', () => {
    const input = { name: 'Acme', email: null, phone: undefined, secret: 'x' };
    expect(givenFields(input, ['name', 'email', 'phone'])).toEqual({ name: 'Acme', email: null });
  });
});
