import { RecordSection } from '../../../components/records/record-section';
import { useRecordId } from '../../../lib/records/use-record-id';
import type { InvestmentsOwner } from '../api/investments';
import { InvestmentsTable } from '../components/investments-table';

function RecordTransactions({ owner, description }: { owner: InvestmentsOwner; description: string }) {
  return (
    <RecordSection title="Transactions" description={description}>
      <InvestmentsTable
        owner={owner}
        show={{ opportunity: true, investor: owner.kind !== 'investors' }}
        emptyText="Investments appear here once they are made or recorded."
      />
    </RecordSection>
  );
}

/** /admin/investors/{id}/details/transactions: the investor's own investments. */
export function InvestorTransactionsPage() {
  return (
    <RecordTransactions
      owner={{ kind: 'investors', id: useRecordId() ?? 0 }}
      description="The investor’s investments, however they are held."
    />
  );
}

/** /admin/investors/organisations/{id}/details/transactions: investments held through the organisation. */
export function OrganisationTransactionsPage() {
  return (
    <RecordTransactions
      owner={{ kind: 'organisations', id: useRecordId() ?? 0 }}
      description="Investments held through this organisation."
    />
  );
}

/** /admin/investors/investment-methods/{id}/details/transactions: investments held through its accounts. */
export function InvestmentMethodTransactionsPage() {
  return (
    <RecordTransactions
      owner={{ kind: 'investment-methods', id: useRecordId() ?? 0 }}
      description="Investments held through investors’ accounts with this method."
    />
  );
}

/** /admin/investors/nominees/{id}/transactions: investments held through the nominee. */
export function NomineeTransactionsPage() {
  return (
    <RecordTransactions
      owner={{ kind: 'nominees', id: useRecordId() ?? 0 }}
      description="Investments held through this nominee."
    />
  );
}
