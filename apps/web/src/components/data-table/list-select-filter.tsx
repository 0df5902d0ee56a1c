import { Select } from '@mantine/core';

interface ListSelectFilterProps {
  label: string;
  /** what no choice means: "Any type" */
  placeholder: string;
  data: ReadonlyArray<{ value: string; label: string }>;
  value: string | undefined;
  onChange: (value: string | null) => void;
}

/** One of a list's few filters beside its search: a single choice that can be cleared. */
export function ListSelectFilter({ label, placeholder, data, value, onChange }: ListSelectFilterProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={onChange}
      clearable
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 200 }}
    />
  );
}
