import { CATEGORY_TERMS, type InvestorCategory, type Terminology } from '@portico/contracts';

/** The four retail statements an investor signs in the portal (DOMAIN.md), in the order they are offered. */
export const RETAIL_CATEGORIES = ['restricted', 'high_net_worth', 'sophisticated', 'self_certified'] as const;
export type RetailCategory = (typeof RETAIL_CATEGORIES)[number];

/** What each statement asks of the investor, in a line, beside the choice. */
export const CATEGORY_SUMMARIES: Record<RetailCategory, string> = {
  restricted:
    'In the last twelve months and the next, no more than 10% of your net assets in high-risk investments.',
  high_net_worth:
    'An annual income of £100,000 or more, or net assets of £250,000 or more, last financial year.',
  sophisticated:
    'A written certificate from an FCA-authorised firm, signed in the last three years, that you understand the risks.',
  self_certified:
    'An angel network member for six months, more than one unlisted investment, private equity work, or a director of a £1 million company.',
};

/** A category in the deployment's words ("Certified high net worth investor"). */
export const categoryName = (terminology: Terminology, category: InvestorCategory) =>
  terminology[CATEGORY_TERMS[category]];

/** A categorisation is confirmed again from this many days before it expires. */
export const REMINDER_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whether a categorisation expiring then is within the reminder window (and not yet expired). */
export function isExpiringSoon(expiresAt: string, now: number = Date.now()): boolean {
  const left = new Date(expiresAt).getTime() - now;
  return left > 0 && left <= REMINDER_DAYS * DAY_MS;
}
