import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { useDeal } from '../../deals/api/get-deal';
import { useOpportunity } from '../../opportunities/api/get-opportunity';
import type { SubjectKind, SubjectOption } from '../api/market-soundings';
import { MarketSoundingForm } from '../components/market-sounding-form';
import { marketSoundingPaths } from '../paths';

const idOf = (value: string | null) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined);

/**
 * /admin/insider-register/market-soundings/create (issue 21), with `?deal_id=` or `?opportunity_id=` when
 * opened from that record's page: the subject is chosen already.
 */
export function NewMarketSoundingPage() {
  const [search] = useSearchParams();
  const dealId = idOf(search.get('deal_id'));
  const opportunityId = dealId === undefined ? idOf(search.get('opportunity_id')) : undefined;
  const deal = useDeal(dealId);
  const opportunity = useOpportunity(opportunityId);

  let preselected: { kind: SubjectKind; subject: SubjectOption | null } | undefined;
  if (dealId !== undefined) {
    preselected = {
      kind: 'deal',
      subject: deal.data
        ? { id: deal.data.id, name: deal.data.name, company_name: deal.data.company_name }
        : null,
    };
  } else if (opportunityId !== undefined) {
    const loaded = opportunity.data;
    preselected = {
      kind: 'opportunity',
      subject:
        loaded && loaded.stage === 1
          ? { id: loaded.id, name: loaded.name, company_name: loaded.company_name }
          : null,
    };
  }
  const notDraft = opportunity.data !== undefined && opportunity.data.stage !== 1;

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={marketSoundingPaths.list} size="sm" mb="xs">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Market soundings
        </Group>
      </Anchor>
      <PageHeader
        title="New market sounding"
        description="Sound investors out about a deal before it is public. They see its details only after they accept."
      />
      {notDraft && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} mb="lg">
          {opportunity.data?.name} is no longer a draft, so it cannot be sounded. Choose another subject.
        </Alert>
      )}
      <MarketSoundingForm preselected={preselected} />
    </Stack>
  );
}
