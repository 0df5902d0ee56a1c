/** Query keys of the investor's own profile views. */
export const profileKeys = {
  all: ['profile'] as const,
  details: () => [...profileKeys.all, 'details'] as const,
  subscription: () => [...profileKeys.all, 'subscription'] as const,
};
