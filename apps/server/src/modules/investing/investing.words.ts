// The sentences of the investing API: what the investor is told (money through platform/money.ts).

const dateTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "10:15 on 27 November 2026 (UTC)" */
export function formatMoment(date: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute} on ${parts.day} ${parts.month} ${parts.year} (UTC)`;
}

/** The personalised risk warning of COBS 4.12A, as the FCA's template words it. */
export const riskWarningText = (firstName: string) =>
  `${firstName}, this is a high-risk investment. How would you feel if you lost the money you're about to invest? Take 2 min to learn more.`;

export const OPPORTUNITY_NOT_OPEN = 'This opportunity is not open to you.';
export const OPPORTUNITY_CLOSED = 'This opportunity is no longer taking commitments.';
export const WITHDRAWN_BY_INVESTOR = 'Withdrawn by the investor';
export const KEY_USED =
  'This Idempotency-Key was already used for a different investment: send a new key for a new investment.';
