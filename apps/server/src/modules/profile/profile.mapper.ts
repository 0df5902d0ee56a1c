import type { FeatureSet, Profile } from '@portico/contracts';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { ProfileRow } from './profile.repository';

/** What the investor sees of their own record; the feature flags decide the tax and IBAN fields. */
export function toProfile({ user, profile }: ProfileRow, features: FeatureSet): Profile {
  const tax = (value: string | null | undefined) => (features.tax ? (value ?? null) : null);
  const intl = (value: string | null | undefined) => (features.internationalBank ? (value ?? null) : null);
  const updated = profile && profile.updated_at > user.updated_at ? profile.updated_at : user.updated_at;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: toApiTimestampOrNull(user.email_verified_at),
    pending_email: user.pending_email ?? null,
    title: profile?.title ?? null,
    first_name: profile?.first_name ?? null,
    last_name: profile?.last_name ?? null,
    phone: profile?.phone ?? null,
    date_of_birth: profile?.date_of_birth ?? null,
    nationality: profile?.nationality ?? null,
    address_line_1: profile?.address_line_1 ?? null,
    address_line_2: profile?.address_line_2 ?? null,
    city: profile?.city ?? null,
    postcode: profile?.postcode ?? null,
    country: profile?.country ?? null,
    client_type: profile?.client_type ?? null,
    trading_name: profile?.trading_name ?? null,
    company_number: profile?.company_number ?? null,
    ni_number: tax(profile?.ni_number),
    utr: tax(profile?.utr),
    bank_account_name: profile?.bank_account_name ?? null,
    bank_sort_code: profile?.bank_sort_code ?? null,
    bank_account_number: profile?.bank_account_number ?? null,
    bank_iban: intl(profile?.bank_iban),
    bank_swift: intl(profile?.bank_swift),
    updated_at: toApiTimestamp(updated),
  };
}
