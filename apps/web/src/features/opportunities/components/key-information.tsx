import { Paper, Stack, Title } from '@mantine/core';
import type { Opportunity } from '@portico/contracts';
import { opportunityPhase, TAX_RELIEF_LABELS } from '@portico/contracts/constants';
import { RecordFacts } from '../../../components/records/record-facts';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatMoney, formatPrice } from '../../../lib/money';
import { RaiseProgress } from '../../opportunity-view/raise-progress';

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** An opportunity's key information (spec §2.1): the company, the terms, the amounts, dates and classification. */
export function KeyInformation({ opportunity: o }: { opportunity: Opportunity }) {
  const money = (value: string | null) => formatMoney(value, o.currency);
  // A completed or matured round's committed money is what it raised.
  const raised = opportunityPhase(o.stage) === 'existing';
  return (
    <Stack gap="lg">
      <Group title="Raise">
        <RaiseProgress
          committed={o.committed_amount}
          target={o.target_amount}
          currency={o.currency}
          stage={o.stage}
        />
        <RecordFacts
          facts={[
            { label: 'Target raise', value: money(o.target_amount) },
            { label: 'Maximum raise', value: money(o.maximum_amount) },
            { label: 'Minimum investment', value: money(o.minimum_investment) },
            { label: raised ? 'Raised' : 'Committed', value: money(o.committed_amount) },
            { label: 'Closing date', value: formatDate(o.closing_date) },
          ]}
        />
      </Group>
      <Group title="Company and terms">
        <RecordFacts
          facts={[
            { label: 'Company', value: o.company_name },
            { label: 'Share price', value: formatPrice(o.share_price, o.currency) },
            { label: 'Share class', value: o.share_class },
            { label: 'Tax relief', value: o.tax_relief ? TAX_RELIEF_LABELS[o.tax_relief] : null },
            { label: 'Address in the portal', value: `/investor/investments/${o.slug}` },
            { label: 'Summary', value: o.summary, wide: true },
          ]}
        />
      </Group>
      <Group title="Classification">
        <RecordFacts
          facts={[
            { label: 'Type', value: o.type?.name },
            { label: 'Sub-type', value: o.sub_type?.name },
            { label: 'Industry', value: o.industry?.name },
            { label: 'Category', value: o.category?.name },
            { label: 'Character', value: o.character?.name },
          ]}
        />
      </Group>
      <Group title="Dates">
        <RecordFacts
          facts={[
            { label: 'Created', value: formatDateTime(o.created_at) },
            { label: 'Published', value: o.published_at ? formatDateTime(o.published_at) : null },
            { label: 'Closed', value: o.closed_at ? formatDateTime(o.closed_at) : null },
            { label: 'Completed', value: o.completed_at ? formatDateTime(o.completed_at) : null },
            { label: 'Matured', value: o.matured_at ? formatDateTime(o.matured_at) : null },
          ]}
        />
      </Group>
    </Stack>
  );
}
