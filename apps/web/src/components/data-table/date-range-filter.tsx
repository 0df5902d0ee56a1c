import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { parseRange } from './list-values';

type Range = [string | null, string | null];

interface DateRangeFilterProps {
  label: string;
  /** the address's value: "YYYY-MM-DD,YYYY-MM-DD", or "" for none */
  value: string;
  /** a whole range as "from,to", or null when cleared */
  onChange: (value: string | null) => void;
}

/**
 * A list's date range filter. The picker holds the first day chosen until the second one is; only a
 * whole range (or none) goes into the address.
 */
export function DateRangeFilter({ label, value, onChange }: DateRangeFilterProps) {
  const [from, to] = parseRange(value);
  const applied: Range = [from ?? null, to ?? null];
  const [draft, setDraft] = useState<Range>(applied);
  const [shown, setShown] = useState(applied.join(','));
  // The address changed from elsewhere (clear filters, back button): show what is applied.
  if (applied.join(',') !== shown) {
    setShown(applied.join(','));
    setDraft(applied);
  }
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder="Any date"
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={draft}
      onChange={(range) => {
        const [start, end] = range;
        setDraft([start, end]);
        if (start && end) onChange(`${start},${end}`);
        else if (!start && !end) onChange(null);
      }}
      clearable
      allowSingleDateInRange
      valueFormat="D MMM YY"
      popoverProps={{ withinPortal: true }}
    />
  );
}
