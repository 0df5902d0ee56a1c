import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Figure } from '../../../components/records/figure';
import { notifications } from '@mantine/notifications';
import {
  compareDecimal,
  PRE_EMPTION_CHOICE,
  PRE_EMPTION_LABELS,
  subtractDecimal,
  type PreEmptionChoice,
  type ProfilePreEmption,
} from '@portico/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { submitFailure } from '../../../components/form/server-errors';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { formatDate } from '../../../lib/format';
import { useChoosePreEmption } from '../api/pre-emption';
import { moneyOf } from './amount-figures';
import { PreEmptionChoiceBadge } from '../../pre-emption/components/pre-emption-choice-badge';

/** What an investor may choose (Not applicable and Awaiting are staff's). */
const CHOICES = [
  {
    value: PRE_EMPTION_CHOICE.MAINTAIN,
    description: 'Take up exactly your pro-rata share, keeping your percentage.',
  },
  { value: PRE_EMPTION_CHOICE.INCREASE, description: 'Ask for more than your share.' },
  { value: PRE_EMPTION_CHOICE.DECREASE, description: 'Take up part of your share.' },
  { value: PRE_EMPTION_CHOICE.DONT_TAKE, description: 'Let others take your share.' },
] as const;
const TAKES_AMOUNT: readonly number[] = [PRE_EMPTION_CHOICE.INCREASE, PRE_EMPTION_CHOICE.DECREASE];
const RESERVES: readonly number[] = [
  PRE_EMPTION_CHOICE.MAINTAIN,
  PRE_EMPTION_CHOICE.INCREASE,
  PRE_EMPTION_CHOICE.DECREASE,
];

/**
 * "Your pre-emption right" on a round the investor holds (decision 015): their entitlement, their choice
 * and the form to make it; once they chose to take shares up, the way to reserve them (the amount filled in).
 */
export function PreEmptionPanel({ right }: { right: ProfilePreEmption }) {
  const currency = right.opportunity.currency;
  const choose = useChoosePreEmption(right.opportunity.id);
  const [choice, setChoice] = useState<string>(
    RESERVES.includes(right.choice) || right.choice === PRE_EMPTION_CHOICE.DONT_TAKE
      ? String(right.choice)
      : '',
  );
  const [amountText, setAmountText] = useState(
    right.amount && TAKES_AMOUNT.includes(right.choice) ? right.amount : '',
  );
  const [errors, setErrors] = useState<{ choice?: string; amount?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const chosen = Number(choice);
  const toReserve = right.amount ? subtractOrNull(right.amount, right.committed) : null;

  async function submit() {
    const found: { choice?: string; amount?: string } = {};
    if (!choice) found.choice = 'Choose what you would like to do.';
    const amount = TAKES_AMOUNT.includes(chosen) ? moneyOf(amountText) : null;
    if (TAKES_AMOUNT.includes(chosen) && amount === null)
      found.amount = 'Enter an amount in pounds and pence, for example 5000 or 5000.50.';
    setErrors(found);
    setFormError(null);
    if (found.choice || found.amount) return;
    try {
      await choose.mutateAsync({
        choice: chosen as PreEmptionChoice,
        ...(amount === null ? {} : { amount }),
      });
      notifications.show({
        color: 'success',
        title: 'Choice saved',
        message: `Your pre-emption choice in ${right.opportunity.name}: ${PRE_EMPTION_LABELS[chosen as PreEmptionChoice]}.`,
      });
    } catch (error) {
      const failure = submitFailure(error, ['choice', 'amount']);
      setErrors(failure.fieldErrors);
      setFormError(failure.formError);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} id="pre-emption">
      <Stack gap="md" component="section" aria-labelledby="pre-emption-title">
        <Group justify="space-between" align="center">
          <Title order={2} fz="xl" id="pre-emption-title">
            Your pre-emption right
          </Title>
          <PreEmptionChoiceBadge choice={right.choice} />
        </Group>
        <Text size="sm">
          As a shareholder of {right.existing_investment.name}, you may take up your share of this round
          before it is offered to others
          {right.ends_on ? `, until ${formatDate(right.ends_on)}` : ''}.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label="Shares you hold" value={formatShares(right.shares)} />
          <Figure
            label="Your entitlement"
            value={
              right.entitlement && right.entitlement_shares
                ? `${formatMoney(right.entitlement, currency)} (${formatShares(right.entitlement_shares)} shares)`
                : 'None'
            }
          />
          <Figure label="Share price" value={formatPrice(right.share_price, currency)} />
        </SimpleGrid>

        {!right.open ? (
          <Text c="dimmed" size="sm">
            The pre-emption window has closed.
          </Text>
        ) : right.choice === PRE_EMPTION_CHOICE.NOT_APPLICABLE ? (
          <Text c="dimmed" size="sm">
            Your holding has no pre-emption right in this round.
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              {formError && (
                <Alert color="danger" variant="light" role="alert">
                  {formError}
                </Alert>
              )}
              <Radio.Group
                value={choice}
                onChange={(value) => {
                  setChoice(value);
                  setErrors({});
                }}
                label="Your choice"
                error={errors.choice}
                withAsterisk
              >
                <Stack gap="xs" mt="xs">
                  {CHOICES.map((option) => (
                    <Radio
                      key={option.value}
                      value={String(option.value)}
                      label={PRE_EMPTION_LABELS[option.value]}
                      description={
                        option.value === PRE_EMPTION_CHOICE.MAINTAIN && right.entitlement
                          ? `${option.description} ${formatMoney(right.entitlement, currency)}.`
                          : option.description
                      }
                    />
                  ))}
                </Stack>
              </Radio.Group>
              {TAKES_AMOUNT.includes(chosen) && (
                <TextInput
                  label={
                    chosen === PRE_EMPTION_CHOICE.INCREASE ? 'Amount you would like' : 'Amount to take up'
                  }
                  description={
                    right.entitlement
                      ? `${chosen === PRE_EMPTION_CHOICE.INCREASE ? 'More' : 'Less'} than your entitlement of ${formatMoney(right.entitlement, currency)}.`
                      : undefined
                  }
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  value={amountText}
                  onChange={(event) => {
                    setAmountText(event.currentTarget.value);
                    if (errors.amount) setErrors(({ amount: _dropped, ...rest }) => rest);
                  }}
                  error={errors.amount}
                  withAsterisk
                />
              )}
              <Group>
                <Button type="submit" loading={choose.isPending}>
                  Save my choice
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {RESERVES.includes(right.choice) && toReserve && (
          <Group gap="sm">
            <Button
              component={Link}
              variant="light"
              to={`/investor/investments/${right.opportunity.slug}/investor-type?${new URLSearchParams({ amount: toReserve }).toString()}`}
            >
              Reserve {formatMoney(toReserve, currency)}
            </Button>
            <Text size="sm" c="dimmed">
              Your choice holds your entitlement for you; reserve it to commit.
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** What is still to reserve of the amount chosen, or null when nothing is. */
function subtractOrNull(amount: string, committed: string): string | null {
  const left = subtractDecimal(amount, committed);
  return left.startsWith('-') || compareDecimal(left, '0') === 0 ? null : left;
}
