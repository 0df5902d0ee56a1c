import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Figure } from '../../../components/records/figure';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  PRE_EMPTION_CHOICES,
  PRE_EMPTION_LABELS,
  type PreEmptionChoice,
  type PreEmptionHolder,
} from '@portico/contracts';
import { can, opportunityResource } from '@portico/contracts/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatMoney, formatShares } from '../../../lib/money';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useOpportunity } from '../../opportunities/api/get-opportunity';
import {
  useExistingInvestments,
  useOpenPreEmption,
  usePreEmptionRound,
  useRecordPreEmption,
} from '../api/pre-emption';
import { PreEmptionChoiceBadge } from '../components/pre-emption-choice-badge';

const TAKES_AMOUNT: readonly number[] = [2, 3, 6];

/**
 * /admin/investments/opportunities/{id}/pre-emption (decisions 015 and 020): a new round's holders of the
 * existing investment with their shares, their percentage of the shares carrying pre-emption, entitlement
 * and choice; staff record a choice. Holders off the platform are listed with their entitlements (offered
 * off the platform). An opportunity that is no round yet offers to make it one.
 */
export function OpportunityPreEmptionPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const { data: opportunity } = useOpportunity(id);
  const round = usePreEmptionRound(id);
  const [recording, setRecording] = useState<PreEmptionHolder>();
  if (!opportunity) return null;
  const mayUpdate = can(user.role_id, opportunityResource(opportunity.stage), 'update');
  const currency = opportunity.currency;

  if (round.isPending) return <Skeleton h={240} radius="md" aria-label="Loading" />;
  if (round.isError)
    return (
      <Alert color="danger" variant="light" role="alert" title="Pre-emption could not be loaded">
        <Button size="compact-sm" variant="light" onClick={() => void round.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (round.data === null) return <OpenPreEmption opportunityId={id} mayUpdate={mayUpdate} />;

  const data = round.data;
  return (
    <Stack gap="lg">
      <RecordSection
        title="Pre-emption"
        description={
          <>
            A new round of{' '}
            <Anchor
              component={Link}
              to={`/admin/investments/existing/${data.existing_investment.id}/details`}
            >
              {data.existing_investment.name}
            </Anchor>
            {data.opens_on ? `; the offer opens on ${formatDate(data.opens_on)}` : ''}
            {data.ends_on
              ? `; the window ends on ${formatDate(data.ends_on)} and what holders have not taken is then released to the round`
              : '; entitlements are held while the round is live'}
            {data.open ? '.' : ' (closed).'}
          </>
        }
      >
        <Text size="sm">
          Each holder may keep their percentage of the company (Companies Act 2006 s.561): their entitlement
          is the round’s maximum × their shares ÷ all {formatShares(data.totals.pre_emptive_shares)} issued
          shares of the classes that carry pre-emption, on and off the platform, in whole shares at the
          round’s price, rounded down.
        </Text>
        {mayUpdate && (
          <OfferPeriod
            opportunityId={id}
            existingId={data.existing_investment.id}
            opensOn={data.opens_on}
            endsOn={data.ends_on}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <Figure label="Platform holders" value={String(data.holders.length)} />
          <Figure label="Their entitlements" value={formatMoney(data.totals.entitlement, currency)} />
          <Figure label="Held for holders now" value={formatMoney(data.totals.outstanding, currency)} />
          <Figure
            label="Offered off the platform"
            value={formatMoney(data.totals.off_platform_entitlement, currency)}
          />
        </SimpleGrid>
        {data.holders.length === 0 ? (
          <Text c="dimmed">The existing investment has no holders yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover aria-label="Holders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Holder</Table.Th>
                  <Table.Th ta="right">Shares held</Table.Th>
                  <Table.Th ta="right">% of pre-emptive shares</Table.Th>
                  <Table.Th ta="right">Entitlement (shares)</Table.Th>
                  <Table.Th ta="right">Entitlement</Table.Th>
                  <Table.Th>Choice</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Reserved</Table.Th>
                  <Table.Th>Decided</Table.Th>
                  {mayUpdate && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.holders.map((holder) => (
                  <Table.Tr key={holder.user.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/investors/${holder.user.id}/details`}>
                        {holder.user.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatShares(holder.shares)}</Table.Td>
                    <Table.Td ta="right">{holder.percent}%</Table.Td>
                    <Table.Td ta="right">
                      {holder.entitlement_shares ? formatShares(holder.entitlement_shares) : '—'}
                    </Table.Td>
                    <Table.Td ta="right">
                      {holder.entitlement ? formatMoney(holder.entitlement, currency) : '—'}
                    </Table.Td>
                    <Table.Td>
                      <PreEmptionChoiceBadge choice={holder.choice} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {holder.amount ? formatMoney(holder.amount, currency) : '—'}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(holder.committed, currency)}</Table.Td>
                    <Table.Td>
                      {holder.decided_at
                        ? `${formatDateTime(holder.decided_at)}${holder.decided_by ? ` by ${holder.decided_by.name}` : ''}`
                        : '—'}
                    </Table.Td>
                    {mayUpdate && (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setRecording(holder)}
                          aria-label={`Record ${holder.user.name}’s choice`}
                        >
                          Record choice
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </RecordSection>
      {data.off_platform.length > 0 && (
        <RecordSection
          title="Holders off the platform"
          description="Their entitlements are offered by the company off the platform (the cap table lists them); they are not held in this round."
        >
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label="Holders off the platform">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Holder</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Class</Table.Th>
                  <Table.Th ta="right">Shares held</Table.Th>
                  <Table.Th ta="right">% of pre-emptive shares</Table.Th>
                  <Table.Th ta="right">Entitlement (shares)</Table.Th>
                  <Table.Th ta="right">Entitlement</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.off_platform.map((holder) => (
                  <Table.Tr key={holder.id}>
                    <Table.Td>{holder.name}</Table.Td>
                    <Table.Td>{holder.kind_label}</Table.Td>
                    <Table.Td>{holder.share_class}</Table.Td>
                    <Table.Td ta="right">{formatShares(holder.shares)}</Table.Td>
                    <Table.Td ta="right">{holder.percent}%</Table.Td>
                    <Table.Td ta="right">
                      {holder.entitlement_shares ? formatShares(holder.entitlement_shares) : '—'}
                    </Table.Td>
                    <Table.Td ta="right">
                      {holder.entitlement ? formatMoney(holder.entitlement, currency) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </RecordSection>
      )}
      <FormModal
        opened={recording !== undefined}
        onClose={() => setRecording(undefined)}
        title={recording ? `${recording.user.name}’s pre-emption choice` : ''}
      >
        {recording && (
          <ChoiceForm
            key={recording.user.id}
            opportunityId={id}
            currency={currency}
            holder={recording}
            onClose={() => setRecording(undefined)}
          />
        )}
      </FormModal>
    </Stack>
  );
}

/** The offer period of a round: holders choose from its first day to its last (staff move it). */
function OfferPeriod({
  opportunityId,
  existingId,
  opensOn,
  endsOn,
}: {
  opportunityId: number;
  existingId: number;
  opensOn: string | null;
  endsOn: string | null;
}) {
  const open = useOpenPreEmption(opportunityId);
  const form = useForm({ initialValues: { opens_on: opensOn ?? '', ends_on: endsOn ?? '' } });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['opens_on', 'ends_on'],
    submit: (values) =>
      open.mutateAsync({
        existing_investment_id: existingId,
        opens_on: values.opens_on || null,
        ends_on: values.ends_on || null,
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Offer period saved',
        message: 'Holders see the new dates.',
      });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Offer period">
      <Group align="flex-end" gap="sm">
        <TextInput label="Offer opens on" type="date" {...form.getInputProps('opens_on')} />
        <TextInput
          label="Window ends on"
          type="date"
          description="Empty: while the round is live."
          {...form.getInputProps('ends_on')}
        />
        <Button type="submit" variant="light" loading={submitting}>
          Save offer period
        </Button>
      </Group>
      <FormError message={formError} />
    </form>
  );
}

/** Staff record a holder's choice (any of the six codes). */
function ChoiceForm({
  opportunityId,
  currency,
  holder,
  onClose,
}: {
  opportunityId: number;
  currency: string;
  holder: PreEmptionHolder;
  onClose: () => void;
}) {
  const record = useRecordPreEmption(opportunityId);
  const form = useForm({ initialValues: { choice: String(holder.choice), amount: holder.amount ?? '' } });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    fields: ['choice', 'amount'],
    submit: (values) =>
      record.mutateAsync({
        userId: holder.user.id,
        input: {
          choice: Number(values.choice) as PreEmptionChoice,
          ...(TAKES_AMOUNT.includes(Number(values.choice)) && values.amount ? { amount: values.amount } : {}),
        },
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Choice recorded',
        message: `${holder.user.name}: ${PRE_EMPTION_LABELS[Number(form.values.choice) as PreEmptionChoice]}.`,
      });
      onClose();
    },
  });
  const chosen = Number(form.values.choice);
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record choice"
      onCancel={onClose}
    >
      <Text size="sm">
        Entitlement: {holder.entitlement ? formatMoney(holder.entitlement, currency) : 'none'}.
      </Text>
      <Select
        label="Choice"
        data={PRE_EMPTION_CHOICES.map((code) => ({
          value: String(code),
          label: PRE_EMPTION_LABELS[code],
        }))}
        allowDeselect={false}
        data-autofocus
        {...form.getInputProps('choice')}
      />
      {TAKES_AMOUNT.includes(chosen) && (
        <TextInput
          label="Amount"
          description={
            chosen === 2
              ? 'Leave empty for the entitlement.'
              : chosen === 3
                ? 'More than the entitlement.'
                : 'Less than the entitlement.'
          }
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
      )}
    </ModalForm>
  );
}

/** An opportunity that is not a round yet: staff choose the existing investment it raises for. */
function OpenPreEmption({ opportunityId, mayUpdate }: { opportunityId: number; mayUpdate: boolean }) {
  const existing = useExistingInvestments(mayUpdate);
  const open = useOpenPreEmption(opportunityId);
  const form = useForm({ initialValues: { existing_investment_id: '', opens_on: '', ends_on: '' } });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) =>
      open.mutateAsync({
        existing_investment_id: Number(values.existing_investment_id),
        ...(values.opens_on ? { opens_on: values.opens_on } : {}),
        ...(values.ends_on ? { ends_on: values.ends_on } : {}),
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Pre-emption opened',
        message: 'Every holder has a choice.',
      });
    },
  });
  return (
    <RecordSection
      title="Pre-emption"
      description="When this opportunity is a new round of an existing investment, its holders may keep their share."
    >
      {!mayUpdate ? (
        <Text c="dimmed">This opportunity is not a new round of an existing investment.</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack maw={480}>
            <Select
              label="Raises for the existing investment"
              placeholder={existing.isPending ? 'Loading…' : 'Choose an existing investment'}
              data={(existing.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
              searchable
              withAsterisk
              {...form.getInputProps('existing_investment_id')}
            />
            <TextInput
              label="Offer opens on"
              type="date"
              description="Holders choose from this day; leave empty for today."
              {...form.getInputProps('opens_on')}
            />
            <TextInput
              label="Pre-emption window ends on"
              description="YYYY-MM-DD; leave empty to hold entitlements while the round is live."
              placeholder="2026-12-31"
              {...form.getInputProps('ends_on')}
            />
            <FormError message={formError} />
            <Group>
              <Button type="submit" loading={submitting}>
                Open pre-emption
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </RecordSection>
  );
}
