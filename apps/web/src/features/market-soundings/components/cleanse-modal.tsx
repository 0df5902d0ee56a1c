import { notifications } from '@mantine/notifications';
import { marketSoundingCleanseSchema, type MarketSoundingDetail } from '@portico/contracts';
import { ReasonModal } from '../../../components/modals/reason-modal';
import { useCleanseMarketSounding } from '../api/market-soundings';

/**
 * Cleanses a sounding: the information has been made public or is no longer inside information. Every
 * investor who accepted is told; it is done once and cannot be undone.
 */
export function CleanseModal({
  sounding,
  opened,
  onClose,
}: {
  sounding: MarketSoundingDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const cleanse = useCleanseMarketSounding(sounding.id);
  const accepted = sounding.counts.accepted;
  return (
    <ReasonModal
      opened={opened}
      onClose={onClose}
      title="Cleanse this market sounding?"
      confirmLabel="Cleanse"
      schema={marketSoundingCleanseSchema}
      maxLength={2000}
      reasonDescription="Kept in the insider register with the time of the cleansing."
      onSubmit={(reason) => cleanse.mutateAsync({ reason })}
      onDone={() =>
        notifications.show({ color: 'success', title: 'Sounding cleansed', message: sounding.subject.name })
      }
    >
      Cleanse the sounding on <strong>{sounding.subject.name}</strong> when its information has been made
      public or is no longer inside information.{' '}
      {accepted === 0
        ? 'No investor accepted it, so nobody is told.'
        : `The ${accepted === 1 ? 'investor' : `${accepted} investors`} who accepted it will be told that they are no longer insiders.`}{' '}
      This cannot be undone.
    </ReasonModal>
  );
}
