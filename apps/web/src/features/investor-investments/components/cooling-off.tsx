import { Alert, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { formatCountdown } from './format';

interface CoolingOffProps {
  /** what the server said is left, by its own clock */
  secondsLeft: number;
  /** the server's end of the cooling-off, to name the moment */
  endsAt?: string | null | undefined;
  /** the countdown reached zero: ask the server again (it decides, not this page) */
  onElapsed: () => void;
}

/**
 * The 24-hour cooling-off before a first investment (COBS 4.12A). The time left comes from the server's
 * clock; this page only counts it down as a stopwatch from the moment it was told (never from the
 * browser's date, which may be wrong), then asks the server again. Key it by `secondsLeft`.
 */
export function CoolingOff({ secondsLeft, endsAt, onElapsed }: CoolingOffProps) {
  const [left, setLeft] = useState(secondsLeft);
  const elapsedRef = useRef(onElapsed);
  useEffect(() => {
    elapsedRef.current = onElapsed;
  });

  // A new figure from the server remounts this (the caller keys it), so the count starts from it.
  useEffect(() => {
    const start = performance.now();
    if (secondsLeft <= 0) return undefined;
    const timer = window.setInterval(() => {
      const remaining = secondsLeft - (performance.now() - start) / 1000;
      setLeft(remaining);
      if (remaining <= 0) {
        window.clearInterval(timer);
        elapsedRef.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  return (
    <Alert color="blue" variant="light" icon={<IconClock aria-hidden />} title="Cooling-off period">
      <Text size="sm">
        As this is your first investment with us, you can invest 24 hours after you first saw the risk
        warning.
        {endsAt ? ` The cooling-off period ends on ${formatDateTime(endsAt)}.` : ''}
      </Text>
      <Text size="sm" fw={700} mt={4} role="timer" aria-live="off">
        Time left: {formatCountdown(left)}
      </Text>
    </Alert>
  );
}
