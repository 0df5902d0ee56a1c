import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OpportunitySummary } from '@portico/contracts';
import { TAX_RELIEF_LABELS } from '@portico/contracts/constants';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { RaiseProgress } from '../../opportunity-view/raise-progress';

type CardOpportunity = Partial<OpportunitySummary> & Pick<OpportunitySummary, 'id' | 'slug' | 'name'>;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

/** One live opportunity in the investor's list: what it is, how far the raise has come, and its terms. */
export function OpportunityCard({ opportunity }: { opportunity: CardOpportunity }) {
  const currency = opportunity.currency ?? 'GBP';
  const relief = opportunity.tax_relief;
  const headingId = `opportunity-${opportunity.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      {opportunity.cover_image_url && (
        <Card.Section>
          <Image src={opportunity.cover_image_url} alt="" h={160} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="sm" mt={opportunity.cover_image_url ? 'md' : 0} style={{ flex: 1 }}>
        <Stack gap={2}>
          {opportunity.company_name && (
            <Text size="sm" c="dimmed" fw={600}>
              {opportunity.company_name}
            </Text>
          )}
          <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {opportunity.name}
          </Title>
        </Stack>
        {relief && relief !== 'none' && (
          <Group gap="xs">
            <Badge variant="light">{TAX_RELIEF_LABELS[relief]}</Badge>
          </Group>
        )}
        {opportunity.summary && (
          <Text size="sm" lineClamp={3}>
            {opportunity.summary}
          </Text>
        )}
        <RaiseProgress
          committed={opportunity.committed_amount ?? '0'}
          target={opportunity.target_amount ?? null}
          currency={currency}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Minimum investment" value={formatMoney(opportunity.minimum_investment, currency)} />
          <Fact label="Closing date" value={formatDate(opportunity.closing_date)} />
        </SimpleGrid>
        <Button
          component={Link}
          to={`/investor/investments/${opportunity.slug}`}
          mt="auto"
          fullWidth
          aria-describedby={headingId}
        >
          View opportunity
        </Button>
      </Stack>
    </Card>
  );
}
