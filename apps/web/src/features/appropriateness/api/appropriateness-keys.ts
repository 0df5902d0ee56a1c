import type { ComplianceBank } from '@portico/contracts';

/** Query keys of the appropriateness test: its settings, the staff banks, the investor's own state. */
export const appropriatenessKeys = {
  all: ['appropriateness'] as const,
  settings: ['appropriateness', 'settings'] as const,
  bank: (bank: ComplianceBank) => ['appropriateness', 'bank', bank] as const,
  mine: ['appropriateness', 'mine'] as const,
  attempts: (investorId: number) => ['appropriateness', 'attempts', investorId] as const,
};
