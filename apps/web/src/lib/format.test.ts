import { describe, expect, it } from 'vitest';
import { nounFor, plural } from './format';

describe('plural', () => {
  it('puts the noun in the singular for exactly one', () => {
    expect(plural(1, 'nominee')).toBe('1 nominee');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });

  it('puts it in the plural for none and for many, with thousands separated', () => {
    expect(plural(0, 'client')).toBe('0 clients');
    expect(plural(2, 'result')).toBe('2 results');
    expect(plural(1204, 'person', 'people')).toBe('1,204 people');
  });

  it('picks the noun alone', () => {
    expect(nounFor(1, { one: 'lead status', many: 'lead statuses' })).toBe('lead status');
    expect(nounFor(3, { one: 'lead status', many: 'lead statuses' })).toBe('lead statuses');
  });
});
