import { Skeleton, Stack } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useFundKpis } from '../api/fund-money';
import { CapitalCalls } from '../components/capital-calls';
import { FundCommitments } from '../components/fund-commitments';
import { FundMeasuresCards } from '../components/fund-measures';
import { FundMovements } from '../components/fund-movements';
import { MoneyLoadError } from '../components/money-load-error';
import { FundTaxReliefPanel } from '../../tax-relief/fund-tax-relief-panel';

/**
 * /admin/funds/{id}/details/transactions (spec §2.1, issue 20): the fund's measures, its commitments,
 * its capital calls, its distributions and fees, and an EIS or SEIS fund's certificates. Staff who may change the fund call capital, pay out
 * and charge fees; those who may book money record payments against commitments.
 */
export function FundTransactionsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const kpis = useFundKpis(id);
  const mayUpdate = can(user.role_id, 'funds', 'update');
  // Payments go through the investments' ledger, booked by those who may book any investment's money.
  const mayPay = can(user.role_id, 'cash_calls', 'update');

  if (kpis.isError)
    return (
      <MoneyLoadError
        what="The fund’s money"
        error={kpis.error}
        retry={() => void kpis.refetch()}
        retrying={kpis.isFetching}
      />
    );
  if (kpis.isPending)
    return (
      <Stack gap="lg" aria-label="Loading">
        <Skeleton height={220} radius="md" />
        <Skeleton height={160} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    );

  const data = kpis.data;
  return (
    <Stack gap="lg">
      <RecordSection title="Fund measures" description={`As of ${formatDate(data.as_of)}`}>
        <FundMeasuresCards kpis={data} />
      </RecordSection>
      <FundCommitments kpis={data} mayPay={mayPay} />
      <CapitalCalls kpis={data} mayCall={mayUpdate} />
      <FundMovements kpis={data} mayUpdate={mayUpdate} />
      {/* An EIS or SEIS fund's certificates (EIS5) for each investor's share of its investments. */}
      <FundTaxReliefPanel fundId={id} mayChange={mayUpdate} />
    </Stack>
  );
}
