/** API answers the compliance tabs' tests share. */
export const T = '2024-05-01T10:15:30.000000Z';

export const INVESTOR = {
  id: 7,
  name: 'Olivia Carter',
  title: null,
  first_name: 'Olivia',
  last_name: 'Carter',
  email: 'investor@portico.test',
  email_verified_at: T,
  phone: null,
  date_of_birth: null,
  nationality: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  postcode: null,
  country: null,
  client_type: null,
  lead_status: null,
  owner: null,
  adviser: null,
  source: null,
  category: 'restricted',
  category_expires_at: null,
  onboarding_state: 'categorised',
  compliance_passed: 0,
  screening_status: 'not_started',
  ni_number: null,
  utr: null,
  bank_account_name: null,
  bank_sort_code: null,
  bank_account_number: null,
  bank_iban: null,
  bank_swift: null,
  status: 'active',
  organisations: [],
  last_login_at: null,
  created_at: T,
  updated_at: T,
};

export const emptyPage = {
  data: [],
  links: { first: '', last: '', prev: null, next: null },
  meta: { current_page: 1, from: null, last_page: 1, path: '', per_page: 20, to: null, total: 0, links: [] },
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function categorisation(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    investor_id: 7,
    category: 'restricted',
    statement_version: '2024-01',
    statement_title: 'Restricted investor statement',
    statement_text: 'I make this statement.\n\nI accept the risks.',
    signature: null,
    answers: { past_invested_percent: 2, future_invest_percent: 5, declaration: true },
    signed_at: inDays(-300),
    expires_at: inDays(65),
    status: 'approved',
    reason: null,
    recorded_by: null,
    reviewed_by: { id: 1, name: 'Ada Admin' },
    reviewed_at: inDays(-299),
    is_current: true,
    is_expired: false,
    created_at: inDays(-300),
    ...overrides,
  };
}

export function document(id: number, name: string) {
  return {
    id,
    subject_type: 'investor',
    subject_id: 7,
    name,
    content_type: 'application/pdf',
    size_bytes: 204_800,
    visibility: 'private',
    category: 'Onboarding documents',
    uploaded_by: { id: 7, name: 'Olivia Carter' },
    created_at: T,
    url: `/files/documents/doc${id}.pdf?expires=1&signature=x`,
    url_expires_at: T,
  };
}

export function requirement(id: number, name: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    description: null,
    kind: 'upload',
    required: true,
    active: true,
    position: id,
    created_at: T,
    updated_at: T,
    ...overrides,
  };
}

export function signatureRequest(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    investor: { id: 7, name: 'Olivia Carter', email: 'investor@portico.test' },
    title: 'Subscription agreement',
    message: 'Please sign by Friday',
    status: 'awaiting',
    source_document: document(50, 'agreement.pdf'),
    signed_document: null,
    signer_name: null,
    signature_kind: null,
    document_hash: null,
    signed_at: null,
    requested_by: { id: 1, name: 'Ada Admin' },
    created_at: T,
    updated_at: T,
    ...overrides,
  };
}
