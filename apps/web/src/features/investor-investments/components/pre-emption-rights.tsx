import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PRE_EMPTION_CHOICE, type ProfilePreEmption } from '@portico/contracts';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { PreEmptionChoiceBadge } from '../../pre-emption/components/pre-emption-choice-badge';
import { formatDate } from '../../../lib/format';

/**
 * /investor/investments, above the cards: the investor's open pre-emption rights (decision 015), each
 * with its entitlement and choice and a link to the round's page where they choose.
 */
export function PreEmptionRights({ rights }: { rights: ProfilePreEmption[] }) {
  const open = rights.filter((right) => right.open && right.choice !== PRE_EMPTION_CHOICE.NOT_APPLICABLE);
  if (open.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="pre-emption-rights">
      <Title order={2} fz="xl" id="pre-emption-rights">
        Your pre-emption rights
      </Title>
      {open.map((right) => (
        <Paper key={right.opportunity.id} withBorder radius="md" p="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Anchor
                component={Link}
                to={`/investor/investments/${right.opportunity.slug}#pre-emption`}
                fw={600}
              >
                {right.opportunity.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {right.existing_investment.name} is raising again. Your entitlement:{' '}
                {right.entitlement ? formatMoney(right.entitlement, right.opportunity.currency) : 'none'}
                {right.ends_on ? `, until ${formatDate(right.ends_on)}` : ''}.
              </Text>
            </Stack>
            <PreEmptionChoiceBadge choice={right.choice} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
