import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SubjectType } from '@portico/contracts';
import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { recordPath } from '../../config/records';
import { useRecordId } from '../../lib/records/use-record-id';
import { ErrorPage } from '../errors/error-page';
import { RecordEditLayout } from './record-edit-layout';
import { isNotFound } from './record-load-error';

interface EditedRecord {
  name: string;
  updated_at: string;
}

/** What the record's form is given: send the changes, go back, and say it is saved. */
export interface RecordFormHandlers<Changes, Saved> {
  submit: (changes: Changes) => Promise<Saved>;
  onCancel: () => void;
  onSaved: (saved: { name: string }) => void;
}

interface RecordEditPageProps<Row extends EditedRecord, Changes, Saved> {
  recordType: SubjectType;
  /** the record in a heading when it is not loaded yet: "Investment method" */
  noun: string;
  /** the list a record that cannot load sends back to */
  listPath: string;
  useRecord: (id: number | undefined) => {
    data: Row | undefined;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  useUpdate: () => { mutateAsync: (input: { id: number; changes: Changes }) => Promise<Saved> };
  /** the record's form, keyed by its version so a fresh load resets it */
  form: (record: Row, handlers: RecordFormHandlers<Changes, Saved>) => ReactNode;
  /** the record's page, back from the form (recordPath by default) */
  detailsPath?: (id: number) => string;
  /** below the form: a RecordDeleteSection, say */
  after?: (record: Row, id: number) => ReactNode;
}

/** /admin/investors/{kind}/{id}/edit: a record's form, back to its page once saved or cancelled. */
export function RecordEditPage<Row extends EditedRecord, Changes, Saved>({
  recordType,
  noun,
  listPath,
  useRecord,
  useUpdate,
  form,
  detailsPath,
  after,
}: RecordEditPageProps<Row, Changes, Saved>) {
  const id = useRecordId();
  const navigate = useNavigate();
  const { data: record, error, refetch, isFetching } = useRecord(id);
  const { mutateAsync } = useUpdate();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const details = detailsPath ? detailsPath(id) : recordPath(recordType, id);

  return (
    <RecordEditLayout
      back={{ label: record?.name ?? noun, to: details }}
      title={record ? `Edit ${record.name}` : `Edit ${noun.toLowerCase()}`}
      load={{
        error: record ? null : error,
        retry: () => void refetch(),
        retrying: isFetching,
        listPath,
      }}
    >
      {record && (
        <Stack gap="xl">
          <Fragment key={record.updated_at}>
            {form(record, {
              submit: (changes) => mutateAsync({ id, changes }),
              onCancel: () => void navigate(details),
              onSaved: (saved) => {
                notifications.show({
                  color: 'success',
                  title: 'Changes saved',
                  message: `${saved.name} is up to date.`,
                });
                void navigate(details);
              },
            })}
          </Fragment>
          {after?.(record, id)}
        </Stack>
      )}
    </RecordEditLayout>
  );
}
