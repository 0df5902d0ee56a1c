import { describe, expect, it } from 'vitest';
import {
  addMonthsToDate,
  defaultPromotionExceptionExpiry,
  promotionExceptionStatus,
  recordPromotionExceptionInputSchema,
} from './promotion-exceptions';

describe('promotion exemption dates', () => {
  it('moves London dates by months, the day clamped to the month’s end', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-11-15', 12)).toBe('2027-11-15');
    expect(addMonthsToDate('2026-01-10', -13)).toBe('2024-12-10');
  });

  it('defaults 12 months for the signed statements only', () => {
    expect(defaultPromotionExceptionExpiry('self_certified_sophisticated', '2026-03-01')).toBe('2027-03-01');
    expect(defaultPromotionExceptionExpiry('investment_professional', '2026-03-01')).toBeNull();
  });

  it('is valid until the expiry date comes, and never once withdrawn', () => {
    const row = { effective_on: '2026-01-01', expires_on: '2027-01-01', withdrawn_at: null };
    expect(promotionExceptionStatus(row, '2026-12-31')).toBe('valid');
    expect(promotionExceptionStatus(row, '2027-01-01')).toBe('expired');
    expect(
      promotionExceptionStatus({ ...row, withdrawn_at: '2026-02-01T00:00:00.000000Z' }, '2026-03-01'),
    ).toBe('withdrawn');
  });

  it('needs a description for "other", evidence, and an expiry after the effective date', () => {
    const result = recordPromotionExceptionInputSchema.safeParse({
      type: 'other',
      effective_on: '2026-03-01',
      expires_on: '2026-02-01',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['description', 'evidence_reference', 'expires_on']);
  });
});
