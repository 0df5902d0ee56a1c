import { describe, expect, it } from 'vitest';
import { AVAILABLE_FEATURES, FEATURE_FLAGS, FEATURE_KEYS, isFeatureAvailable } from './feature-flags';
import { featureNotAvailableMessage } from './feature-flag-texts';

describe('available features', () => {
  it('lists only known flags', () => {
    for (const key of AVAILABLE_FEATURES) expect(FEATURE_KEYS).toContain(key);
  });

  it('holds the flags whose feature exists today, and not those still to be built', () => {
    for (const key of [
      'nominee',
      'organisationLinks',
      'tax',
      'hideBankAdmin',
      'hideBank',
      'hidePayee',
      'riskWarning',
      'complianceTest',
      'screening',
      'internationalAml',
      'internationalBank',
      'investorTypePopup',
      'funds',
      'marketSounding',
    ] as const)
      expect(isFeatureAvailable(key)).toBe(true);
  });

  it('explains a refusal with the flag’s label', () => {
    const sounding = FEATURE_FLAGS.find((flag) => flag.key === 'marketSounding');
    expect(sounding && featureNotAvailableMessage(sounding)).toBe(
      'Market sounding is not yet available on this platform, so it cannot be switched on.',
    );
  });
});
