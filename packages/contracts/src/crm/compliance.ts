/**
 * The investor compliance tabs (spec §2.1; DOMAIN.md, Compliance): categorisation with its versioned
 * statements, the registration form, fact find and risk profile, consent, onboarding documents and
 * documents sent for signature.
 */
export * from './questions';
export * from './categorisation-statements';
export * from './categorisations';
export * from './questionnaire-forms';
export * from './questionnaires';
export * from './consents';
export * from './onboarding-documents';
export * from './signature-requests';
