import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, INVESTMENT_METHOD_TYPE_LABELS } from '@portico/contracts';
import { Outlet, useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { INVESTMENT_METHOD_TABS, recordPath, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useDeleteInvestmentMethod } from '../api/delete-investment-method';
import { useInvestmentMethod } from '../api/get-investment-method';

/** /admin/investors/investment-methods/{id}/details and its tabs (spec §2.1). */
export function InvestmentMethodRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const { data: method, isError, error, refetch, isFetching } = useInvestmentMethod(id);
  const erase = useDeleteInvestmentMethod();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const listPath = ADMIN_SCREENS.investmentMethods.path;

  return (
    <RecordPage
      title={method?.name}
      description={method?.provider}
      back={{ label: 'Investment methods', to: listPath }}
      badges={
        method && (
          <Badge variant="light" color="primaryLighter">
            {INVESTMENT_METHOD_TYPE_LABELS[method.type]}
          </Badge>
        )
      }
      actions={
        method && (
          <RecordHeaderActions
            editHref={
              can(user.role_id, 'investors', 'update')
                ? ADMIN_SCREENS.investmentMethodEdit.path.replace(':id', String(id))
                : undefined
            }
            deletion={
              can(user.role_id, 'investors', 'delete')
                ? {
                    title: `Delete ${method.name}`,
                    body: (
                      <>
                        Delete <strong>{method.name}</strong>
                        {method.entities_count > 0
                          ? ` and the ${method.entities_count === 1 ? 'account' : `${method.entities_count} accounts`} held through it`
                          : ''}
                        ? Its notes, calls and tasks are deleted too; the investors and contacts stay. This
                        cannot be undone.
                      </>
                    ),
                    run: async () => {
                      await erase.mutateAsync(id);
                      notifications.show({
                        color: 'success',
                        title: 'Investment method deleted',
                        message: `${method.name} was deleted.`,
                      });
                      void navigate(listPath, { replace: true });
                    },
                  }
                : undefined
            }
          />
        )
      }
      basePath={recordPath('investment_method', id)}
      tabs={visibleRecordTabs(INVESTMENT_METHOD_TABS, user.role_id, features)}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={listPath}
        />
      ) : (
        <Outlet />
      )}
    </RecordPage>
  );
}
