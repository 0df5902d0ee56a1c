import { Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TAX_RELIEF_LABELS } from '@portico/contracts/constants';
import {
  IconCurrency,
  IconCurrencyDollar,
  IconCurrencyEuro,
  IconCurrencyPound,
  IconPencil,
} from '@tabler/icons-react';
import { DocumentsPanel } from '../../../components/records/documents/documents-panel';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { formatMoney } from '../../../lib/money';
import { RaiseProgress } from '../../opportunity-view/raise-progress';
import { InvitationsSection } from '../../opportunity-lifecycle/components/invitations-section';
import { useOpportunity } from '../api/get-opportunity';
import { useUpdateOpportunity } from '../api/opportunity-mutations';
import { ContentSections } from '../components/content-sections';
import { CoverImageField } from '../components/cover-image-field';
import { currencyLabel } from '../components/currency-options';
import { OpportunityDetailsForm } from '../components/opportunity-details-form';
import { mayUpdate } from '../components/opportunity-permissions';
import { RepriceDialog } from '../components/reprice-dialog';

/** Re-price's icon: the opportunity's own currency sign, a plain one for any other. */
const PRICE_ICONS: Partial<Record<string, typeof IconCurrency>> = {
  GBP: IconCurrencyPound,
  EUR: IconCurrencyEuro,
  USD: IconCurrencyDollar,
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/**
 * /admin/investments/opportunities/{id}/details (stages 2 to 4): the live opportunity's raise at a glance,
 * its details (behind Edit details), and its page's content, each editable by a role that may.
 */
export function OpportunityDetailsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const { data: opportunity } = useOpportunity(id);
  const update = useUpdateOpportunity();
  const [editing, toggle] = useDisclosure(false);
  const [repricing, reprice] = useDisclosure(false);
  if (!opportunity) return null;
  const canEdit = mayUpdate(user.role_id, opportunity);
  const money = (value: string | null) => formatMoney(value, opportunity.currency);
  const PriceIcon = PRICE_ICONS[opportunity.currency] ?? IconCurrency;

  return (
    <Stack gap="lg" mt="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Raise">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="lg">
              Raise
            </Title>
            {canEdit && (
              <Group gap="xs">
                {/* Once investments are made the price moves only by a re-pricing of all of them. */}
                {opportunity.share_price !== null && (
                  <Button
                    variant="default"
                    leftSection={<PriceIcon size={16} aria-hidden />}
                    onClick={reprice.open}
                  >
                    Re-price
                  </Button>
                )}
                <Button
                  variant="light"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={toggle.toggle}
                  aria-expanded={editing}
                >
                  {editing ? 'Close details' : 'Edit details'}
                </Button>
              </Group>
            )}
          </Group>
          <RaiseProgress
            committed={opportunity.committed_amount}
            target={opportunity.target_amount}
            currency={opportunity.currency}
            stage={opportunity.stage}
          />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
            {/* chosen with the draft, never changed: shown, not edited */}
            <Fact label="Currency" value={currencyLabel(opportunity.currency)} />
            <Fact label="Target" value={money(opportunity.target_amount)} />
            <Fact label="Maximum" value={money(opportunity.maximum_amount)} />
            <Fact label="Minimum investment" value={money(opportunity.minimum_investment)} />
            <Fact label="Closing date" value={formatDate(opportunity.closing_date)} />
            <Fact
              label="Tax relief"
              value={opportunity.tax_relief ? TAX_RELIEF_LABELS[opportunity.tax_relief] : '—'}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      {canEdit && <RepriceDialog opportunity={opportunity} opened={repricing} onClose={reprice.close} />}
      <Collapse expanded={editing}>
        {editing && (
          <OpportunityDetailsForm
            opportunity={opportunity}
            canEdit={canEdit}
            submit={update.mutateAsync}
            onDone={toggle.close}
          />
        )}
      </Collapse>
      <InvitationsSection opportunityId={opportunity.id} canEdit={canEdit} />
      <CoverImageField opportunity={opportunity} canEdit={canEdit} />
      <ContentSections opportunity={opportunity} canEdit={canEdit} />
      <DocumentsPanel
        record={{ type: 'opportunity', id: opportunity.id }}
        publicDescription="Shown on the opportunity's page to investors who can see it."
      />
    </Stack>
  );
}
