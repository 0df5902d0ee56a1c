import {
  Badge,
  Button,
  DataList,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  can,
  SUBSCRIPTION_CURRENCIES,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  subscriptionInputSchema,
  type Subscription,
  type SubscriptionStatus,
} from '@portico/contracts';
import { useDisclosure } from '@mantine/hooks';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../../lib/session';
import { MODAL_SIZES } from '../../../theme/theme';
import { useInvestorSubscription, useSaveInvestorSubscription } from '../api/subscription';

interface MembershipValues extends Record<string, unknown> {
  plan_name: string;
  status: SubscriptionStatus | null;
  started_at: string;
  renews_at: string;
  amount: string;
  currency: string;
  notes: string;
}

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((value) => ({
  value,
  label: SUBSCRIPTION_STATUS_LABELS[value],
}));
const STATUS_COLOURS: Record<SubscriptionStatus, string> = {
  active: 'success',
  trial: 'primaryLighter',
  lapsed: 'yellow',
  cancelled: 'gray',
};
const validate = zodResolver(subscriptionInputSchema);
const today = () => new Date().toISOString().slice(0, 10);

function valuesOf(subscription: Subscription | null): MembershipValues {
  return {
    plan_name: subscription?.plan_name ?? '',
    status: subscription?.status ?? 'active',
    started_at: subscription?.started_at ?? today(),
    renews_at: subscription?.renews_at ?? '',
    amount: subscription?.amount ?? '',
    currency: subscription?.currency ?? 'GBP',
    notes: subscription?.notes ?? '',
  };
}

/** The PUT body: every field, an empty renewal, amount or note sent as "" (cleared). */
const payloadOf = (values: MembershipValues) => ({ ...values, status: values.status ?? undefined });

function formatAmount(amount: string | null, currency: string) {
  return amount === null ? 'Free' : formatMoney(amount, currency);
}

function MembershipForm({
  investorId,
  subscription,
  onClose,
}: {
  investorId: number;
  subscription: Subscription | null;
  onClose: () => void;
}) {
  const save = useSaveInvestorSubscription(investorId);
  const form = useForm<MembershipValues>({
    initialValues: valuesOf(subscription),
    validate: (values) => validate(payloadOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => save.mutateAsync(payloadOf(values) as Parameters<typeof save.mutateAsync>[0]),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: 'Membership saved',
        message: `${saved.plan_name}: ${SUBSCRIPTION_STATUS_LABELS[saved.status]}.`,
      });
      onClose();
    },
  });
  const currencies = [...new Set([...SUBSCRIPTION_CURRENCIES, form.getValues().currency])];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Membership">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Plan"
            required
            maxLength={120}
            data-autofocus
            {...form.getInputProps('plan_name')}
          />
          <Select
            label="Status"
            required
            data={STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('status')}
          />
          <TextInput label="Started" type="date" required {...form.getInputProps('started_at')} />
          <TextInput
            label="Renews"
            type="date"
            description="Leave empty when it does not renew."
            {...form.getInputProps('renews_at')}
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            placeholder="120.00"
            description="Per renewal period; empty for a free plan."
            {...form.getInputProps('amount')}
          />
          <Select
            label="Currency"
            required
            data={currencies}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('currency')}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          description="For staff only: the investor never sees them."
          autosize
          minRows={2}
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save membership
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff see and set the investor's membership of the platform (investors show / update). */
export function MembershipSection({ investorId }: { investorId: number }) {
  const user = useUser();
  const mayChange = can(user.role_id, 'investors', 'update');
  const { data: subscription, isPending, isError, refetch } = useInvestorSubscription(investorId);
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <RecordSection
      title="Membership"
      description="The plan the investor sees under Profile → Membership."
      actions={
        mayChange &&
        !isPending &&
        !isError && (
          <Button size="xs" variant="light" onClick={open}>
            {subscription ? 'Change membership' : 'Set membership'}
          </Button>
        )
      }
    >
      {isPending ? (
        <Skeleton height={60} aria-label="Loading the membership" />
      ) : isError ? (
        <Group gap="xs">
          <Text size="sm" role="alert">
            The membership could not be loaded.
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void refetch()}>
            Try again
          </Button>
        </Group>
      ) : subscription ? (
        <DataList withDivider labelWidth={140}>
          <DataList.Item>
            <DataList.ItemLabel>Plan</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap="xs">
                {subscription.plan_name}
                <Badge color={STATUS_COLOURS[subscription.status]} variant="light">
                  {SUBSCRIPTION_STATUS_LABELS[subscription.status]}
                </Badge>
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Dates</DataList.ItemLabel>
            <DataList.ItemValue>
              Started {formatDate(subscription.started_at)}
              {subscription.renews_at
                ? `, renews ${formatDate(subscription.renews_at)}`
                : ', no renewal date'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Price</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatAmount(subscription.amount, subscription.currency)}
            </DataList.ItemValue>
          </DataList.Item>
          {subscription.notes && (
            <DataList.Item>
              <DataList.ItemLabel>Notes</DataList.ItemLabel>
              <DataList.ItemValue style={{ whiteSpace: 'pre-wrap' }}>{subscription.notes}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
      ) : (
        <Text size="sm" c="dimmed">
          No membership plan.
        </Text>
      )}
      <Modal opened={opened} onClose={close} title="Membership" size={MODAL_SIZES.choice}>
        {opened && (
          <MembershipForm investorId={investorId} subscription={subscription ?? null} onClose={close} />
        )}
      </Modal>
    </RecordSection>
  );
}
