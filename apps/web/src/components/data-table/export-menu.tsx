import { Button, Menu } from '@mantine/core';
import type { ExportFormat } from '@portico/contracts';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { plural } from '../../lib/format';

interface ExportMenuProps {
  /** the export's address for a format, with the list's filters, sort and columns */
  hrefFor: (format: ExportFormat) => string;
  /** the rows that match, for the menu's hint */
  total?: number | undefined;
  disabled?: boolean;
}

/**
 * Download the filtered list as CSV or Excel. Each entry is a plain link: the browser saves the file
 * itself, so a long export neither blocks the page nor runs into the 5 s request limit.
 */
export function ExportMenu({ hrefFor, total, disabled = false }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {total !== undefined && <Menu.Label>{plural(total, 'row')}, as filtered</Menu.Label>}
        <Menu.Item
          component="a"
          href={hrefFor('csv')}
          download
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        >
          CSV (.csv)
        </Menu.Item>
        <Menu.Item
          component="a"
          href={hrefFor('xlsx')}
          download
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        >
          Excel (.xlsx)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
