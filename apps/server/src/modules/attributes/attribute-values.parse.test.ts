import { describe, expect, it } from 'vitest';
import { displayAttributeValue, parseAttributeValue, type ValueRule } from './attribute-values.parse';

const rule = (type: ValueRule['type']): ValueRule => ({
  name: 'Sectors',
  type,
  options: [
    { id: 3, label: 'Fintech' },
    { id: 1, label: 'Climate' },
  ],
});
const ok = (value: unknown) => ({ ok: true, value });
const fails = (message: string) => ({ ok: false, message: `Sectors ${message}` });

describe('parseAttributeValue', () => {
  it('clears on null, empty text and an empty list, whatever the type', () => {
    for (const type of ['text', 'number', 'date', 'boolean', 'select', 'multi_select'] as const) {
      expect(parseAttributeValue(rule(type), null)).toEqual(ok(null));
      expect(parseAttributeValue(rule(type), '')).toEqual(ok(null));
      expect(parseAttributeValue(rule(type), [])).toEqual(ok(null));
    }
  });

  it('checks each type', () => {
    expect(parseAttributeValue(rule('text'), '  Hello ')).toEqual(ok('Hello'));
    expect(parseAttributeValue(rule('text'), 4)).toEqual(fails('must be text.'));
    expect(parseAttributeValue(rule('text'), 'x'.repeat(2001))).toEqual(
      fails('must not be longer than 2000 characters.'),
    );
    expect(parseAttributeValue(rule('number'), '0012.50')).toEqual(ok('12.50'));
    expect(parseAttributeValue(rule('number'), 42)).toEqual(ok('42'));
    expect(parseAttributeValue(rule('number'), '-3')).toEqual(ok('-3'));
    for (const bad of ['1e5', 'abc', '1.1234567', true, 1e21])
      expect(parseAttributeValue(rule('number'), bad).ok).toBe(false);
    expect(parseAttributeValue(rule('date'), '2025-03-31')).toEqual(ok('2025-03-31'));
    for (const bad of ['2025-02-30', '31/03/2025', 20250331])
      expect(parseAttributeValue(rule('date'), bad)).toEqual(
        fails('must be a date written YYYY-MM-DD, e.g. 2025-03-31.'),
      );
    expect(parseAttributeValue(rule('boolean'), false)).toEqual(ok(false));
    expect(parseAttributeValue(rule('boolean'), 'yes')).toEqual(fails('must be yes or no (true or false).'));
    expect(parseAttributeValue(rule('select'), 3)).toEqual(ok(3));
    expect(parseAttributeValue(rule('select'), 2)).toEqual(fails('must be one of its options.'));
    expect(parseAttributeValue(rule('select'), '3')).toEqual(fails('must be one of its options.'));
    expect(parseAttributeValue(rule('multi_select'), [1, 3, 1])).toEqual(ok([3, 1]));
    expect(parseAttributeValue(rule('multi_select'), [1, 2])).toEqual(
      fails('must only hold its own options.'),
    );
    expect(parseAttributeValue(rule('multi_select'), 3)).toEqual(fails('must be a list of its options.'));
  });
});

describe('displayAttributeValue', () => {
  it('reads a value as words', () => {
    expect(displayAttributeValue(rule('boolean'), true)).toBe('Yes');
    expect(displayAttributeValue(rule('boolean'), false)).toBe('No');
    expect(displayAttributeValue(rule('select'), 1)).toBe('Climate');
    expect(displayAttributeValue(rule('multi_select'), [3, 1])).toBe('Fintech, Climate');
    expect(displayAttributeValue(rule('date'), '2025-03-31')).toBe('31 March 2025');
    expect(displayAttributeValue(rule('number'), '12.50')).toBe('12.50');
  });
});
