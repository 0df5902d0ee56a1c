import { dataOf, profileOnboardingSchema } from '@portico/contracts';

/**
 * The contract's parser of GET /api/profile/onboarding, imported dynamically: the overview is a first
 * page and must not carry zod and the contract's schemas in its own chunk (docs/benchmarks.md).
 */
export const profileOnboardingResponse = dataOf(profileOnboardingSchema);
