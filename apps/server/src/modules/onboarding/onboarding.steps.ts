import type { OnboardingState, OnboardingStep, OnboardingStepState } from '@portico/contracts';
import type { OnboardingFacts, OnboardingSettings } from './onboarding.repository';
import { longDate } from '../../platform/dates';

export const ONBOARDING_PATHS = {
  email: '/verify-email',
  categorisation: '/investor/profile/investor-type',
  appropriateness: '/investor/profile/appropriateness',
  identity: '/investor/profile/identity',
  documents: '/investor/profile/documents',
  terms: '/terms',
} as const;

const on = longDate;
/** A reason staff typed, ready to end a sentence. */
const sentence = (text: string | null | undefined) => {
  const trimmed = (text ?? '').trim().replace(/[.!\s]+$/, '');
  return trimmed ? `${trimmed}.` : '';
};

type Step = Omit<OnboardingStep, 'key' | 'label' | 'path' | 'required'>;
const step = (state: OnboardingStepState, detail: string): Step => ({ state, detail });

function email(facts: OnboardingFacts): Step {
  return facts.verifiedAt
    ? step('done', `Verified on ${on(facts.verifiedAt)}.`)
    : step('to_do', 'Open the link we emailed you to verify your address.');
}

function categorisation(facts: OnboardingFacts): Step {
  const { valid, latest } = facts;
  if (valid) return step('done', `Confirmed until ${on(valid.expires_at)}.`);
  if (latest?.status === 'pending')
    return step('awaiting_review', 'Waiting for approval: we will tell you when it has been reviewed.');
  if (latest?.status === 'rejected')
    return step(
      'action_needed',
      `Not accepted: ${sentence(latest.reason)} Please categorise yourself again.`,
    );
  if (latest?.status === 'approved')
    return step('action_needed', `Expired on ${on(latest.expires_at)}: confirm your category again.`);
  return step('to_do', 'Tell us which kind of investor you are and sign the statement.');
}

function appropriateness(facts: OnboardingFacts): Step {
  if (facts.compliancePassed) return step('done', 'Passed.');
  return facts.complianceTries > 0
    ? step('action_needed', 'Not passed yet: take the test again when it opens.')
    : step('to_do', 'Answer a few questions about the risks of investing.');
}

function identity(facts: OnboardingFacts): Step {
  const { check } = facts;
  if (!check) return step('to_do', 'Send us your identity document and proof of address.');
  switch (check.status) {
    case 'submitted':
      return step('awaiting_review', 'Submitted: we are checking your documents.');
    case 'referred':
      return step('awaiting_review', `Referred for further checks. ${sentence(check.reason)}`.trim());
    case 'passed':
      return step('done', `Passed${check.decided_at ? ` on ${on(check.decided_at)}` : ''}.`);
    case 'failed':
      return step('action_needed', `Not passed: ${sentence(check.reason)} Please send your evidence again.`);
  }
}

function documents(facts: OnboardingFacts, settings: OnboardingSettings): Step {
  const required = settings.requirements.filter((requirement) => requirement.required);
  const statusOf = (id: number) => facts.documents.get(id);
  const rejected = required.filter((requirement) => statusOf(requirement.id)?.status === 'rejected');
  if (rejected.length > 0)
    return step(
      'action_needed',
      rejected
        .map(
          (requirement) => `${requirement.name} not accepted: ${sentence(statusOf(requirement.id)?.reason)}`,
        )
        .join(' '),
    );
  const missing = required.filter((requirement) => !statusOf(requirement.id));
  if (missing.length > 0)
    return step('to_do', `Still to provide: ${missing.map((requirement) => requirement.name).join(', ')}.`);
  const pending = required.filter((requirement) => statusOf(requirement.id)?.status === 'pending');
  if (pending.length > 0)
    return step(
      'awaiting_review',
      `Awaiting review: ${pending.map((requirement) => requirement.name).join(', ')}.`,
    );
  return step(
    'done',
    required.length === 1 ? 'Your document is approved.' : 'All your documents are approved.',
  );
}

function terms(facts: OnboardingFacts, settings: OnboardingSettings): Step {
  if (facts.acceptedTermsVersion >= settings.termsVersion)
    return step('done', `Accepted (version ${facts.acceptedTermsVersion}).`);
  return facts.acceptedTermsVersion > 0
    ? step(
        'action_needed',
        `The terms have changed (version ${settings.termsVersion}): please read and accept them.`,
      )
    : step('to_do', 'Read and accept the terms and conditions.');
}

const NOT_REQUIRED: Step = { state: 'not_required', detail: 'Not required on this platform.' };

/** The checklist, in order, for one investor: the one computation every caller uses. */
export function onboardingSteps(facts: OnboardingFacts, settings: OnboardingSettings): OnboardingStep[] {
  const documentsRequired = settings.requirements.some((requirement) => requirement.required);
  const rows: Array<[OnboardingStep['key'], string, boolean, () => Step]> = [
    ['email', 'Verify your email address', true, () => email(facts)],
    ['categorisation', 'Investor categorisation', true, () => categorisation(facts)],
    ['appropriateness', 'Appropriateness test', settings.complianceTest, () => appropriateness(facts)],
    ['identity', 'Identity check', settings.screening, () => identity(facts)],
    ['documents', 'Documents', documentsRequired, () => documents(facts, settings)],
    ['terms', 'Terms and conditions', true, () => terms(facts, settings)],
  ];
  return rows.map(([key, label, required, compute]) => ({
    key,
    label,
    path: ONBOARDING_PATHS[key],
    required,
    ...(required ? compute() : NOT_REQUIRED),
  }));
}

export const readyToInvest = (steps: OnboardingStep[]) =>
  steps.every((item) => !item.required || item.state === 'done');

/**
 * The coarse state lists filter on: 'complete' is every required step done; before that, how far the
 * verification, categorisation and documents have gone.
 */
export function onboardingStateOf(facts: OnboardingFacts, settings: OnboardingSettings): OnboardingState {
  if (!facts.verifiedAt) return 'registered';
  if (!facts.valid) return 'verified';
  if (readyToInvest(onboardingSteps(facts, settings))) return 'complete';
  const submitted = settings.requirements
    .filter((requirement) => requirement.required)
    .every((requirement) => {
      const status = facts.documents.get(requirement.id)?.status;
      return status === 'pending' || status === 'approved';
    });
  return submitted ? 'documents' : 'categorised';
}
