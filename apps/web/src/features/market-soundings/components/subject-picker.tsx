import { Loader, Radio, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSubjectOptions, type SubjectKind, type SubjectOption } from '../api/market-soundings';

const KIND_LABELS: Record<SubjectKind, string> = {
  deal: 'A pipeline deal',
  opportunity: 'A draft opportunity',
};

const labelOf = (subject: SubjectOption) =>
  subject.company_name && subject.company_name !== subject.name
    ? `${subject.name} (${subject.company_name})`
    : subject.name;

interface SubjectPickerProps {
  kind: SubjectKind;
  onKindChange: (kind: SubjectKind) => void;
  value: SubjectOption | null;
  onChange: (subject: SubjectOption | null) => void;
  error?: ReactNode;
}

/** What is sounded: a pipeline deal, or an opportunity still in draft, found by name as you type. */
export function SubjectPicker({ kind, onKindChange, value, onChange, error }: SubjectPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once a subject is chosen, the box shows its label: that is not a new search.
  const term = value && debounced === labelOf(value) ? '' : debounced;
  const { data, isFetching, isError } = useSubjectOptions(kind, term);
  const subjects = [...(value ? [value] : []), ...(data ?? []).filter((row) => row.id !== value?.id)];

  return (
    <Stack gap="xs">
      <Radio.Group
        label="What is sounded"
        value={kind}
        onChange={(next) => {
          if (next !== 'deal' && next !== 'opportunity') return;
          onKindChange(next);
          onChange(null);
          setSearch('');
        }}
      >
        <Group gap="lg" mt={4}>
          <Radio value="deal" label={KIND_LABELS.deal} />
          <Radio value="opportunity" label={KIND_LABELS.opportunity} />
        </Group>
      </Radio.Group>
      <Select
        label={kind === 'deal' ? 'Pipeline deal' : 'Draft opportunity'}
        description={
          kind === 'opportunity'
            ? 'Only an opportunity still in draft, not yet live, can be sounded.'
            : undefined
        }
        placeholder="Type a name"
        required
        error={error}
        data={subjects.map((subject) => ({ value: String(subject.id), label: labelOf(subject) }))}
        value={value ? String(value.id) : null}
        onChange={(next) => onChange(subjects.find((subject) => String(subject.id) === next) ?? null)}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={
          isFetching ? 'Searching…' : isError ? 'The search failed; try again.' : 'Nothing found'
        }
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={isFetching ? <Loader size="xs" aria-label="Searching" /> : undefined}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
