import { Stack, Text } from '@mantine/core';
import type { WipAmount } from '@portico/contracts';
import { formatMoney } from '../../../lib/money';

/** Amounts in several currencies, one line each: never added together. */
export function Amounts({ amounts, empty = '—' }: { amounts: WipAmount[]; empty?: string }) {
  if (amounts.length === 0) return <>{empty}</>;
  if (amounts.length === 1) return <>{formatMoney(amounts[0]?.amount, amounts[0]?.currency)}</>;
  return (
    <Stack gap={0} align="flex-end">
      {amounts.map((line) => (
        <Text key={line.currency} size="sm" inherit>
          {formatMoney(line.amount, line.currency)}
        </Text>
      ))}
    </Stack>
  );
}

/** The amount of a list in one currency ('0.00' when it has none). */
export const amountIn = (amounts: WipAmount[], currency: string) =>
  amounts.find((line) => line.currency === currency)?.amount ?? '0.00';

/** The currencies of several lists, in order. */
export const currenciesOf = (...lists: WipAmount[][]) =>
  [...new Set(lists.flatMap((list) => list.map((line) => line.currency)))].sort();
