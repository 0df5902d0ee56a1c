import { Badge, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { OverviewStats } from '@portico/contracts';
import { IconUserShield } from '@tabler/icons-react';
import { useRoleName } from '../../../lib/terminology';
import { SectionCard } from './section-card';
import { plural } from '../../../lib/format';

export function StaffByRole({ staff }: { staff: OverviewStats['staff'] | undefined }) {
  const roleName = useRoleName();
  const roles = [...(staff?.by_role ?? [])].sort((a, b) => b.count - a.count);
  return (
    <SectionCard title="Staff by role" description={staff ? plural(staff.total, 'staff account') : undefined}>
      {!staff ? (
        <Stack gap="sm" aria-label="Loading staff">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={16} />
          ))}
        </Stack>
      ) : roles.length === 0 ? (
        <EmptyState
          icon={<IconUserShield size={28} aria-hidden />}
          title="No staff accounts"
          size="sm"
          withIndicatorBackground
        />
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {roles.map((role) => (
            <Group key={role.role_id} justify="space-between" component="li" wrap="nowrap">
              <Text size="sm">{roleName(role.role_id)}</Text>
              <Badge variant="light" color="primary" aria-label={plural(role.count, 'account')}>
                {role.count}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
