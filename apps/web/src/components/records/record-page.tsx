import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RecordTab } from '../../config/records';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { RecordTabs } from './record-tabs';

interface RecordPageProps {
  /** the record's name; undefined while it loads */
  title: string | undefined;
  /** under the name: an email address, a short description */
  description?: ReactNode;
  /** status badges beside the name */
  badges?: ReactNode;
  /** the primary actions (Edit, a menu of the rest), already filtered by permission */
  actions?: ReactNode;
  /** the list the record belongs to */
  back?: { label: string; to: string };
  /** the record's page, the tabs' base */
  basePath: string;
  /** the tabs this user may see (visibleRecordTabs) */
  tabs: readonly RecordTab[];
  /** the current tab's content */
  children: ReactNode;
}

/**
 * The one layout of a record (investor, contact, organisation, …): a header with the name, its badges
 * and actions, then a tab bar of sub-pages and the current tab.
 */
export function RecordPage({
  title,
  description,
  badges,
  actions,
  back,
  basePath,
  tabs,
  children,
}: RecordPageProps) {
  useDocumentTitle(title);
  return (
    <Stack gap={0}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" mb="xs" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconChevronLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" gap="md" mb="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }}>
          {title === undefined ? (
            <Skeleton height={32} width={260} radius="sm" aria-label="Loading" />
          ) : (
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {badges}
            </Group>
          )}
          {description && (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      <RecordTabs label={`${title ?? 'Record'} sections`} basePath={basePath} tabs={tabs} />
      {children}
    </Stack>
  );
}
