import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../layouts/page-header';
import { RecordLoadError } from './record-load-error';

interface RecordEditLayoutProps {
  /** the record's page, named */
  back: { label: string; to: string };
  title: string;
  /** the form, once the record is loaded */
  children: ReactNode | undefined;
  /** the record could not be loaded */
  load: { error: unknown; retry: () => void; retrying: boolean; listPath: string };
}

/** A record's edit page: back to the record, its heading, and the form (skeletons while it loads). */
export function RecordEditLayout({ back, title, children, load }: RecordEditLayoutProps) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={back.to} size="sm" mb="xs" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden />
          {back.label}
        </Group>
      </Anchor>
      <PageHeader title={title} />
      {load.error ? (
        <RecordLoadError
          error={load.error}
          retry={load.retry}
          retrying={load.retrying}
          listPath={load.listPath}
        />
      ) : (
        (children ?? (
          <Stack gap="lg" aria-label="Loading">
            <Skeleton height={220} radius="md" />
            <Skeleton height={160} radius="md" />
          </Stack>
        ))
      )}
    </Stack>
  );
}
