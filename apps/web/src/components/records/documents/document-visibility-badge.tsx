import { Badge, Tooltip } from '@mantine/core';
import type { DocumentVisibility } from '@portico/contracts';
import { IconEye, IconLock } from '@tabler/icons-react';

/** Spec §4: public documents show in the investor portal; private ones only here. */
export function DocumentVisibilityBadge({
  visibility,
  publicDescription,
}: {
  visibility: DocumentVisibility;
  publicDescription: string;
}) {
  const isPublic = visibility === 'public';
  return (
    <Tooltip label={isPublic ? publicDescription : 'Admin only'} withArrow>
      <Badge
        color={isPublic ? 'success' : 'gray'}
        variant="light"
        leftSection={isPublic ? <IconEye size={12} aria-hidden /> : <IconLock size={12} aria-hidden />}
      >
        {isPublic ? 'Public' : 'Private'}
      </Badge>
    </Tooltip>
  );
}
