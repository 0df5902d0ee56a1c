import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** "23 hours 59 minutes 5 seconds" */
export function remainingText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const part = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;
  return [
    hours > 0 && part(hours, 'hour'),
    (hours > 0 || minutes > 0) && part(minutes, 'minute'),
    part(seconds, 'second'),
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The time left, from `seconds` as the server counted them when the answer arrived (its clock decides the
 * wait, the browser's may be off), ticking each second; `onDone` runs once it has passed. Screen readers
 * hear it when it first shows, not every second (aria-live off while it ticks).
 */
export function Countdown({ seconds, onDone }: { seconds: number; onDone: () => void }) {
  const [target] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = target - now;

  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => window.clearTimeout(timer);
  }, [left, onDone]);

  return (
    <Text fw={600} component="span" aria-live="off" data-testid="retry-countdown">
      {remainingText(left)}
    </Text>
  );
}
