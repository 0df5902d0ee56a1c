import { Alert, Loader, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { PRICE_PATTERN, repricingInputSchema, type Opportunity } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { plural } from '../../../lib/format';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { useReprice, useRepricingPreview } from '../api/repricing';

/** A price the preview can be asked for: a decimal with up to 6 places, more than zero. */
const readable = (value: string) => {
  const price = value.trim();
  return PRICE_PATTERN.test(price) && /[1-9]/.test(price) ? price : null;
};

/**
 * Re-price a live round (issue 18, decision 021): a new share price and the reason, with what it does to
 * each investment (whole shares at the new price, the amount their cost) before anything changes. The
 * server refuses what cannot be re-priced; its reasons show on the price.
 */
export function RepriceDialog({
  opportunity,
  opened,
  onClose,
}: {
  opportunity: Opportunity;
  opened: boolean;
  onClose: () => void;
}) {
  const reprice = useReprice();
  const form = useForm({
    initialValues: { share_price: '', reason: '' },
    validate: zodResolver(repricingInputSchema),
  });
  const [price] = useDebouncedValue(readable(form.getValues().share_price), 300);
  const preview = useRepricingPreview(opportunity.id, opened ? price : null);
  const money = (value: string | null) => formatMoney(value, opportunity.currency);
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    submit: (values) => reprice.mutateAsync({ id: opportunity.id, input: values }),
    onSuccess: (made) => {
      notifications.show({
        color: 'success',
        title: 'Re-priced',
        message: `${opportunity.name} is now ${formatPrice(made.new_price, opportunity.currency)} a share; ${plural(made.investments.length, 'investment')} recomputed and each investor told.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  const plan = price !== null ? preview.data : undefined;
  const problems = plan?.problems ?? [];
  // an investment's own problem shows on its row; the others above the table
  const general = problems.filter((problem) => !plan?.investments.some((line) => line.problem === problem));
  const count = plan?.investments.length ?? 0;

  return (
    <FormModal opened={opened} onClose={close} title={`Re-price ${opportunity.name}`} size="standard">
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel={count > 0 ? `Re-price ${plural(count, 'investment')}` : 'Re-price'}
        submitDisabled={price === null || preview.isFetching || problems.length > 0}
        onCancel={() => close()}
        danger
      >
        <Text size="sm">
          The share price is {formatPrice(opportunity.share_price, opportunity.currency)}. Every reserved,
          called or paid investment is recomputed at the new price as an investor’s is: the whole shares its
          amount buys, and the amount becomes what those shares cost, never more than before. Each investor is
          told by notification and email.
        </Text>
        <TextInput
          label="New share price"
          required
          inputMode="decimal"
          description="Up to 6 decimals."
          data-autofocus
          {...form.getInputProps('share_price')}
        />
        <Textarea
          label="Reason"
          required
          description="Kept with the re-pricing and sent to each investor."
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('reason')}
        />
        {price !== null && preview.isLoading && (
          <Stack align="center" py="sm">
            <Loader size="sm" aria-label="Working out the new figures" />
          </Stack>
        )}
        {preview.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
            The new figures could not be worked out; check the price and try again.
          </Alert>
        )}
        {general.length > 0 && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="This re-pricing cannot be made"
          >
            <Stack gap={4}>
              {general.map((problem) => (
                <Text key={problem} size="sm">
                  {problem}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {plan && general.length === 0 && problems.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
            This re-pricing cannot be made: see the investments marked below.
          </Alert>
        )}
        {plan && (
          <Stack gap="xs">
            {count === 0 ? (
              <Text size="sm" c="dimmed">
                No investment holds money in this round: only the price changes.
              </Text>
            ) : (
              <>
                <Text size="sm">
                  Committed: {money(plan.committed_before)} now, {money(plan.committed_after)} at{' '}
                  {formatPrice(plan.new_price, opportunity.currency)} a share.
                </Text>
                <Table.ScrollContainer minWidth={560}>
                  <Table striped aria-label="Each investment at the new price">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Investor</Table.Th>
                        <Table.Th ta="right">Shares now</Table.Th>
                        <Table.Th ta="right">Amount now</Table.Th>
                        <Table.Th ta="right">Shares after</Table.Th>
                        <Table.Th ta="right">Amount after</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {plan.investments.map((line) => (
                        <Table.Tr key={line.investment_id}>
                          <Table.Td>
                            {line.investor.name}
                            {line.problem && (
                              <Text size="xs" c="red">
                                {line.problem}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{formatShares(line.shares_before)}</Table.Td>
                          <Table.Td ta="right">{money(line.amount_before)}</Table.Td>
                          <Table.Td ta="right">{formatShares(line.shares_after)}</Table.Td>
                          <Table.Td ta="right">{money(line.amount_after)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </>
            )}
          </Stack>
        )}
      </ModalForm>
    </FormModal>
  );
}
