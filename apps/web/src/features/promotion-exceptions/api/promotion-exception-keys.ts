import { recordKeys } from '../../../lib/records/record-keys';

/** Query keys: an investor's exemptions hang off their record tree (the activity refreshes with them). */
export const promotionExceptionKeys = {
  ofInvestor: (id: number) =>
    [...recordKeys.record({ type: 'investor', id }), 'promotion-exceptions'] as const,
  mine: ['profile', 'promotion-exemption'] as const,
  defaultAssociates: ['settings', 'default-investor-associates'] as const,
};

/** Today in London (YYYY-MM-DD): the business date the server reads exemptions by. */
export function londonToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
