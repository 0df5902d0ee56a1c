import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { safeLocalPath } from '../../../lib/safe-path';
import type { InvestingReason } from '../api/investing-schemas';

/** What stands between the investor and investing, each with the page that fixes it (the checklist). */
export function InvestingReasons({ reasons }: { reasons: readonly InvestingReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconListCheck aria-hidden />}
      title="Before you can invest"
      role="region"
    >
      <Stack gap="xs">
        <Text size="sm">Please complete the following:</Text>
        <List size="sm" spacing={4}>
          {reasons.map((reason) => {
            const href = reason.href ? safeLocalPath(reason.href) : null;
            return (
              <List.Item key={`${reason.code}-${reason.message}`}>
                {href ? (
                  <Anchor component={Link} to={href} size="sm" fw={600}>
                    {reason.message}
                  </Anchor>
                ) : (
                  reason.message
                )}
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Alert>
  );
}
