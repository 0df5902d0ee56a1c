import { Button, Modal, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { MODAL_SIZES } from '../../../theme/theme';
import { ContactSupportForm } from './contact-support-form';

/** "Contact us": opens the support form in a modal (spec §2.3 choice size). */
export function ContactSupportButton({
  label = 'Contact us',
  defaultSubject,
  ...props
}: ButtonProps & { label?: string; defaultSubject?: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMessageCircle size={18} aria-hidden />}
        onClick={open}
        {...props}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title="Contact us" size={MODAL_SIZES.choice}>
        {opened && <ContactSupportForm onDone={close} defaultSubject={defaultSubject} />}
      </Modal>
    </>
  );
}
