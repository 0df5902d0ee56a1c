import type { Investor, InvestorStatus, OnboardingState } from '@portico/contracts';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { InvestorRow } from './investors.repository';

export interface InvestorView {
  /** the tax feature is on: NI number and UTR are shown */
  showTax: boolean;
  /** "hide bank details in admin" is on */
  hideBank: boolean;
}

export function investorStatus(row: InvestorRow['user']): InvestorStatus {
  if (row.deactivated_at) return 'deactivated';
  return row.password ? 'active' : 'invited';
}

/** Where a profile was never written, the state follows from email verification alone. */
function onboardingOf(row: InvestorRow): OnboardingState {
  return row.profile?.onboarding_state ?? (row.user.email_verified_at ? 'verified' : 'registered');
}

export function toInvestor(
  row: InvestorRow,
  organisations: Array<{ id: number; name: string; role: string }>,
  view: InvestorView,
): Investor {
  const { user, profile } = row;
  const bank = (value: string | null | undefined) => (view.hideBank ? null : (value ?? null));
  return {
    id: user.id,
    name: user.name,
    title: profile?.title ?? null,
    first_name: profile?.first_name ?? null,
    last_name: profile?.last_name ?? null,
    email: user.email,
    email_verified_at: toApiTimestampOrNull(user.email_verified_at),
    phone: profile?.phone ?? null,
    date_of_birth: profile?.date_of_birth ?? null,
    nationality: profile?.nationality ?? null,
    address_line_1: profile?.address_line_1 ?? null,
    address_line_2: profile?.address_line_2 ?? null,
    city: profile?.city ?? null,
    postcode: profile?.postcode ?? null,
    country: profile?.country ?? null,
    client_type: profile?.client_type ?? null,
    lead_status: row.lead_status?.id ? row.lead_status : null,
    owner: row.owner?.id ? row.owner : null,
    adviser: row.adviser?.id ? row.adviser : null,
    source: profile?.source ?? null,
    category: profile?.category ?? null,
    category_expires_at: toApiTimestampOrNull(profile?.category_expires_at),
    onboarding_state: onboardingOf(row),
    compliance_passed: user.compliance_passed,
    screening_status: profile?.screening_status ?? 'not_started',
    ni_number: view.showTax ? (profile?.ni_number ?? null) : null,
    utr: view.showTax ? (profile?.utr ?? null) : null,
    bank_account_name: bank(profile?.bank_account_name),
    bank_sort_code: bank(profile?.bank_sort_code),
    bank_account_number: bank(profile?.bank_account_number),
    bank_iban: bank(profile?.bank_iban),
    bank_swift: bank(profile?.bank_swift),
    status: investorStatus(user),
    organisations,
    last_login_at: toApiTimestampOrNull(user.last_login_at),
    created_at: toApiTimestamp(user.created_at),
    updated_at: toApiTimestamp(user.updated_at),
  };
}
