import { Alert, List, Loader, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCompletionPreview } from '../api/completion-preview';

interface CompletionDetailsProps {
  id: number;
  /** the allotment date chosen (YYYY-MM-DD), '' for today */
  allottedOn: string;
  onAllottedOnChange: (value: string) => void;
  /** the server's refusal of the date, shown on the field */
  dateError?: string;
}

/**
 * In the confirmation before a round is completed (issue 18): what will be allotted, the allotment date
 * (today by default, not in the future, not before the last payment), and a warning naming each cancelled
 * investment whose money was not refunded: completing leaves that money where it is.
 */
export function CompletionDetails({ id, allottedOn, onAllottedOnChange, dateError }: CompletionDetailsProps) {
  const { data, isPending, isError } = useCompletionPreview(id, true);
  if (isPending)
    return (
      <Text size="sm" c="dimmed" role="status">
        <Loader size="xs" mr="xs" aria-hidden />
        Checking the round’s money…
      </Text>
    );
  if (isError || !data)
    return (
      <Text size="sm" c="dimmed">
        What completion will allot could not be loaded; the server still checks every rule.
      </Text>
    );
  const money = (value: string) => formatMoney(value, data.currency);
  return (
    <>
      <Text size="sm">
        {data.paid_count === 0
          ? 'No paid investment will be allotted.'
          : `${plural(data.paid_count, 'paid investment')} (${money(data.paid_amount)}) will be allotted shares.`}
      </Text>
      <TextInput
        label="Allotment date"
        type="date"
        value={allottedOn || data.today}
        max={data.today}
        min={data.earliest_allotted_on ?? undefined}
        description={
          data.earliest_allotted_on
            ? `Today unless you choose another day: not in the future, nor before the last payment (${formatDate(data.earliest_allotted_on)}).`
            : 'Today unless you choose another day: not in the future.'
        }
        error={dateError}
        onChange={(event) => onAllottedOnChange(event.currentTarget.value)}
      />
      {data.unrefunded.length > 0 && (
        <Alert
          color="warning"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Cancelled investments still hold money"
          role="alert"
        >
          <Text size="sm">
            Completing does not refund them: refund each from its investment, before or after completing.
          </Text>
          <List size="sm" mt="xs" aria-label="Cancelled investments not refunded">
            {data.unrefunded.map((row) => (
              <List.Item key={row.investment_id}>
                {row.investor.name}: {money(row.received)} received of {money(row.amount)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
