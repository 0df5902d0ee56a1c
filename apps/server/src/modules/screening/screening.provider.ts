import type { ScreeningCheckStatus, ScreeningDetails, ScreeningKind } from '@portico/contracts';

/** What a provider is given: the check's evidence and the details as they were at submission. */
export interface ScreeningRequest {
  checkId: number;
  investorId: number;
  kind: ScreeningKind;
  details: ScreeningDetails;
  identityDocumentId: number;
  proofOfAddressId: number;
}

/** A provider's first answer: still open (`submitted`, `referred`) or decided, with its reference. */
export interface ScreeningResult {
  status: ScreeningCheckStatus;
  reference: string | null;
  reason?: string | null;
}

/**
 * A screening provider (docs/decisions/010-screening-provider.md). `submit` runs inside the
 * submission's transaction and answers at once; a provider that decides later reports through the
 * screening service's `applyResult` (from its webhook or a poll).
 */
export interface ScreeningProvider {
  readonly name: string;
  submit(request: ScreeningRequest): Promise<ScreeningResult>;
}

/** The built-in provider: a person on the staff reviews the evidence and records the decision. */
export const staffReviewProvider: ScreeningProvider = {
  name: 'staff',
  submit: async () => ({ status: 'submitted', reference: null }),
};

export const SCREENING_PROVIDERS = { staff: staffReviewProvider } as const;
export type ScreeningProviderName = keyof typeof SCREENING_PROVIDERS;

export const screeningProvider = (name: ScreeningProviderName): ScreeningProvider =>
  SCREENING_PROVIDERS[name];
