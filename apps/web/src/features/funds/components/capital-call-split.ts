import {
  compareDecimal,
  capitalCallTotal,
  isZeroDecimal,
  MONEY_PATTERN,
  PERCENT_PATTERN,
  splitCapitalCall,
  sumDecimals,
  type FundCommitment,
} from '@portico/contracts';

export type CallMode = 'percent' | 'amount';

export interface CallPreviewLine {
  investment_id: number;
  investor: FundCommitment['investor'];
  amount: string;
}

/** What a call would draw, as the server splits it (decision 024), or why it cannot be worked out yet. */
export type CallPreview =
  | { ok: true; total: string; lines: CallPreviewLine[] }
  | { ok: false; reason: 'empty' | 'invalid' | 'zero' | 'too-much'; uncalled: string };

/**
 * A percentage of every commitment is that share of the total committed, rounded half up to the penny;
 * an amount is itself. The total is split exactly by commitment (weights), never past what each has
 * left uncalled (caps), the lines in investment order. Decimal strings throughout: no floats.
 */
export function previewCapitalCall(
  commitments: readonly FundCommitment[],
  mode: CallMode,
  value: string,
): CallPreview {
  const given = value.trim();
  const uncalled = sumDecimals(commitments.map((commitment) => commitment.uncalled));
  if (given === '') return { ok: false, reason: 'empty', uncalled };
  if (!(mode === 'percent' ? PERCENT_PATTERN : MONEY_PATTERN).test(given))
    return { ok: false, reason: 'invalid', uncalled };
  const committed = sumDecimals(commitments.map((commitment) => commitment.committed));
  const total = mode === 'percent' ? capitalCallTotal(committed, given) : sumDecimals([given]);
  if (isZeroDecimal(total)) return { ok: false, reason: 'zero', uncalled };
  if (compareDecimal(total, uncalled) > 0) return { ok: false, reason: 'too-much', uncalled };
  const ordered = [...commitments].sort((a, b) => a.investment_id - b.investment_id);
  try {
    const split = splitCapitalCall(
      total,
      ordered.map((commitment) => ({
        key: commitment,
        committed: commitment.committed,
        uncalled: commitment.uncalled,
      })),
    );
    return {
      ok: true,
      total,
      lines: split.map(({ key, amount }) => ({
        investment_id: key.investment_id,
        investor: key.investor,
        amount,
      })),
    };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, reason: 'too-much', uncalled };
    throw error;
  }
}
