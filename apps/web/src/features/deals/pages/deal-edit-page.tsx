import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useTerminology } from '../../../lib/terminology';
import { usePipelines } from '../../pipelines/api/get-pipelines';
import { useUpdateDeal } from '../api/deal-mutations';
import { dealNoun } from '../api/deal-noun';
import { useDeal } from '../api/get-deal';
import { DealForm } from '../components/deal-form';

/** /admin/investments/deals/{id}/edit */
export function DealEditPage() {
  const noun = dealNoun(useTerminology());
  const pipelines = usePipelines().data;
  return (
    <RecordEditPage
      recordType="pipeline_deal"
      noun={noun.one.charAt(0).toUpperCase() + noun.one.slice(1)}
      listPath={ADMIN_SCREENS.deals.path}
      useRecord={useDeal}
      useUpdate={useUpdateDeal}
      form={(record, handlers) =>
        pipelines && <DealForm deal={record} pipelines={pipelines} noun={noun} {...handlers} />
      }
    />
  );
}
