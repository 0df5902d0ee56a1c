import { Badge } from '@mantine/core';
import {
  MARKET_SOUNDING_RECIPIENT_STATUS_LABELS,
  type MarketSoundingRecipientStatus,
} from '@portico/contracts';

/** Open until staff cleanse it (the information made public, or no longer inside information). */
export function SoundingStatusBadge({ cleansedAt }: { cleansedAt: string | null }) {
  return cleansedAt === null ? (
    <Badge variant="light" color="orange">
      Open
    </Badge>
  ) : (
    <Badge variant="light" color="gray">
      Cleansed
    </Badge>
  );
}

const RECIPIENT_COLOURS: Record<MarketSoundingRecipientStatus, string> = {
  invited: 'gray',
  viewed: 'blue',
  accepted: 'success',
  declined: 'danger',
};

export function RecipientStatusBadge({ status }: { status: MarketSoundingRecipientStatus }) {
  return (
    <Badge variant="light" color={RECIPIENT_COLOURS[status]}>
      {MARKET_SOUNDING_RECIPIENT_STATUS_LABELS[status]}
    </Badge>
  );
}
