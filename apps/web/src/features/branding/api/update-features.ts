import { brandingSchema, dataOf, FEATURE_FLAGS, type Branding, type FeatureSet } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setBranding } from '../../../lib/branding';

const brandingResponse = dataOf(brandingSchema);

/** PATCH /api/features with the flags that change, in the settings API's snake_case spelling. */
export async function updateFeatures(changes: Partial<FeatureSet>): Promise<Branding> {
  const body = Object.fromEntries(
    FEATURE_FLAGS.filter((flag) => changes[flag.key] !== undefined).map((flag) => [
      flag.snake,
      changes[flag.key],
    ]),
  );
  return (await api.patch('/api/features', body, brandingResponse)).data;
}

export function useUpdateFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeatures,
    onSuccess: (branding) => setBranding(queryClient, branding),
  });
}
