import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

interface RecordNameProps {
  name: string | undefined;
  /** the record's page, for a role that may open it */
  href: string | undefined;
  /** a line under the name on a small screen, where its own column is hidden */
  detail?: string | null | undefined;
}

/** A list row's name, which links to its record. */
export function RecordName({ name, href, detail }: RecordNameProps) {
  const title = href ? (
    <Anchor component={Link} to={href} size="sm" fw={600}>
      {name}
    </Anchor>
  ) : (
    <Text size="sm" fw={600}>
      {name}
    </Text>
  );
  if (!detail) return title;
  return (
    <Stack gap={0}>
      {title}
      <Text size="xs" c="dimmed" hiddenFrom="sm">
        {detail}
      </Text>
    </Stack>
  );
}
