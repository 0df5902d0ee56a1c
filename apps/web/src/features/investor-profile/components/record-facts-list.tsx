import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs; a value that is empty shows as "Not given". */
export function RecordFactsList({ facts }: { facts: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <DataList withDivider labelWidth={180}>
      {facts.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {value === null || value === undefined || value === '' ? 'Not given' : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
