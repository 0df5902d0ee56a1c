import {
  brandingSchema,
  dataOf,
  type Branding,
  type BrandingInput,
  type Terminology,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setBranding } from '../../../lib/branding';

const brandingResponse = dataOf(brandingSchema);

/**
 * PATCH /api/branding/1: JSON, or multipart when files go with it (logo, logoLight, favicon; other
 * fields bracketed, `colours[primary]`).
 */
export async function updateBranding(input: BrandingInput | FormData): Promise<Branding> {
  return (await api.patch('/api/branding/1', input, brandingResponse)).data;
}

/**
 * Spec §7: the terminology is saved with POST /api/branding while there is no custom branding yet, and
 * with POST /api/branding/1 and `_method=PATCH` once there is.
 */
export async function saveTerminology(
  navigation: Partial<Terminology>,
  isCustomBranding: boolean,
): Promise<Branding> {
  const body = isCustomBranding
    ? await api.post('/api/branding/1', { _method: 'PATCH', navigation }, brandingResponse)
    : await api.post('/api/branding', { navigation }, brandingResponse);
  return body.data;
}

/** A save re-themes and relabels this page at once; other users get it on their next page load. */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: (branding) => setBranding(queryClient, branding),
  });
}

export function useSaveTerminology() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      navigation,
      isCustomBranding,
    }: {
      navigation: Partial<Terminology>;
      isCustomBranding: boolean;
    }) => saveTerminology(navigation, isCustomBranding),
    onSuccess: (branding) => setBranding(queryClient, branding),
  });
}
