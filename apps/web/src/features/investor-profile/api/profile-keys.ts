/** Query keys of the investor's own profile views (/api/profile/*). */
export const profileKeys = {
  all: ['profile'] as const,
  categorisation: ['profile', 'categorisation'] as const,
  onboarding: ['profile', 'onboarding-documents'] as const,
  signatureRequests: ['profile', 'signature-requests'] as const,
  documents: ['profile', 'documents'] as const,
  organisations: ['profile', 'organisations'] as const,
  organisation: (id: number) => ['profile', 'organisations', id] as const,
  organisationDocuments: (id: number) => ['profile', 'organisations', id, 'documents'] as const,
  applications: ['profile', 'organisation-applications'] as const,
  organisationOptions: (q: string) => ['profile', 'organisation-options', q] as const,
  entities: ['profile', 'investment-method-entities'] as const,
  entity: (id: number) => ['profile', 'investment-method-entities', id] as const,
  entityDocuments: (id: number) => ['profile', 'investment-method-entities', id, 'documents'] as const,
};

/** The signed download links last 15 minutes: lists holding them are fetched again well before. */
export const LINK_REFRESH_MS = 10 * 60_000;
