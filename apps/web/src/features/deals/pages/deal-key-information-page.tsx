import { Anchor, Grid, Stack } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { AttributeValuesSection } from '../../../components/records/attributes/attribute-values-section';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useDeal } from '../api/get-deal';
import { formatMoney } from '../../../lib/money';

/**
 * /admin/investments/deals/{id}/key-information: the deal at a glance with its custom attributes, and
 * what happened to it.
 */
export function DealKeyInformationPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const { data: deal } = useDeal(id);
  if (!deal) return null;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <RecordSection title="Key information">
          <RecordFacts
            facts={[
              { label: 'Company', value: deal.company_name },
              {
                label: 'Website',
                value: deal.website && (
                  <Anchor href={deal.website} target="_blank" rel="noreferrer" size="sm">
                    {deal.website.replace(/^https?:\/\//, '')}
                  </Anchor>
                ),
              },
              { label: 'Industry', value: deal.industry?.name },
              { label: 'Investment type', value: deal.investment_type?.name },
              { label: 'Amount sought', value: formatMoney(deal.amount_sought) },
              { label: 'Pre-money valuation', value: formatMoney(deal.pre_money_valuation) },
              { label: 'Source', value: deal.source },
              { label: 'Owner', value: deal.owner?.name },
              { label: 'Pipeline', value: deal.pipeline.name },
              { label: 'Stage', value: deal.stage.name },
              { label: 'Added', value: formatDate(deal.created_at) },
              { label: 'Summary', value: deal.summary, wide: true },
            ]}
          />
        </RecordSection>
        <AttributeValuesSection
          subjectType="pipeline_deal"
          subjectId={id}
          canEdit={can(user.role_id, 'pipeline_deals', 'update')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="lg">
          <RecordSection title="Activity">
            <ActivityTimeline record={{ type: 'pipeline_deal', id }} />
          </RecordSection>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
