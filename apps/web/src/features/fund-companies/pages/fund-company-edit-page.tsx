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
import { useDeleteFundCompany, useUpdateFundCompany } from '../api/fund-company-mutations';
import { useFundCompany } from '../api/get-fund-company';
import { FundCompanyForm } from '../components/fund-company-form';
import { fundCompanyPath } from '../fund-company-paths';

/**
 * /admin/investments/companies/{id}/edit: the company's name and key information; deleting it for a role that
 * may, which the server refuses, with its reason, once it has transactions.
 */
export function FundCompanyEditPage() {
  const id = useRecordId();
  const user = useUser();
  const navigate = useNavigate();
  const { data: company, error, refetch, isFetching } = useFundCompany(id);
  const { mutateAsync: update } = useUpdateFundCompany();
  const erase = useDeleteFundCompany();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const details = fundCompanyPath(id);
  const listPath = ADMIN_SCREENS.fundCompanies.path;

  return (
    <RecordEditLayout
      back={{ label: company?.name ?? 'Company', to: details }}
      title={company ? `Edit ${company.name}` : 'Edit company'}
      load={{ error: company ? null : error, retry: () => void refetch(), retrying: isFetching, listPath }}
    >
      {company && (
        <Stack gap="xl">
          <Fragment key={company.updated_at}>
            <FundCompanyForm
              record={company}
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
            <RecordSection title="Delete this company">
              <Group justify="space-between" gap="md">
                <Text size="sm" c="dimmed" maw={560}>
                  Only a company without transactions can be deleted; record its exit or write-off instead
                  once it has any.
                </Text>
                <RecordHeaderActions
                  editHref={undefined}
                  deletion={{
                    title: `Delete ${company.name}`,
                    body: (
                      <>
                        Delete <strong>{company.name}</strong> and its status history? This cannot be undone.
                      </>
                    ),
                    run: async () => {
                      await erase.mutateAsync(id);
                      notifications.show({
                        color: 'success',
                        title: 'Company deleted',
                        message: `${company.name} was deleted.`,
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
