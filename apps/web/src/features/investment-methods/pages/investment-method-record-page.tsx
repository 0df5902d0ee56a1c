import { Badge } from '@mantine/core';
import { INVESTMENT_METHOD_TYPE_LABELS } from '@portico/contracts';
import { LoadedRecordPage } from '../../../components/records/loaded-record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { INVESTMENT_METHOD_TABS } from '../../../config/records';
import { useDeleteInvestmentMethod } from '../api/delete-investment-method';
import { useInvestmentMethod } from '../api/get-investment-method';
import { plural } from '../../../lib/format';

/** /admin/investors/investment-methods/{id}/details and its tabs (spec §2.1). */
export function InvestmentMethodRecordPage() {
  return (
    <LoadedRecordPage
      recordType="investment_method"
      list={{ label: 'Investment methods', path: ADMIN_SCREENS.investmentMethods.path }}
      editPath={ADMIN_SCREENS.investmentMethodEdit.path}
      tabs={INVESTMENT_METHOD_TABS}
      useRecord={useInvestmentMethod}
      useDelete={useDeleteInvestmentMethod}
      description={(method) => method.provider}
      badges={(method) => (
        <Badge variant="light" color="primaryLighter">
          {INVESTMENT_METHOD_TYPE_LABELS[method.type]}
        </Badge>
      )}
      deletion={{
        done: 'Investment method deleted',
        body: (method) => (
          <>
            Delete <strong>{method.name}</strong>
            {method.entities_count > 0
              ? ` and the ${method.entities_count === 1 ? 'account' : plural(method.entities_count, 'account')} held through it`
              : ''}
            ? Its notes, calls and tasks are deleted too; the investors and contacts stay. This cannot be
            undone.
          </>
        ),
      }}
    />
  );
}
