import { Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can } from '@portico/contracts/constants';
import { Fragment } from 'react';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordEditLayout } from '../../../components/records/record-edit-layout';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { isNotFound } from '../../../components/records/record-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useDeleteFund, useUpdateFund } from '../api/fund-mutations';
import { useFund } from '../api/get-fund';
import { FundForm } from '../components/fund-form';
import { fundPath } from '../fund-paths';

/**
 * /admin/funds/{id}/edit: the fund's terms, its status (Draft, Live) and whether it is active; deleting it
 * for a role that may, which the server refuses, with its reason, once the fund has a NAV or an opportunity.
 */
export function FundEditPage() {
  const id = useRecordId();
  const user = useUser();
  const navigate = useNavigate();
  const { data: fund, error, refetch, isFetching } = useFund(id);
  const { mutateAsync: update } = useUpdateFund();
  const erase = useDeleteFund();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const details = fundPath(id);
  const listPath = ADMIN_SCREENS.funds.path;

  return (
    <RecordEditLayout
      back={{ label: fund?.name ?? 'Fund', to: details }}
      title={fund ? `Edit ${fund.name}` : 'Edit fund'}
      load={{ error: fund ? null : error, retry: () => void refetch(), retrying: isFetching, listPath }}
    >
      {fund && (
        <Stack gap="xl">
          <Fragment key={fund.updated_at}>
            <FundForm
              record={fund}
              submit={(changes) => update({ id, changes })}
              onCancel={() => void navigate(details)}
              onSaved={(saved) => {
                notifications.show({
                  color: 'success',
                  title: 'Changes saved',
                  message: `${saved.name} is up to date.`,
                });
                void navigate(details);
              }}
            />
          </Fragment>
          {can(user.role_id, 'funds', 'delete') && (
            <RecordSection title="Delete this fund">
              <Group justify="space-between" gap="md">
                <Text size="sm" c="dimmed" maw={560}>
                  Only a fund without NAVs or opportunities can be deleted; close it instead once it has
                  either.
                </Text>
                <RecordHeaderActions
                  editHref={undefined}
                  deletion={{
                    title: `Delete ${fund.name}`,
                    body: (
                      <>
                        Delete <strong>{fund.name}</strong> and its terms? This cannot be undone.
                      </>
                    ),
                    run: async () => {
                      await erase.mutateAsync(id);
                      notifications.show({
                        color: 'success',
                        title: 'Fund deleted',
                        message: `${fund.name} was deleted.`,
                      });
                      void navigate(listPath, { replace: true });
                    },
                  }}
                />
              </Group>
            </RecordSection>
          )}
        </Stack>
      )}
    </RecordEditLayout>
  );
}
