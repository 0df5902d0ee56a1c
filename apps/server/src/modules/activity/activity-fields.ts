/**
 * A person's word for every field a record's change can list, in the order a form shows them. Fields
 * that are bookkeeping (ids, timestamps, counts) are `null`: a change list never names them.
 */
export const FIELD_LABELS: Record<string, string | null> = {
  id: null,
  entity_id: null,
  member_id: null,
  client_id: null,
  user_id: null,
  contact_id: null,
  investor_id: null,
  nominee_id: null,
  organisation_id: null,
  investment_method: null,
  created_at: null,
  updated_at: null,
  last_login_at: null,
  members_count: null,
  clients_count: null,
  entities_count: null,
  title: 'Title',
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  email_verified_at: 'Email verification',
  phone: 'Phone',
  date_of_birth: 'Date of birth',
  nationality: 'Nationality',
  company: 'Company',
  job_title: 'Job title',
  type: 'Type',
  provider: 'Provider',
  description: 'Description',
  website: 'Website',
  registration_number: 'Registration number',
  company_number: 'Company number',
  fca_number: 'FCA number',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  city: 'Town or city',
  postcode: 'Postcode',
  country: 'Country',
  client_type: 'Client type',
  state: 'State',
  lead_status: 'Lead status',
  owner: 'Owner',
  adviser: 'Adviser',
  source: 'Source',
  investor: 'Investor',
  holder: 'Holder',
  account_reference: 'Account reference',
  designation: 'Designation',
  role: 'Role',
  category: 'Categorisation',
  category_expires_at: 'Categorisation expiry',
  onboarding_state: 'Onboarding',
  compliance_passed: 'Appropriateness test',
  screening_status: 'AML/KYC screening',
  ni_number: 'NI number',
  utr: 'UTR',
  bank_account_name: 'Bank account name',
  bank_sort_code: 'Sort code',
  bank_account_number: 'Account number',
  bank_iban: 'IBAN',
  bank_swift: 'SWIFT/BIC',
  status: 'Status',
  organisations: 'Organisations',
  company_name: 'Company',
  summary: 'Summary',
  industry: 'Industry',
  industry_id: null,
  investment_type: 'Investment type',
  investment_type_id: null,
  amount_sought: 'Amount sought',
  pre_money_valuation: 'Pre-money valuation',
  owner_id: null,
  opportunity_id: null,
  period: null,
  revenue: 'Revenue',
  gross_profit: 'Gross profit',
  ebitda: 'EBITDA',
  cash: 'Cash',
  headcount: 'Headcount',
  notes: 'Notes',
  // settings (issue 21: the firm's audit log names what changed)
  colours: 'Colours',
  navigation: 'Terminology',
  logo: 'Logo',
  logo_light: 'Light logo',
  favicon: 'Favicon',
  logo_alt: 'Logo text',
  terms_version: 'Terms version',
  terms_format: 'Terms format',
  terms_url: 'Terms link',
  terms_text: 'Terms and conditions text',
  risk_warning_text: 'Risk warning text',
  market_sounding_description: 'Market sounding wording',
  // an opportunity's content items
  text: 'Text',
  question: 'Question',
  answer: 'Answer',
  bio: 'Bio',
  photo_url: 'Photo',
  caption: 'Caption',
  image_url: 'Image',
  label: 'Label',
  date: 'Date',
};

/** "bank_sort_code" → "Bank sort code": the fallback for a field not listed yet. */
const sentence = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "First name, Phone": the changed fields in people's words, bookkeeping left out. */
export function changedFields(values: Record<string, unknown> | null): string {
  const keys = Object.keys(values ?? {});
  // The full name follows the first and last names: naming both would say the same change twice.
  const shown = keys.filter(
    (key) => !(key === 'name' && (keys.includes('first_name') || keys.includes('last_name'))),
  );
  const labels = shown.flatMap((key) => {
    const label = key in FIELD_LABELS ? FIELD_LABELS[key] : sentence(key);
    return label ? [label] : [];
  });
  return [...new Set(labels)].join(', ');
}
