import { Modal, ScrollArea } from '@mantine/core';
import { MODAL_SIZES } from '../../theme/theme';
import { Paragraphs } from '../text/paragraphs';

interface RiskSummaryModalProps {
  opened: boolean;
  onClose: () => void;
  /** the configured risk warning text (branding risk_warning_text), plain text */
  text: string;
}

/** The risk summary behind "Take 2 mins to learn more." (spec §2.3). */
export function RiskSummaryModal({ opened, onClose, text }: RiskSummaryModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Risk summary"
      size={MODAL_SIZES.standard}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close risk summary' }}
    >
      <Paragraphs text={text || 'No risk summary has been written yet.'} />
    </Modal>
  );
}
