import type { Clock } from '../../platform/time';

/**
 * The London date on which an investor must hold a valid promotion exemption to be offered live opportunities
 * (decision 032): today while financial_promotion_exceptions_enabled is on, null (no gate) while it is off.
 * visibleToInvestor takes it; list, show and invest all pass it.
 */
export const promotionDateOf = (featureOn: boolean, clock: Pick<Clock, 'today'>): string | null =>
  featureOn ? clock.today() : null;
