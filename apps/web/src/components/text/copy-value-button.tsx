import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A small button beside a value people type elsewhere (a sort code, an account number, a payment
 * reference): it copies `value` and says so. Its accessible name is "Copy" and the value's label as it
 * reads in a sentence: "Copy sort code", "Copy IBAN".
 */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const name = /^[A-Z0-9 /]+$/.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${name}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'success' : 'gray'}
            size="sm"
            onClick={copy}
            aria-label={`Copy ${name}`}
          >
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
