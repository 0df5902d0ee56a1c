import { Alert, Badge, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CATEGORISATION_STATUS_LABELS,
  type Categorisation,
  type ProfileCategorisation,
} from '@portico/contracts';
import { IconAlertTriangle, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { categoryName, isExpiringSoon } from './categorisation-copy';

const STATUS_COLOURS = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

function CategorisationFacts({ item }: { item: Categorisation }) {
  return (
    <DataList withDivider labelWidth={140}>
      <DataList.Item>
        <DataList.ItemLabel>Statement</DataList.ItemLabel>
        <DataList.ItemValue>
          {item.statement_title} (version {item.statement_version})
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Signed</DataList.ItemLabel>
        <DataList.ItemValue>
          {formatDate(item.signed_at)}
          {item.signature ? ` by ${item.signature}` : ''}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{item.is_expired ? 'Expired' : 'Expires'}</DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(item.expires_at)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}

/**
 * Where the investor stands: their current categorisation and its expiry (with the reminder from a month
 * before), one awaiting staff approval, the reason one was rejected, or one that lapsed.
 */
export function CategorisationStatus({ profile }: { profile: ProfileCategorisation }) {
  const terminology = useTerminology();
  const { current, pending, rejected, expired } = profile;

  return (
    <Stack gap="md">
      {current ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={2} fz="lg">
                {categoryName(terminology, current.category)}
              </Title>
              <Badge color={STATUS_COLOURS.approved} variant="light">
                Current
              </Badge>
            </Group>
            <CategorisationFacts item={current} />
            {isExpiringSoon(current.expires_at) && (
              <Alert
                color="warning"
                variant="light"
                icon={<IconClock aria-hidden />}
                title="Please confirm your categorisation"
              >
                {terminology.categorisation_reminder} Yours expires on {formatDate(current.expires_at)}: sign
                your statement again below.
              </Alert>
            )}
          </Stack>
        </Paper>
      ) : (
        !pending &&
        !expired && (
          <Alert color="primaryLighter" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {terminology.categorisation_reminder} Choose the statement that applies to you and sign it below.
          </Alert>
        )
      )}
      {expired && !current && (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Your categorisation has expired"
          role="alert"
        >
          Your categorisation as a {categoryName(terminology, expired.category).toLowerCase()} expired on{' '}
          {formatDate(expired.expires_at)}. Please confirm your categorisation again by signing a statement.
        </Alert>
      )}
      {pending && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={2} fz="lg">
                {categoryName(terminology, pending.category)}
              </Title>
              <Badge color={STATUS_COLOURS.pending} variant="light">
                {CATEGORISATION_STATUS_LABELS.pending}
              </Badge>
            </Group>
            <Text size="sm">
              Thank you for signing. Our team reviews your statement before your categorisation takes effect;
              we will let you know. Signing another statement replaces this one.
            </Text>
            <CategorisationFacts item={pending} />
          </Stack>
        </Paper>
      )}
      {rejected && !pending && (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Your statement was not approved"
        >
          Your {categoryName(terminology, rejected.category).toLowerCase()} statement signed on{' '}
          {formatDate(rejected.signed_at)} was not approved
          {rejected.reason ? `: ${rejected.reason}` : '.'} Please review it and sign again.
        </Alert>
      )}
    </Stack>
  );
}
