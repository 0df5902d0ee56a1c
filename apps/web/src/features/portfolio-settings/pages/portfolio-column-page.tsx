import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { PortfolioSetting } from '@portico/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useRecordId } from '../../../lib/records/use-record-id';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { RecordSection } from '../../../components/records/record-section';
import { usePortfolioColumn, useUpdatePortfolioColumn } from '../api/portfolio-settings';
import { SettingsLoadState } from '../components/settings-load-state';

interface Values extends Record<string, unknown> {
  label: string;
  shown: boolean;
}

function ColumnForm({ column }: { column: PortfolioSetting }) {
  const terms = useTerminology();
  const navigate = useNavigate();
  const update = useUpdatePortfolioColumn(column.id);
  const form = useForm<Values>({ initialValues: { label: column.label ?? '', shown: column.shown } });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      update.mutateAsync({
        shown: values.shown,
        label: values.label.trim() === '' ? null : values.label.trim(),
      }),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'success',
        title: 'Column saved',
        message: `${terms.investors} see “${saved.label ?? saved.default_label}” ${saved.shown ? 'in' : 'no more in'} their ${inSentence(terms.portfolio)}.`,
      });
      await navigate(ADMIN_SCREENS.portfolioColumns.path);
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Label"
          description={`Leave empty to use “${column.default_label}”, the terminology's word.`}
          placeholder={column.default_label}
          maxLength={60}
          {...form.getInputProps('label')}
        />
        <Checkbox
          label={`Show this column to ${inSentence(terms.investors)}`}
          {...form.getInputProps('shown', { type: 'checkbox' })}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save column
          </Button>
          <Button variant="default" component={Link} to={ADMIN_SCREENS.portfolioColumns.path}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → investor → portfolio → one column: its label and whether investors see it. */
export function PortfolioColumnPage() {
  const id = useRecordId() ?? 0;
  const column = usePortfolioColumn(id);
  return (
    <>
      <Anchor
        component={Link}
        to={ADMIN_SCREENS.portfolioColumns.path}
        size="sm"
        mb="sm"
        display="inline-flex"
      >
        <IconArrowLeft size={16} aria-hidden /> All columns
      </Anchor>
      <PageHeader
        title={column.data ? `Column: ${column.data.label ?? column.data.default_label}` : 'Column'}
        description={column.data && <Text span>Position {column.data.position + 1} in the table.</Text>}
      />
      <Stack maw={640} gap="lg">
        <RecordSection title="Column">
          {column.isSuccess ? (
            <ColumnForm key={column.data.updated_at} column={column.data} />
          ) : (
            <SettingsLoadState error={column.error} what="column" onRetry={() => void column.refetch()} />
          )}
        </RecordSection>
      </Stack>
    </>
  );
}
