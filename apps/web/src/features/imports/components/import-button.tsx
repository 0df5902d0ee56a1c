import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ImportKind } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useUser } from '../../../lib/session';

// The wizard loads with its first use, not with the list page that shows the button.
const ImportWizard = lazy(async () => ({ default: (await import('./import-wizard')).ImportWizard }));

/**
 * "Import" on a list page: opens the import wizard for investors or contacts. Importing needs
 * investors.create for either kind, as the server's routes do; without it there is no button.
 */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const user = useUser();
  const [opened, { open, close }] = useDisclosure(false);
  const [used, setUsed] = useState(false);
  if (!can(user.role_id, 'investors', 'create')) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
        onClick={() => {
          setUsed(true);
          open();
        }}
      >
        Import
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ImportWizard kind={kind} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
