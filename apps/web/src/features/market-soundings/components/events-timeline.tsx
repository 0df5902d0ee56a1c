import { Text, Timeline } from '@mantine/core';
import {
  MARKET_SOUNDING_EVENT_LABELS,
  MARKET_SOUNDING_RESPONSES,
  type MarketSoundingEvent,
} from '@portico/contracts';
import { formatLondon } from '../../../lib/london-time';

function lineOf(event: MarketSoundingEvent): string {
  const what = MARKET_SOUNDING_EVENT_LABELS[event.kind];
  const answer =
    event.kind === 'answered' && event.response !== null
      ? `: ${MARKET_SOUNDING_RESPONSES[event.response]}`
      : '';
  return event.investor === null ? `${what}${answer}` : `${event.investor}: ${what.toLowerCase()}${answer}`;
}

/** Every step of the sounding, oldest first, as kept (it cannot be changed). */
export function EventsTimeline({ events }: { events: readonly MarketSoundingEvent[] }) {
  if (events.length === 0) return <Text c="dimmed">Nothing has happened yet.</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label="Timeline">
      {events.map((event, index) => (
        <Timeline.Item key={`${event.created_at}-${event.kind}-${index}`} title={lineOf(event)}>
          <Text size="xs" c="dimmed">
            <time dateTime={event.created_at}>{formatLondon(event.created_at)}</time>
            {event.actor && event.actor !== event.investor ? ` · by ${event.actor}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
