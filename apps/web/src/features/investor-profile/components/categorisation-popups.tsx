import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTerminology } from '../../../lib/terminology';
import { MODAL_SIZES } from '../../../theme/theme';
import { categoryName } from './categorisation-copy';
import { CategorisationSigner } from './categorisation-signer';

/**
 * With categorisation pop-ups on (`investor_categorisation_popups_enabled`), the statement an investor
 * who has not categorised yet signs, as a sequence of pop-ups: choose the category, read the statement
 * and give its figures, sign. "Not now" puts it off for the browser session.
 */
export function CategorisationPopups({
  signerName,
  onDismiss,
}: {
  signerName: string;
  onDismiss: () => void;
}) {
  const terminology = useTerminology();
  return (
    <Modal opened onClose={onDismiss} title={terminology.investor_categorisation} size={MODAL_SIZES.standard}>
      <Stack gap="md">
        <Text size="sm">{terminology.categorisation_reminder}</Text>
        <CategorisationSigner
          stepped
          signerName={signerName}
          onCancel={onDismiss}
          onSigned={(saved) => {
            notifications.show({
              color: 'success',
              title: 'Statement signed',
              message:
                saved.status === 'pending'
                  ? `${categoryName(terminology, saved.category)}: it now awaits approval.`
                  : `You are categorised as a ${categoryName(terminology, saved.category).toLowerCase()}.`,
            });
          }}
        />
      </Stack>
    </Modal>
  );
}
