import { notifications } from '@mantine/notifications';
import type { SubjectType } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { recordPath, visibleRecordTabs, type RecordTab } from '../../config/records';
import { useFeatures } from '../../lib/branding';
import { useRecordId } from '../../lib/records/use-record-id';
import { useUser } from '../../lib/session';
import { ErrorPage } from '../errors/error-page';
import { RecordHeaderActions } from './record-header-actions';
import { isNotFound, RecordLoadError } from './record-load-error';
import { RecordPage } from './record-page';

interface LoadedRecordPageProps<Row extends { name: string }> {
  recordType: SubjectType;
  /** the list the back link and a deletion return to */
  list: { label: string; path: string };
  /** the edit screen's route (with :id), offered to a role that may change investors */
  editPath: string;
  tabs: readonly RecordTab[];
  useRecord: (id: number | undefined) => {
    data: Row | undefined;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  useDelete: () => { mutateAsync: (id: number) => Promise<unknown> };
  /** under the name: an email address, a provider */
  description: (record: Row) => ReactNode;
  badges?: (record: Row) => ReactNode;
  /** the deletion's confirmation ("Delete X? …") and its toast title ("Nominee deleted") */
  deletion: { body: (record: Row) => ReactNode; done: string };
  /** what shows under the header once loaded (the tab's page by default), and while loading */
  content?: { loaded: (record: Row, tabs: RecordTab[]) => ReactNode; loading: ReactNode };
}

/**
 * A CRM record's page (spec §2.1) loaded by its id from the address: 404 for an id that is not one, the
 * header with edit and delete for roles that may, the tabs the role sees, and a load error with a retry.
 */
export function LoadedRecordPage<Row extends { name: string }>({
  recordType,
  list,
  editPath,
  tabs: allTabs,
  useRecord,
  useDelete,
  description,
  badges,
  deletion,
  content,
}: LoadedRecordPageProps<Row>) {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const { data: record, isError, error, refetch, isFetching } = useRecord(id);
  const erase = useDelete();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const tabs = visibleRecordTabs(allTabs, user.role_id, features);

  let body: ReactNode = <Outlet />;
  if (isError)
    body = (
      <RecordLoadError
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
        listPath={list.path}
      />
    );
  else if (content) body = record ? content.loaded(record, tabs) : content.loading;

  return (
    <RecordPage
      title={record?.name}
      description={record && description(record)}
      back={{ label: list.label, to: list.path }}
      badges={record && badges?.(record)}
      actions={
        record && (
          <RecordHeaderActions
            editHref={
              can(user.role_id, 'investors', 'update') ? editPath.replace(':id', String(id)) : undefined
            }
            deletion={
              can(user.role_id, 'investors', 'delete')
                ? {
                    title: `Delete ${record.name}`,
                    body: deletion.body(record),
                    run: async () => {
                      await erase.mutateAsync(id);
                      notifications.show({
                        color: 'success',
                        title: deletion.done,
                        message: `${record.name} was deleted.`,
                      });
                      void navigate(list.path, { replace: true });
                    },
                  }
                : undefined
            }
          />
        )
      }
      basePath={recordPath(recordType, id)}
      tabs={tabs}
    >
      {body}
    </RecordPage>
  );
}
