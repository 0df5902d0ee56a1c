import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { UpdateReportForm } from '../components/update-report-form';
import { updateReportPaths } from '../paths';

/** /admin/reports/new-update: a new update report, saved as a draft or published at once. */
export function NewUpdateReportPage() {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={updateReportPaths.list} size="sm" mb="xs">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Updates
        </Group>
      </Anchor>
      <PageHeader
        title="New update"
        description="Write it, then save a draft, publish it now or schedule it."
      />
      <UpdateReportForm />
    </Stack>
  );
}
