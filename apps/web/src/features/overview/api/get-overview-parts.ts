import {
  dataOf,
  overviewActivitySchema,
  overviewMoneySchema,
  overviewOnboardingSchema,
  type OverviewActivity,
  type OverviewMoney,
  type OverviewOnboarding,
} from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { overviewKeys } from './overview-keys';

const money = dataOf(overviewMoneySchema);
const onboarding = dataOf(overviewOnboardingSchema);

/** GET /api/stats/money: raised this year and in total, live raises, cash outstanding (per currency). */
export async function getOverviewMoney(signal?: AbortSignal): Promise<OverviewMoney> {
  return (await api.get('/api/stats/money', money, { signal })).data;
}

/** GET /api/stats/onboarding: active investors by onboarding state. */
export async function getOverviewOnboarding(signal?: AbortSignal): Promise<OverviewOnboarding> {
  return (await api.get('/api/stats/onboarding', onboarding, { signal })).data;
}

/** GET /api/stats/activity: the latest activity on the platform. */
export async function getOverviewActivity(signal?: AbortSignal): Promise<OverviewActivity['data']> {
  return (await api.get('/api/stats/activity', overviewActivitySchema, { signal })).data;
}

// Each part loads on its own (in parallel), with its own loading and error state.
export const useOverviewMoney = () =>
  useQuery(
    queryOptions({ queryKey: overviewKeys.money(), queryFn: ({ signal }) => getOverviewMoney(signal) }),
  );
export const useOverviewOnboarding = () =>
  useQuery(
    queryOptions({
      queryKey: overviewKeys.onboarding(),
      queryFn: ({ signal }) => getOverviewOnboarding(signal),
    }),
  );
export const useOverviewActivity = () =>
  useQuery(
    queryOptions({ queryKey: overviewKeys.activity(), queryFn: ({ signal }) => getOverviewActivity(signal) }),
  );
