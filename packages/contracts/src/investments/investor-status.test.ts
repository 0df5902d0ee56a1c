import { describe, expect, it } from 'vitest';
import { investorStatusOf } from './investing';

describe('investorStatusOf', () => {
  it('keeps a round’s investment in its own state', () => {
    expect(investorStatusOf({ status: 'awaiting_payment', paid_amount: '0.00' })).toBe('awaiting_payment');
    expect(investorStatusOf({ status: 'reserved', called_amount: null })).toBe('reserved');
  });

  it('shows a fund commitment paid up to what was called as paid, and owing again once called more', () => {
    const commitment = { status: 'awaiting_payment' as const, called_amount: '4500.00' };
    expect(investorStatusOf({ ...commitment, paid_amount: '4500.00' })).toBe('paid');
    expect(investorStatusOf({ ...commitment, paid_amount: '4499.99' })).toBe('awaiting_payment');
    expect(investorStatusOf({ status: 'reserved', called_amount: '0.00', paid_amount: '0.00' })).toBe(
      'reserved',
    );
  });
});
