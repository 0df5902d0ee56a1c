import { describe, expect, it } from 'vitest';
import type { ScreeningCheckRow } from '../../db/schema';
import type { OnboardingFacts, OnboardingSettings } from './onboarding.repository';
import { onboardingStateOf, onboardingSteps, readyToInvest } from './onboarding.steps';

const DAY = 86_400_000;
const now = Date.now();
const approved = {
  id: 1,
  category: 'restricted' as const,
  status: 'approved' as const,
  reason: null,
  signed_at: new Date(now - 30 * DAY),
  expires_at: new Date(now + 300 * DAY),
};
const expired = {
  ...approved,
  id: 2,
  signed_at: new Date(now - 400 * DAY),
  expires_at: new Date(now - 35 * DAY),
};

const done: OnboardingFacts = {
  userId: 7,
  verifiedAt: new Date(now - 40 * DAY),
  compliancePassed: true,
  complianceTries: 1,
  acceptedTermsVersion: 1,
  valid: approved,
  latest: approved,
  documents: new Map([[10, { status: 'approved', reason: null }]]),
  check: { status: 'passed', decided_at: new Date(now - DAY), reason: null } as ScreeningCheckRow,
};
const everything: OnboardingSettings = {
  complianceTest: true,
  screening: true,
  termsVersion: 1,
  requirements: [
    { id: 10, name: 'Passport', required: true },
    { id: 11, name: 'Bank statement', required: false },
  ],
};
const nothing: OnboardingSettings = {
  complianceTest: false,
  screening: false,
  termsVersion: 1,
  requirements: [],
};

const stepOf = (facts: OnboardingFacts, settings: OnboardingSettings, key: string) =>
  onboardingSteps(facts, settings).find((step) => step.key === key);

describe('the onboarding steps', () => {
  it('is ready to invest when every required step is done, with every feature on', () => {
    const steps = onboardingSteps(done, everything);
    expect(steps.map((step) => [step.key, step.state, step.required])).toEqual([
      ['email', 'done', true],
      ['categorisation', 'done', true],
      ['appropriateness', 'done', true],
      ['identity', 'done', true],
      ['documents', 'done', true],
      ['terms', 'done', true],
    ]);
    expect(readyToInvest(steps)).toBe(true);
    expect(onboardingStateOf(done, everything)).toBe('complete');
  });

  it('does not ask for the test, identity or documents when the platform does not', () => {
    const facts = {
      ...done,
      compliancePassed: false,
      complianceTries: 0,
      check: undefined,
      documents: new Map(),
    };
    const steps = onboardingSteps(facts, nothing);
    expect(steps.filter((step) => !step.required).map((step) => [step.key, step.state])).toEqual([
      ['appropriateness', 'not_required'],
      ['identity', 'not_required'],
      ['documents', 'not_required'],
    ]);
    expect(onboardingStateOf(facts, nothing)).toBe('complete');
    expect(onboardingStateOf(facts, everything)).toBe('categorised');
  });

  it('holds the investor back while the test is not passed (feature on)', () => {
    const facts = { ...done, compliancePassed: false, complianceTries: 0 };
    expect(stepOf(facts, everything, 'appropriateness')).toMatchObject({
      state: 'to_do',
      path: '/investor/profile/appropriateness',
    });
    expect(stepOf({ ...facts, complianceTries: 1 }, everything, 'appropriateness')?.state).toBe(
      'action_needed',
    );
    expect(onboardingStateOf(facts, everything)).toBe('documents');
  });

  it('tells an expired, a pending and a rejected categorisation apart', () => {
    const lapsed = { ...done, valid: undefined, latest: expired };
    expect(stepOf(lapsed, everything, 'categorisation')).toMatchObject({ state: 'action_needed' });
    expect(stepOf(lapsed, everything, 'categorisation')?.detail).toMatch(
      /^Expired on .*: confirm your category again\.$/,
    );
    expect(onboardingStateOf(lapsed, everything)).toBe('verified');
    const pending = { ...lapsed, latest: { ...approved, id: 3, status: 'pending' as const } };
    expect(stepOf(pending, everything, 'categorisation')?.state).toBe('awaiting_review');
    const rejected = {
      ...lapsed,
      latest: { ...approved, status: 'rejected' as const, reason: 'Figures missing.' },
    };
    expect(stepOf(rejected, everything, 'categorisation')?.detail).toBe(
      'Not accepted: Figures missing. Please categorise yourself again.',
    );
    // A re-confirmation awaiting approval does not undo one that is still valid.
    const renewing = { ...done, latest: { ...approved, id: 4, status: 'pending' as const } };
    expect(stepOf(renewing, everything, 'categorisation')?.state).toBe('done');
  });

  it('reports documents missing, awaiting review and rejected; an optional one holds nobody up', () => {
    const missing = { ...done, documents: new Map() };
    expect(stepOf(missing, everything, 'documents')).toMatchObject({
      state: 'to_do',
      detail: 'Still to provide: Passport.',
    });
    const pending = { ...done, documents: new Map([[10, { status: 'pending' as const, reason: null }]]) };
    expect(stepOf(pending, everything, 'documents')?.state).toBe('awaiting_review');
    expect(onboardingStateOf(pending, everything)).toBe('documents');
    const rejected = {
      ...done,
      documents: new Map([[10, { status: 'rejected' as const, reason: 'Expired' }]]),
    };
    expect(stepOf(rejected, everything, 'documents')).toMatchObject({
      state: 'action_needed',
      detail: 'Passport not accepted: Expired.',
    });
  });

  it('asks again when the terms version is raised', () => {
    const raised = { ...everything, termsVersion: 2 };
    expect(stepOf(done, raised, 'terms')).toMatchObject({ state: 'action_needed', path: '/terms' });
    expect(readyToInvest(onboardingSteps(done, raised))).toBe(false);
    expect(stepOf({ ...done, acceptedTermsVersion: 0 }, everything, 'terms')?.state).toBe('to_do');
  });

  it('shows each identity check state', () => {
    const states = (['submitted', 'referred', 'failed', 'passed'] as const).map(
      (status) =>
        stepOf(
          { ...done, check: { ...done.check, status, reason: 'Blurred' } as ScreeningCheckRow },
          everything,
          'identity',
        )?.state,
    );
    expect(states).toEqual(['awaiting_review', 'awaiting_review', 'action_needed', 'done']);
    expect(stepOf({ ...done, check: undefined }, everything, 'identity')?.state).toBe('to_do');
  });

  it('starts at registered until the email is verified', () => {
    const fresh = { ...done, verifiedAt: null };
    expect(stepOf(fresh, everything, 'email')).toMatchObject({ state: 'to_do', path: '/verify-email' });
    expect(onboardingStateOf(fresh, everything)).toBe('registered');
  });
});
