import type { Branding } from '@portico/contracts';
import type { FeatureKey, FeatureSet } from '@portico/contracts';
import { ALL_FEATURES_OFF, FEATURE_FLAGS } from '@portico/contracts/constants';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { APP_NAME, TERMS_PATH } from '../config/app';
import { api } from './api-client';
import { firstAnswerData, parseLater } from './first-answer';

/**
 * The branding record (spec §3, §7, §8): read once at start-up, before login, so every page (the login
 * page too) is branded. A failed read is ignored: the defaults apply.
 */
export const brandingKeys = {
  all: ['branding'] as const,
};

/** The contract's parser of GET /api/branding, loaded on first use so that zod stays off the first page. */
async function brandingResponse() {
  return (await import('./answer-schemas')).brandingResponse;
}

/**
 * GET /api/branding, or null when it cannot be read (spec §8: ignored silently). The record is
 * shape-checked for the first render and parsed by the contract once zod has loaded; a record the
 * contract refuses is dropped for the defaults, as it always was.
 */
export async function fetchBranding(queryClient: QueryClient): Promise<Branding | null> {
  try {
    const body = await api.get('/api/branding', undefined, { redirectOnUnauthorized: false });
    const branding = firstAnswerData<Branding>(body, {
      id: 'number',
      colours: 'object',
      navigation: 'object',
    });
    parseLater(body, brandingResponse, () => queryClient.setQueryData(brandingKeys.all, null));
    return branding;
  } catch {
    return null;
  }
}

export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: brandingKeys.all,
    queryFn: ({ client }) => fetchBranding(client),
    // Loaded once per page load; a staff member's save writes it explicitly.
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function loadBranding(queryClient: QueryClient): Promise<Branding | null> {
  return queryClient.ensureQueryData(brandingQueryOptions());
}

/** After a save: the whole app re-themes and relabels at once. */
export function setBranding(queryClient: QueryClient, branding: Branding): void {
  queryClient.setQueryData(brandingKeys.all, branding);
}

/** The branding record, or null while unknown or when it could not be read. */
export function useBranding(): Branding | null {
  const { data } = useQuery(brandingQueryOptions());
  return data ?? null;
}

/** The product's name (spec §9: the page title falls back to it). */
export function useAppName(): string {
  return useBranding()?.appName || APP_NAME;
}

/** Every flag by our key, from the record's camelCase spelling; all off when branding is unknown. */
export function featuresOf(branding: Branding | null | undefined): FeatureSet {
  if (!branding) return ALL_FEATURES_OFF;
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag.key, branding[flag.camel]])) as FeatureSet;
}

export function useFeatures(): FeatureSet {
  const branding = useBranding();
  return useMemo(() => featuresOf(branding), [branding]);
}

/** Whether a feature is switched on for this deployment (spec §3). */
export function useFeature(key: FeatureKey): boolean {
  return useFeatures()[key];
}

/** Whether a screen gated by a flag (or by none) may show. */
export function featureAllows(features: FeatureSet | undefined, feature: FeatureKey | undefined): boolean {
  return feature === undefined || (features?.[feature] ?? false);
}

/** Where the terms are read: their URL when they are a link, else the /terms page. */
export function termsHrefOf(branding: Branding | null): string {
  return branding?.terms_format === 'url' && branding.terms_url ? branding.terms_url : TERMS_PATH;
}
