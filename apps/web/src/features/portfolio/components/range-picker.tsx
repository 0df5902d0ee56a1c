import '@mantine/dates/styles.css';
import { SegmentedControl, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

/** The periods an investor picks for the portfolio's figures (issue 20). */
export const RANGE_PRESETS = [
  { value: 'tax-year', label: 'This tax year' },
  { value: 'last-tax-year', label: 'Last tax year' },
  { value: 'twelve-months', label: 'Last 12 months' },
  { value: 'all', label: 'Since first investment' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** A range of London days; either end absent: the server's default (the first money in, today). */
export interface DayRange {
  from?: string;
  to?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The UK tax year (6 April to 5 April) a London day falls in, by its starting year. */
export function taxYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '04-06' ? year : year - 1;
}

/** A preset's days on `today` (YYYY-MM-DD, London); null for a custom range. */
export function presetRange(preset: RangePreset, today: string): DayRange | null {
  const taxYear = taxYearOf(today);
  switch (preset) {
    case 'tax-year':
      return { from: dayOf(taxYear, 4, 6), to: today };
    case 'last-tax-year':
      return { from: dayOf(taxYear - 1, 4, 6), to: dayOf(taxYear, 4, 5) };
    case 'twelve-months': {
      // the day after the same day a year ago (28 February for a leap day): twelve whole months to today
      const [year, month, day] = today.split('-').map(Number) as [number, number, number];
      const sameDay = new Date(Date.UTC(year - 1, month - 1, day));
      const yearAgo = sameDay.getUTCMonth() === month - 1 ? sameDay : new Date(Date.UTC(year - 1, month, 0));
      const start = new Date(yearAgo.getTime() + 86_400_000);
      return { from: start.toISOString().slice(0, 10), to: today };
    }
    case 'all':
      return {};
    default:
      return null;
  }
}

type Picked = [string | null, string | null];

/**
 * The period of the portfolio's figures: a preset, or a custom range picked as two days (the range is applied
 * once both ends are chosen).
 */
export function RangePicker({
  today,
  preset,
  onChange,
}: {
  /** London today: no day after it can be picked */
  today: string;
  preset: RangePreset;
  onChange: (preset: RangePreset, range: DayRange) => void;
}) {
  const [custom, setCustom] = useState<Picked>([null, null]);
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Period"
        data={RANGE_PRESETS.map((item) => ({ value: item.value, label: item.label }))}
        value={preset}
        onChange={(value) => {
          const next = value;
          const range = presetRange(next, today);
          if (range) onChange(next, range);
          else if (custom[0] && custom[1]) onChange(next, { from: custom[0], to: custom[1] });
          else onChange(next, {});
        }}
        fullWidth
        size="xs"
        styles={{ root: { flexWrap: 'wrap' } }}
      />
      {preset === 'custom' && (
        <DatePickerInput
          type="range"
          label="From and to"
          placeholder="Pick the first and last days"
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={custom}
          maxDate={today}
          allowSingleDateInRange
          valueFormat="D MMM YYYY"
          popoverProps={{ withinPortal: true }}
          onChange={(range) => {
            const [start, end] = range;
            setCustom([start, end]);
            if (start && end) onChange('custom', { from: start, to: end });
          }}
          maw={320}
        />
      )}
    </Stack>
  );
}
