import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  EmptyState,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  CAP_TABLE_CLASS_KIND_LABELS,
  type CapTable,
  type CapTableClass,
  type CapTableHolder,
} from '@portico/contracts';
import { can, canSeeInvestmentTab } from '@portico/contracts/constants';
import {
  IconAlertTriangle,
  IconDots,
  IconFileImport,
  IconPencil,
  IconPlus,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorPage } from '../../../components/errors/error-page';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { formatMultiple } from '../../portfolio/figures';
import { useRemoveCapTableClass, useRemoveCapTableHolder } from '../api/cap-table';
import { useCapTable } from '../api/existing-investments';
import { CapTableClassModal, CapTableHolderModal, CapTableImportModal } from '../components/cap-table-modals';

type View = 'holders' | 'performance';

/** "12.50" → "12.50%"; null (options: not issued) → "—". */
const percent = (value: string | null) => (value === null ? '—' : `${value}%`);

/** A table with a caption for screen readers, a header, rows and a totals row. */
function FiguresTable({
  caption,
  head,
  children,
  foot,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <Box style={{ overflowX: 'auto', position: 'relative' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped={false} miw={720}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text component="span" size="xs" c="dimmed">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>{head}</Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
        {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
      </Table>
    </Box>
  );
}

const Num = ({ children, strong = false }: { children: ReactNode; strong?: boolean }) => (
  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
    {children}
  </Table.Td>
);

function RowMenu({ label, onEdit, onRemove }: { label: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Menu.Item>
        <Menu.Item color="danger" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The headline figures: issued, fully diluted, carrying pre-emption, the platform's part. */
function Summary({ data }: { data: CapTable }) {
  const { totals } = data;
  const platformPercent = data.holders
    .filter((holder) => holder.source === 'platform')
    .reduce((sum, holder) => sum + Math.round(Number(holder.percent_of_company ?? '0') * 100), 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {[
        ['Issued shares', formatShares(totals.issued_shares)],
        ['Fully diluted', formatShares(totals.fully_diluted_shares)],
        ['Carrying pre-emption', formatShares(totals.pre_emptive_shares)],
        ['Held through the platform', `${(platformPercent / 100).toFixed(2)}%`],
      ].map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={600}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function HoldersView({ id, data, mayChange }: { id: number; data: CapTable; mayChange: boolean }) {
  const removeClass = useRemoveCapTableClass();
  const removeHolder = useRemoveCapTableHolder();
  const [editingClass, setEditingClass] = useState<{ row: CapTableClass | null }>();
  const [editingHolder, setEditingHolder] = useState<{ row: CapTableHolder | null }>();
  const [importing, setImporting] = useState(false);
  const [removingClass, setRemovingClass] = useState<CapTableClass>();
  const [removingHolder, setRemovingHolder] = useState<CapTableHolder>();
  const { totals } = data;
  const hasRecordedClass = data.classes.some((entry) => entry.id !== null);

  return (
    <Stack gap="lg">
      <RecordSection
        title="Share classes"
        description="Issued shares count in % of the company; options, warrants and the pool only fully diluted. Entitlements in a new round are shares of the classes that carry pre-emption."
        actions={
          mayChange && (
            <>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                Import
              </Button>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditingClass({ row: null })}
              >
                Add share class
              </Button>
            </>
          )
        }
      >
        <Summary data={data} />
        {data.classes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No share classes yet: add the company’s classes, then its holders, or import them.
          </Text>
        ) : (
          <FiguresTable
            caption="Share classes"
            head={
              <Table.Tr>
                <Table.Th>Class</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Pre-emption</Table.Th>
                <Table.Th ta="right">Shares</Table.Th>
                <Table.Th ta="right">% of company</Table.Th>
                <Table.Th ta="right">Fully diluted</Table.Th>
                {mayChange && <Table.Th ta="right">Actions</Table.Th>}
              </Table.Tr>
            }
            foot={
              <Table.Tr>
                <Table.Th scope="row" colSpan={3}>
                  Total
                </Table.Th>
                <Num strong>{formatShares(totals.fully_diluted_shares)}</Num>
                <Num strong>{percent(totals.percent_of_company)}</Num>
                <Num strong>{percent(totals.percent_fully_diluted)}</Num>
                {mayChange && <Table.Td />}
              </Table.Tr>
            }
          >
            {data.classes.map((entry) => (
              <Table.Tr key={entry.name}>
                <Table.Th scope="row" fw={500}>
                  {entry.name}
                  {entry.id === null && (
                    <Text size="xs" c="dimmed">
                      From platform allotments
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{CAP_TABLE_CLASS_KIND_LABELS[entry.kind]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entry.pre_emptive ? 'success' : 'gray'}>
                    {entry.pre_emptive ? 'Yes' : 'No'}
                  </Badge>
                </Table.Td>
                <Num>{formatShares(entry.shares)}</Num>
                <Num>{percent(entry.percent_of_company)}</Num>
                <Num>{percent(entry.percent_fully_diluted)}</Num>
                {mayChange && (
                  <Table.Td ta="right">
                    {entry.id !== null && (
                      <RowMenu
                        label={entry.name}
                        onEdit={() => setEditingClass({ row: entry })}
                        onRemove={() => setRemovingClass(entry)}
                      />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </FiguresTable>
        )}
      </RecordSection>

      <RecordSection
        title="Holders"
        description="Every holder of every class, on and off the platform. Percentages are exact to the hundredth and each column adds up to 100.00%."
        actions={
          mayChange && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditingHolder({ row: null })}
              disabled={!hasRecordedClass}
              title={hasRecordedClass ? undefined : 'Add a share class first'}
            >
              Add holder
            </Button>
          )
        }
      >
        {data.holders.length === 0 ? (
          <EmptyState
            icon={<IconTable size={28} aria-hidden />}
            title="No holders yet"
            description="Platform investors appear once shares are allotted at completion; add founders, other investors and the option pool by hand or by import."
            withIndicatorBackground
            size="sm"
          />
        ) : (
          <FiguresTable
            caption="Cap table"
            head={
              <Table.Tr>
                <Table.Th>Holder</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Class</Table.Th>
                <Table.Th ta="right">Shares</Table.Th>
                <Table.Th ta="right">% of class</Table.Th>
                <Table.Th ta="right">% of company</Table.Th>
                <Table.Th ta="right">Fully diluted</Table.Th>
                {mayChange && <Table.Th ta="right">Actions</Table.Th>}
              </Table.Tr>
            }
            foot={
              <Table.Tr>
                <Table.Th scope="row" colSpan={3}>
                  Total
                </Table.Th>
                <Num strong>{formatShares(totals.fully_diluted_shares)}</Num>
                <Num strong>—</Num>
                <Num strong>{percent(totals.percent_of_company)}</Num>
                <Num strong>{percent(totals.percent_fully_diluted)}</Num>
                {mayChange && <Table.Td />}
              </Table.Tr>
            }
          >
            {data.holders.map((holder) => (
              <Table.Tr key={holder.key}>
                <Table.Th scope="row" fw={500}>
                  {holder.name}
                </Table.Th>
                <Table.Td>
                  <Badge variant="light" color={holder.source === 'platform' ? 'primary' : 'gray'}>
                    {holder.kind_label}
                  </Badge>
                </Table.Td>
                <Table.Td>{holder.share_class}</Table.Td>
                <Num>{formatShares(holder.shares)}</Num>
                <Num>{percent(holder.percent_of_class)}</Num>
                <Num>{percent(holder.percent_of_company)}</Num>
                <Num>{percent(holder.percent_fully_diluted)}</Num>
                {mayChange && (
                  <Table.Td ta="right">
                    {holder.holder_id !== null && (
                      <RowMenu
                        label={holder.name}
                        onEdit={() => setEditingHolder({ row: holder })}
                        onRemove={() => setRemovingHolder(holder)}
                      />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </FiguresTable>
        )}
      </RecordSection>

      <CapTableClassModal
        id={id}
        opened={editingClass !== undefined}
        row={editingClass?.row ?? null}
        onClose={() => setEditingClass(undefined)}
      />
      <CapTableHolderModal
        id={id}
        opened={editingHolder !== undefined}
        row={editingHolder?.row ?? null}
        classes={data.classes}
        onClose={() => setEditingHolder(undefined)}
      />
      <CapTableImportModal id={id} opened={importing} onClose={() => setImporting(false)} />
      <ConfirmModal
        opened={removingClass !== undefined}
        onClose={() => setRemovingClass(undefined)}
        title="Remove share class"
        confirmLabel="Remove share class"
        danger
        onConfirm={async () => {
          if (removingClass?.id) await removeClass.mutateAsync({ id, classId: removingClass.id });
        }}
      >
        Remove the share class <strong>{removingClass?.name}</strong>? A class with holders off the platform
        cannot be removed: remove them first.
      </ConfirmModal>
      <ConfirmModal
        opened={removingHolder !== undefined}
        onClose={() => setRemovingHolder(undefined)}
        title="Remove holder"
        confirmLabel="Remove holder"
        danger
        onConfirm={async () => {
          if (removingHolder?.holder_id)
            await removeHolder.mutateAsync({ id, holderId: removingHolder.holder_id });
        }}
      >
        Remove <strong>{removingHolder?.name}</strong> ({formatShares(removingHolder?.shares)}{' '}
        {removingHolder?.share_class} shares) from the cap table? Every percentage, and the pre-emption
        entitlements of any new round, change with it.
      </ConfirmModal>
    </Stack>
  );
}

function PerformanceView({ data }: { data: CapTable }) {
  const { currency, totals } = data;
  const prices = data.prices;
  return (
    <Stack gap="lg">
      <RecordSection
        title="Cap table performance"
        description={
          data.price
            ? `Valued at ${formatPrice(data.price, currency)} per share${data.price_date ? ` (${formatDate(data.price_date)})` : ' (the round’s price)'}. Options are not valued; money in and out is known only for platform investors.`
            : 'No share price is known yet.'
        }
      >
        <FiguresTable
          caption="Cap table performance"
          head={
            <Table.Tr>
              <Table.Th>Holder</Table.Th>
              <Table.Th>Class</Table.Th>
              <Table.Th ta="right">Shares</Table.Th>
              <Table.Th ta="right">Invested</Table.Th>
              <Table.Th ta="right">Value</Table.Th>
              <Table.Th ta="right">Realised</Table.Th>
              <Table.Th ta="right">Multiple</Table.Th>
            </Table.Tr>
          }
          foot={
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                Total (issued shares)
              </Table.Th>
              <Num strong>{formatShares(totals.issued_shares)}</Num>
              <Num strong>{formatMoney(totals.invested, currency)}</Num>
              <Num strong>{totals.value === null ? '—' : formatMoney(totals.value, currency)}</Num>
              <Num strong>—</Num>
              <Num strong>—</Num>
            </Table.Tr>
          }
        >
          {data.holders.map((holder) => (
            <Table.Tr key={holder.key}>
              <Table.Th scope="row" fw={500}>
                {holder.name}
              </Table.Th>
              <Table.Td>{holder.share_class}</Table.Td>
              <Num>{formatShares(holder.shares)}</Num>
              <Num>{holder.invested === null ? '—' : formatMoney(holder.invested, currency)}</Num>
              <Num>{holder.value === null ? '—' : formatMoney(holder.value, currency)}</Num>
              <Num>{holder.realised === null ? '—' : formatMoney(holder.realised, currency)}</Num>
              <Num>{holder.source === 'platform' ? formatMultiple(holder.moic) : '—'}</Num>
            </Table.Tr>
          ))}
        </FiguresTable>
      </RecordSection>
      {prices.length > 0 && (
        <RecordSection
          title="Value at each price"
          description="Every holding at each share price in force, oldest first."
        >
          <FiguresTable
            caption="Value at each price"
            head={
              <Table.Tr>
                <Table.Th>Holder</Table.Th>
                {prices.map((entry) => (
                  <Table.Th key={entry.effective_on} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(entry.effective_on)}
                    <Text size="xs" c="dimmed">
                      {formatPrice(entry.price, currency)}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            }
            foot={
              <Table.Tr>
                <Table.Th scope="row">Company (issued shares)</Table.Th>
                {totals.values.map((value, index) => (
                  <Num key={prices[index]?.effective_on ?? index} strong>
                    {formatMoney(value, currency)}
                  </Num>
                ))}
              </Table.Tr>
            }
          >
            {data.holders
              .filter((holder) => holder.values.length > 0)
              .map((holder) => (
                <Table.Tr key={holder.key}>
                  <Table.Th scope="row" fw={500}>
                    {holder.name}
                  </Table.Th>
                  {holder.values.map((value, index) => (
                    <Num key={prices[index]?.effective_on ?? index}>{formatMoney(value, currency)}</Num>
                  ))}
                </Table.Tr>
              ))}
          </FiguresTable>
        </RecordSection>
      )}
    </Stack>
  );
}

/**
 * The Cap Table (every holder of every class, on and off the platform: shares, % of class, % of the
 * company, fully diluted, with totals; staff record classes and off-platform holders by hand or by import)
 * and Cap Table Performance (each holding valued at the latest price and at each price before it), from
 * one endpoint (decision 020). Not for the Investment Manager (spec §6).
 */
function CapTableView({ view }: { view: View }) {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const visible = canSeeInvestmentTab(
    user.role_id,
    'existing',
    view === 'holders' ? 'cap-table' : 'cap-table-performance',
  );
  const { data, isPending, isError, error } = useCapTable(id, visible);
  if (!visible) return <ErrorPage status={403} />;
  const mayChange = can(user.role_id, 'investment_opportunity_existing', 'update');

  return (
    <Stack gap="lg" mt="md">
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The cap table could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Skeleton height={240} radius="md" aria-label="Loading" />
      ) : view === 'holders' ? (
        <HoldersView id={id} data={data} mayChange={mayChange} />
      ) : data.holders.length === 0 ? (
        <RecordSection title="Cap table performance">
          <EmptyState
            icon={<IconTable size={28} aria-hidden />}
            title="No holders yet"
            description="Holders appear once shares are allotted at completion or recorded on the Cap Table."
            withIndicatorBackground
            size="sm"
          />
        </RecordSection>
      ) : (
        <PerformanceView data={data} />
      )}
    </Stack>
  );
}

/** /admin/investments/existing/{id}/details/cap-table */
export function CapTablePage() {
  return <CapTableView view="holders" />;
}

/** /admin/investments/existing/{id}/details/cap-table-performance */
export function CapTablePerformancePage() {
  return <CapTableView view="performance" />;
}
