import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Opportunity } from '@portico/contracts';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { Paragraphs } from '../../../components/text/paragraphs';
import { isApiError } from '../../../lib/api-error';
import { useTerminology } from '../../../lib/terminology';
import { MODAL_SIZES } from '../../../theme/theme';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { useReserveAllocation } from '../api/investing-mutations';
import type { Investing } from '../api/investing-schemas';
import { RaiseFacts, type RaiseFact } from '../../opportunity-view/raise-facts';
import { belowMinimumAfterRounding, figuresFor, moneyOf } from '../components/amount-figures';
import { chosenHolding, holdingInput, holdingLabel, holdingParam } from '../components/holding';
import { newIdempotencyKey } from '../components/idempotency-key';
import { StepFrame } from '../components/step-frame';
import { TermsDocuments } from '../components/terms-documents';

const FIELDS = ['amount', 'terms_accepted'] as const;
type Field = (typeof FIELDS)[number];

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" component="div">
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={700} ta="right" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The invest step's facts: the opportunity page's, in its words and format (closing date aside). */
const INVEST_FACTS = [
  'target_amount',
  'maximum_amount',
  'minimum_investment',
  'remaining_amount',
  'share_price',
] as const satisfies readonly RaiseFact[];

function AmountForm({
  slug,
  opportunity,
  investing,
}: {
  slug: string;
  opportunity: Opportunity;
  investing: Investing;
}) {
  const terms = useTerminology();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reserve = useReserveAllocation();
  const holding = chosenHolding(investing.holding_options, params.get('holding'));
  const currency = opportunity.currency;
  const {
    share_price: sharePrice,
    minimum_investment: minimum,
    remaining_amount: remaining,
  } = investing.opportunity;

  // Prefilled when a pre-emption holder comes to reserve the amount they chose.
  const [amountText, setAmountText] = useState(() => params.get('amount') ?? '');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // One key per confirmation: a retry after a lost answer sends it again, so it never reserves twice.
  const idempotencyKey = useRef<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const amount = moneyOf(amountText);
  const figures = figuresFor(amount, sharePrice);
  // Whole shares can cost less than the minimum though the amount typed was not: said before confirming.
  const short = belowMinimumAfterRounding(amount, figures, minimum, currency);

  const review = () => {
    const found: Partial<Record<Field, string>> = {};
    if (amountText.trim() === '') found.amount = 'Please enter the amount you would like to invest.';
    else if (amount === null)
      found.amount = 'Please enter an amount in pounds and pence, for example 5000 or 5000.50.';
    else if (figures && figures.shares === '0')
      found.amount = `That does not buy a whole share: one share costs ${formatPrice(sharePrice, currency)}.`;
    else if (short) found.amount = short;
    if (investing.terms_required && !termsAccepted)
      found.terms_accepted = 'Please confirm that you accept the investment terms.';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      if (found.amount) amountRef.current?.focus();
      return;
    }
    idempotencyKey.current = newIdempotencyKey();
    setConfirmError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    if (reserve.isPending || amount === null || !holding || idempotencyKey.current === null) return;
    setConfirmError(null);
    try {
      const created = await reserve.mutateAsync({
        idempotencyKey: idempotencyKey.current,
        input: {
          opportunity_id: investing.opportunity.id,
          amount,
          holding: holdingInput(holding),
          ...(investing.terms_required ? { terms_accepted: termsAccepted } : {}),
        },
      });
      setConfirming(false);
      void navigate(`/investor/investments?reserved=${created.id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        // Refused: nothing was stored. The reasons go on the fields; a new confirmation gets a new key.
        const failure = submitFailure(error, FIELDS);
        setErrors(failure.fieldErrors);
        setFormError(failure.formError);
        setConfirming(false);
        if (failure.fieldErrors.amount) window.setTimeout(() => amountRef.current?.focus(), 0);
        return;
      }
      // No answer, or a server error: the same key is sent again on "Try again".
      setConfirmError(
        isApiError(error) && !error.unanswered
          ? error.message
          : 'We could not reach the server. Please try again: you will not be charged twice.',
      );
    }
  };

  const hint = [
    minimum ? `Minimum ${formatMoney(minimum, currency)}` : null,
    remaining ? `up to ${formatMoney(remaining, currency)} remaining` : null,
    sharePrice ? `whole shares at ${formatPrice(sharePrice, currency)} each` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <RaiseFacts
              figures={{
                target_amount: opportunity.target_amount,
                maximum_amount: investing.opportunity.maximum_amount,
                minimum_investment: minimum,
                remaining_amount: remaining,
                share_price: sharePrice,
              }}
              currency={currency}
              only={INVEST_FACTS}
            />
            <TextInput
              ref={amountRef}
              label="Amount to invest"
              description={hint}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              leftSection={<Text size="sm">{formatMoney('0', currency).replace(/0$/, '').trim()}</Text>}
              value={amountText}
              onChange={(event) => {
                setAmountText(event.currentTarget.value);
                if (errors.amount) setErrors(({ amount: _dropped, ...rest }) => rest);
              }}
              error={errors.amount}
              withAsterisk
              size="md"
            />
            <Text size="sm" aria-live="polite" role="status" mih={22} c={short ? 'danger.8' : undefined}>
              {short ??
                (figures && figures.shares !== '0'
                  ? `${formatShares(figures.shares)} shares at ${formatPrice(sharePrice, currency)}: ${formatMoney(figures.cost, currency)}${figures.roundedDown ? ' (rounded down to whole shares)' : ''}.`
                  : '')}
            </Text>
          </Stack>
        </Paper>

        {investing.terms_required && (
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="investment-terms"
          >
            <Stack gap="sm">
              <Title order={2} fz="lg" id="investment-terms">
                Investment terms
              </Title>
              {investing.opportunity.investment_terms && (
                <ScrollArea.Autosize
                  mah={260}
                  type="auto"
                  offsetScrollbars
                  tabIndex={0}
                  aria-label="Investment terms text"
                >
                  <Paragraphs text={investing.opportunity.investment_terms} />
                </ScrollArea.Autosize>
              )}
              <TermsDocuments opportunity={opportunity} termsText={investing.opportunity.investment_terms} />
              <Checkbox
                label="I have read and accept the investment terms"
                checked={termsAccepted}
                onChange={(event) => {
                  setTermsAccepted(event.currentTarget.checked);
                  if (errors.terms_accepted) setErrors(({ terms_accepted: _dropped, ...rest }) => rest);
                }}
                error={errors.terms_accepted}
              />
            </Stack>
          </Paper>
        )}

        <FormError message={formError} />
        <Group justify="space-between">
          <Button
            component={Link}
            to={`/investor/investments/${slug}/investor-type?${new URLSearchParams({ holding: holding ? holdingParam(holding) : 'self' }).toString()}`}
            variant="default"
          >
            Back
          </Button>
          <Button type="submit">Review</Button>
        </Group>
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => {
          if (!reserve.isPending) setConfirming(false);
        }}
        title="Confirm your investment"
        size={MODAL_SIZES.confirmation}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Stack gap="xs" component="dl" m={0}>
            <SummaryRow label="Opportunity" value={opportunity.name} />
            <SummaryRow label="Company" value={opportunity.company_name} />
            {holding && <SummaryRow label="Held" value={holdingLabel(holding)} />}
            {figures && <SummaryRow label="Shares" value={formatShares(figures.shares)} />}
            {sharePrice && <SummaryRow label="Share price" value={formatPrice(sharePrice, currency)} />}
            <SummaryRow label="Amount" value={formatMoney(figures?.cost ?? amount, currency)} />
          </Stack>
          {figures?.roundedDown && (
            <Text size="sm" c="dimmed">
              Shares are issued whole, so {formatMoney(amount, currency)} is rounded down to{' '}
              {formatMoney(figures.cost, currency)}.
            </Text>
          )}
          <Text size="sm">
            Reserving an allocation commits you to invest this amount. We will send you a cash call with the
            payment details.
          </Text>
          <FormError message={confirmError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={reserve.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={reserve.isPending}>
              {confirmError ? 'Try again' : terms.reserve_allocation}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

/** /investor/investments/{slug}/invest: the amount, the terms, a final confirmation (step 2 of 2). */
export function InvestPage() {
  return (
    <StepFrame step={2} title="How much would you like to invest?">
      {(loaded) => <AmountForm {...loaded} />}
    </StepFrame>
  );
}
