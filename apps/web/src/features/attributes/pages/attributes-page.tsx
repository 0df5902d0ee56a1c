import { Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ATTRIBUTE_FIELD_TYPE_LABELS,
  ATTRIBUTE_SUBJECT_LABELS,
  ATTRIBUTE_SUBJECT_TYPES,
  type Attribute,
  type AttributeSubjectType,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS, canOpenAdminScreen, type AdminScreen } from '../../../config/admin-menu';
import { useFeatures } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { useCustomAttributes } from '../api/custom-attributes';

const LISTS: Array<{ screen: AdminScreen; description: string }> = [
  { screen: ADMIN_SCREENS.industries, description: 'Sectors for deals and opportunities' },
  { screen: ADMIN_SCREENS.investmentTypes, description: 'Equity, ASAs, loan notes, funds' },
  { screen: ADMIN_SCREENS.investmentSubTypes, description: 'Rounds within each type' },
  { screen: ADMIN_SCREENS.investmentCategories, description: 'A further grouping of opportunities' },
  { screen: ADMIN_SCREENS.investmentCharacters, description: 'How the platform takes part' },
  { screen: ADMIN_SCREENS.kpiCategories, description: 'Groups of KPIs' },
  { screen: ADMIN_SCREENS.kpis, description: 'What portfolio companies report' },
];

export const configurePath = (id: number | 'new') =>
  ADMIN_SCREENS.attributeConfigure.path.replace(':id', String(id));

const COLUMNS: DataTableColumn<Attribute>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (attribute) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={configurePath(attribute.id)} fw={600} size="sm">
          {attribute.name}
        </Anchor>
        {attribute.locked && (
          <Badge size="sm" variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
            Locked
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'applies_to',
    header: 'Applies to',
    render: (attribute) => ATTRIBUTE_SUBJECT_LABELS[attribute.applies_to],
  },
  {
    key: 'type',
    header: 'Type',
    visibleFrom: 'sm',
    render: (attribute) =>
      `${ATTRIBUTE_FIELD_TYPE_LABELS[attribute.type]}${attribute.options.length > 0 ? ` (${attribute.options.length} options)` : ''}`,
  },
  {
    key: 'values_count',
    header: 'Records with a value',
    align: 'right',
    visibleFrom: 'sm',
    render: (attribute) => attribute.values_count,
  },
];

/**
 * Settings → attributes: the lists that classify deals, opportunities and KPIs, and the custom attributes
 * staff add to records, each opened to configure it.
 */
export function AttributesPage() {
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const [appliesTo, setAppliesTo] = useState<AttributeSubjectType | null>(null);
  const { data, isPending, isError, error } = useCustomAttributes();
  const lists = LISTS.filter((list) => canOpenAdminScreen(user.role_id, list.screen, features));
  const rows = (data ?? []).filter((attribute) => appliesTo === null || attribute.applies_to === appliesTo);
  const mayCreate = can(user.role_id, 'attributes', 'create');

  return (
    <>
      <PageHeader
        title="Attributes"
        description="How deals, opportunities, KPIs and records are classified."
      />
      <Stack gap="xl">
        <section aria-labelledby="attribute-lists">
          <Title order={2} fz="lg" mb="sm" id="attribute-lists">
            Lists
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {lists.map(({ screen, description }) => (
              <Paper key={screen.path} withBorder radius="md" p="md">
                <Anchor component={Link} to={screen.path} fw={600}>
                  {screen.label}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {description}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="custom-attributes">
          <Group justify="space-between" align="flex-end" mb="sm">
            <div>
              <Title order={2} fz="lg" id="custom-attributes">
                Custom attributes
              </Title>
              <Text size="sm" c="dimmed">
                Fields your team adds to investors, contacts, organisations, deals and opportunities.
              </Text>
            </div>
            <Group gap="sm" align="flex-end">
              <Select
                label="Applies to"
                placeholder="All records"
                data={ATTRIBUTE_SUBJECT_TYPES.map((type) => ({
                  value: type,
                  label: ATTRIBUTE_SUBJECT_LABELS[type],
                }))}
                value={appliesTo}
                onChange={(value) => setAppliesTo(value)}
                clearable
                w={200}
                comboboxProps={{ withinPortal: true }}
              />
              {mayCreate && (
                <Button
                  leftSection={<IconPlus size={18} aria-hidden />}
                  onClick={() => void navigate(configurePath('new'))}
                >
                  New attribute
                </Button>
              )}
            </Group>
          </Group>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            {isError ? (
              <ListLoadError error={error} />
            ) : (
              <DataTable
                caption="Custom attributes"
                columns={COLUMNS}
                rows={isPending ? undefined : rows}
                rowKey={(attribute) => attribute.id}
                loading={isPending}
                skeletonRows={4}
                empty={
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {appliesTo === null
                      ? 'No custom attributes yet.'
                      : `No custom attributes for ${ATTRIBUTE_SUBJECT_LABELS[appliesTo].toLowerCase()} yet.`}
                  </Text>
                }
              />
            )}
          </Paper>
        </section>
      </Stack>
    </>
  );
}
