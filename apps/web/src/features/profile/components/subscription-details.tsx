import { Badge, DataList } from '@mantine/core';
import {
  SUBSCRIPTION_STATUS_LABELS,
  type ProfileSubscription,
  type SubscriptionStatus,
} from '@portico/contracts';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

const STATUS_COLOURS: Record<SubscriptionStatus, string> = {
  active: 'success',
  trial: 'primaryLighter',
  lapsed: 'yellow',
  cancelled: 'gray',
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "£120.00" from a decimal string and a currency code; "Free" with no amount. */
export function formatAmount(amount: string | null, currency: string): string {
  return amount === null ? 'Free' : formatMoney(amount, currency);
}

/** A membership's plan, state, dates and price. */
export function SubscriptionDetails({ subscription }: { subscription: ProfileSubscription }) {
  const renewalLabel =
    subscription.status === 'active' || subscription.status === 'trial' ? 'Renews' : 'Renewal date';
  return (
    <DataList withDivider labelWidth={160}>
      <DataList.Item>
        <DataList.ItemLabel>Plan</DataList.ItemLabel>
        <DataList.ItemValue>{subscription.plan_name}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Status</DataList.ItemLabel>
        <DataList.ItemValue>
          <SubscriptionStatusBadge status={subscription.status} />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Started</DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(subscription.started_at)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{renewalLabel}</DataList.ItemLabel>
        <DataList.ItemValue>
          {subscription.renews_at ? formatDate(subscription.renews_at) : 'No renewal date'}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Price</DataList.ItemLabel>
        <DataList.ItemValue>{formatAmount(subscription.amount, subscription.currency)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
