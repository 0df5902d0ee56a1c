import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { MODAL_SIZES } from '../../theme/theme';

export const ACCEPT_TERMS_TEXTS = {
  title: 'Accept terms & conditions',
  checkbox: 'I have read, understood and accept the terms and conditions',
  submit: 'Submit',
  submitting: 'Submitting',
} as const;

interface AcceptTermsModalProps {
  /** where the terms are: the terms URL, or /terms */
  termsHref: string;
  /** accepts the current version; the modal goes away when the user record says so */
  onAccept: () => Promise<unknown>;
}

const noop = () => undefined;

/**
 * The blocking terms modal of spec §2.3: no way to close it but accepting. Submit is disabled until the
 * box is ticked and while the request runs ("Submitting"); a failure re-enables it without a message
 * (spec §8).
 */
export function AcceptTermsModal({ termsHref, onAccept }: AcceptTermsModalProps) {
  const [ticked, setTicked] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    if (!ticked || submitting) return;
    setSubmitting(true);
    try {
      await onAccept();
    } catch {
      // Spec §8: accepting may fail silently; the user can try again.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      opened
      onClose={noop}
      title={ACCEPT_TERMS_TEXTS.title}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      size={MODAL_SIZES.confirmation}
      zIndex={400}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Our terms and conditions have changed. Please read them and confirm that you accept them to
            continue.
          </Text>
          <Anchor href={termsHref} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              Read the terms and conditions
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          <Checkbox
            label={ACCEPT_TERMS_TEXTS.checkbox}
            checked={ticked}
            onChange={(event) => setTicked(event.currentTarget.checked)}
            disabled={submitting}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!ticked || submitting}>
              {submitting ? ACCEPT_TERMS_TEXTS.submitting : ACCEPT_TERMS_TEXTS.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
