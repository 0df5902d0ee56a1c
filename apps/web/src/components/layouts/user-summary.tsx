import { Group, Image, Stack, Text } from '@mantine/core';
import type { User } from '@portico/contracts';
import { DEFAULT_AVATAR } from '@portico/contracts/constants';
import { useRoleName } from '../../lib/terminology';

/** Avatar, name and (for staff) role, by the deployment's name for it, as shown in the headers. */
export function UserSummary({ user, showRole = true }: { user: User; showRole?: boolean }) {
  const roleName = useRoleName();
  return (
    <Group gap="sm" wrap="nowrap">
      {/* Image, not Avatar: the first page already loads it (the investor page's bundle budget). */}
      <Image
        src={user.avatar || DEFAULT_AVATAR}
        fallbackSrc={DEFAULT_AVATAR}
        alt=""
        radius="xl"
        w={36}
        h={36}
        fit="cover"
        style={{ flex: 'none' }}
      />
      <Stack gap={0} visibleFrom="sm">
        <Text size="sm" fw={600} lh={1.2}>
          {user.name}
        </Text>
        {showRole && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {roleName(user.role_id)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
