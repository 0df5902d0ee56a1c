import { ActionIcon, Box, Combobox, Group, Loader, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import type { SearchResult, SubjectType, Terminology } from '@portico/contracts';
import { can, OPPORTUNITY_STATUSES, opportunityResource } from '@portico/contracts/constants';
import {
  IconAddressBook,
  IconBuilding,
  IconBriefcase,
  IconRocket,
  IconSearch,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH, useSearch } from '../../features/search/api/search';
import { useUser } from '../../lib/session';
import { useTerminology } from '../../lib/terminology';

const DEBOUNCE_MS = 250;

/** The kinds the server finds, in the order they are listed. */
const GROUPS: ReadonlyArray<{ type: SubjectType; icon: ReactNode }> = [
  { type: 'investor', icon: <IconUser size={16} aria-hidden /> },
  { type: 'contact', icon: <IconAddressBook size={16} aria-hidden /> },
  { type: 'organisation', icon: <IconBuilding size={16} aria-hidden /> },
  { type: 'pipeline_deal', icon: <IconBriefcase size={16} aria-hidden /> },
  { type: 'opportunity', icon: <IconRocket size={16} aria-hidden /> },
];

/**
 * What the search finds for a role, in words (spec §6: each kind only where the role may list it): the
 * CRM's records, deals, opportunities. Empty when it finds nothing for the role.
 */
export function searchableKinds(roleId: number | null | undefined, terminology: Terminology): string[] {
  const kinds: string[] = [];
  if (can(roleId, 'investors', 'index'))
    kinds.push(terminology.investors.toLowerCase(), 'contacts', 'organisations');
  if (can(roleId, 'pipeline_deals', 'index')) kinds.push(terminology.deals.toLowerCase());
  if (OPPORTUNITY_STATUSES.some((stage) => can(roleId, opportunityResource(stage), 'index')))
    kinds.push(terminology.opportunities.toLowerCase());
  return kinds;
}

/** "investors, contacts and organisations" */
const inWords = (kinds: string[]) =>
  kinds.length <= 1
    ? kinds.join('')
    : `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1] ?? ''}`;

interface GlobalSearchProps {
  /** after a result is opened (closes the phone's search sheet) */
  onOpen?: () => void;
  autoFocus?: boolean;
}

/**
 * One box that finds investors, contacts and organisations by name or email as you type (issue 4):
 * from two characters, results grouped by kind; arrow keys move, Enter opens, Escape closes.
 */
export function GlobalSearch({ onOpen, autoFocus = false }: GlobalSearchProps) {
  const navigate = useNavigate();
  const terminology = useTerminology();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const { data, isFetching } = useSearch(debounced);
  const ready = text.trim().length >= SEARCH_MIN_LENGTH;
  const results: SearchResult[] = ready && debounced.length >= SEARCH_MIN_LENGTH ? (data ?? []) : [];
  const waiting = ready && (isFetching || debounced !== text.trim());

  // New results: the first one is highlighted, so Enter opens the best match.
  useEffect(() => {
    if (results.length > 0) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const labels: Record<SubjectType, string> = {
    investor: terminology.investors,
    contact: 'Contacts',
    organisation: 'Organisations',
    investment_method: 'Investment methods',
    nominee: 'Nominees',
    investment_method_entity: 'Investment method accounts',
    pipeline_deal: terminology.deals,
    opportunity: terminology.opportunities,
    client_group: 'Client groups',
    fund_company: terminology.companies,
    fund: terminology.funds,
  };

  // Say what the box finds for this role: the CRM's records, the investment records, or both.
  const searchLabel = `Search ${inWords(searchableKinds(useUser().role_id, terminology))}`;

  const open = (url: string) => {
    combobox.closeDropdown();
    setText('');
    void navigate(url);
    onOpen?.();
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      withinPortal
      position="bottom-start"
      width="target"
      zIndex={400}
    >
      {/* aria-expanded always (false while closed), aria-controls while the list is shown. */}
      <Combobox.Target withExpandedAttribute>
        <TextInput
          aria-label={searchLabel}
          placeholder="Search by name or email"
          role="combobox"
          aria-autocomplete="list"
          autoComplete="off"
          autoFocus={autoFocus}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting ? <Loader size={14} aria-label="Searching" /> : null}
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            // Open only with a list to show, so aria-expanded says what a screen reader will find.
            if (value.trim().length >= SEARCH_MIN_LENGTH) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => ready && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!ready}>
        <Combobox.Options mah={420} style={{ overflowY: 'auto' }}>
          {results.length === 0 ? (
            <Combobox.Empty>{waiting ? 'Searching…' : 'Nothing found'}</Combobox.Empty>
          ) : (
            GROUPS.map(({ type, icon }) => {
              const found = results.filter((result) => result.type === type);
              if (found.length === 0) return null;
              return (
                <Combobox.Group key={type} label={labels[type]}>
                  {found.map((result) => (
                    <Combobox.Option key={`${result.type}-${result.id}`} value={result.url}>
                      <Group gap="sm" wrap="nowrap">
                        {icon}
                        <Box style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600} truncate>
                            {result.name}
                          </Text>
                          {(result.email ?? result.detail) && (
                            <Text size="xs" c="dimmed" truncate>
                              {result.email ?? result.detail}
                            </Text>
                          )}
                        </Box>
                      </Group>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The header's search: a box from 576 px, behind a button on a phone. */
export function HeaderSearch() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Box visibleFrom="sm" w={{ sm: 220, md: 260, lg: 320 }}>
        <GlobalSearch />
      </Box>
      <ActionIcon
        hiddenFrom="sm"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Open search"
        onClick={open}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title="Search" fullScreen>
        {opened && <GlobalSearch autoFocus onOpen={close} />}
      </Modal>
    </>
  );
}
