import {
  compareDecimal,
  costOfShares,
  PRE_EMPTION_CHOICE,
  proRataShares,
  subtractDecimal,
  sumDecimals,
} from '@portico/contracts';

/** A round's terms that fix the entitlements: its maximum and its share price. */
export interface RoundTerms {
  maximum_amount: string | null;
  share_price: string | null;
}

/** A holder's pro-rata entitlement: whole shares at the round's price (rounded down), and their cost. */
export function entitlementOf(
  held: string,
  totalHeld: string,
  round: RoundTerms,
): { shares: string; amount: string } | null {
  if (round.maximum_amount === null || round.share_price === null) return null;
  const shares = proRataShares(held, totalHeld, round.maximum_amount, round.share_price);
  return { shares, amount: costOfShares(shares, round.share_price) };
}

/**
 * What a holder's choice keeps for them in the round while the window is open: the entitlement while
 * awaiting, maintaining or increasing (the part of an increase above it competes with everyone), the
 * amount of a decrease, nothing for don't take and not applicable. Measured against the entitlement as
 * it is now: when staff change the round's maximum or share price after a choice, a stored amount is
 * never held beyond it.
 */
export function claimOf(choice: number, amount: string | null, entitlement: string | null): string {
  if (entitlement === null) return '0.00';
  switch (choice) {
    case PRE_EMPTION_CHOICE.AWAITING:
    case PRE_EMPTION_CHOICE.MAINTAIN:
    case PRE_EMPTION_CHOICE.INCREASE:
      return entitlement;
    case PRE_EMPTION_CHOICE.DECREASE:
      return amount !== null && compareDecimal(amount, entitlement) < 0 ? amount : entitlement;
    default:
      return '0.00';
  }
}

/** The part of a claim the holder has not yet reserved (never below nothing). */
export function outstandingOf(claim: string, committed: string): string {
  const left = subtractDecimal(claim, committed);
  return left.startsWith('-') ? '0.00' : left;
}

/** The sum of the outstanding claims. */
export const totalOutstanding = (claims: ReadonlyArray<{ outstanding: string }>) =>
  sumDecimals(claims.map((claim) => claim.outstanding));

/**
 * True while holders' entitlements are held: the round names an existing investment, is a draft or live
 * (a closed, completed or matured round holds nothing any more) and the window has not ended.
 */
export function windowOpen(
  round: { status: number; pre_emption_of_id: number | null; pre_emption_ends_on: string | null },
  today: string,
) {
  return (
    round.pre_emption_of_id !== null &&
    round.status >= 1 &&
    round.status <= 3 &&
    (round.pre_emption_ends_on === null || round.pre_emption_ends_on >= today)
  );
}

/**
 * Whether an amount chosen fits the choice (decision 015), as a message on `amount`, or null when it
 * does: maintain is the entitlement exactly, increase more than it, decrease more than nothing and less.
 */
export function amountProblem(
  choice: number,
  amount: string | null,
  entitlement: string | null,
  money: (value: string) => string,
): string | null {
  const needsAmount =
    choice === PRE_EMPTION_CHOICE.MAINTAIN ||
    choice === PRE_EMPTION_CHOICE.INCREASE ||
    choice === PRE_EMPTION_CHOICE.DECREASE;
  if (!needsAmount) return amount === null ? null : 'Only Maintain, Increase and Decrease take an amount.';
  if (entitlement === null || compareDecimal(entitlement, '0') === 0)
    return 'This holding has no entitlement in the round (it needs a maximum and a share price, and shares held).';
  if (amount === null) return 'Enter the amount to take up.';
  const order = compareDecimal(amount, entitlement);
  if (choice === PRE_EMPTION_CHOICE.MAINTAIN && order !== 0)
    return `To maintain, take up exactly the entitlement of ${money(entitlement)}.`;
  if (choice === PRE_EMPTION_CHOICE.INCREASE && order <= 0)
    return `To increase, ask for more than the entitlement of ${money(entitlement)}.`;
  if (choice === PRE_EMPTION_CHOICE.DECREASE && order >= 0)
    return `To decrease, take up less than the entitlement of ${money(entitlement)}.`;
  return null;
}
