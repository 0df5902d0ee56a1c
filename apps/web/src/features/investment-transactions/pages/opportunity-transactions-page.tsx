import { ActionIcon, Button, Group, Menu, Stack } from '@mantine/core';
import type { StaffInvestment } from '@portico/contracts';
import { can, OPPORTUNITY_STATUS, opportunityResource } from '@portico/contracts/constants';
import {
  IconCash,
  IconDots,
  IconList,
  IconPlus,
  IconReceiptRefund,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { RecordSection } from '../../../components/records/record-section';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useOpportunity } from '../../opportunities/api/get-opportunity';
import { isZeroDecimal } from '@portico/contracts';
import { useInvestments } from '../api/investments';
import { BankDetailsSection } from '../components/bank-details-section';
import { InvestmentsTable } from '../components/investments-table';
import { LedgerDialog } from '../components/ledger-dialog';
import {
  CancelInvestmentModal,
  CashCallModal,
  ManualInvestmentModal,
  PaymentModal,
  RefundModal,
} from '../components/money-dialogs';

type Dialog = { kind: 'pay' | 'cancel' | 'refund' | 'ledger'; investment: StaffInvestment };

/**
 * /admin/investments/opportunities/{id}/transactions (spec §2.1): every investment in the round with its
 * money; staff record manual investments, issue cash calls, mark payments, cancel and refund.
 */
export function OpportunityTransactionsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const { data: opportunity } = useOpportunity(id);
  const reserved = useInvestments({ kind: 'opportunities', id }, ['reserved']);
  const [dialog, setDialog] = useState<Dialog>();
  const [adding, setAdding] = useState(false);
  const [calling, setCalling] = useState(false);
  if (!opportunity) return null;

  const stage = opportunity.stage;
  const mayUpdate = can(user.role_id, opportunityResource(stage), 'update');
  const mayCall = can(user.role_id, 'cash_calls', 'create');
  const mayPay = can(user.role_id, 'cash_calls', 'update');
  const live = stage === OPPORTUNITY_STATUS.LIVE_EXTERNAL || stage === OPPORTUNITY_STATUS.LIVE_INTERNAL;
  const inRound = stage >= OPPORTUNITY_STATUS.LIVE_EXTERNAL && stage <= OPPORTUNITY_STATUS.CLOSED;
  const reservedRows = reserved.data?.data ?? [];

  const actionsOf = (row: StaffInvestment) => {
    const open = row.status === 'reserved' || row.status === 'awaiting_payment';
    const items = [
      <Menu.Item
        key="ledger"
        leftSection={<IconList size={16} aria-hidden />}
        onClick={() => setDialog({ kind: 'ledger', investment: row })}
      >
        Money and ledger
      </Menu.Item>,
      mayPay && row.status !== 'completed' && (
        <Menu.Item
          key="pay"
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => setDialog({ kind: 'pay', investment: row })}
        >
          Book payment
        </Menu.Item>
      ),
      mayUpdate && (open || row.status === 'paid') && (
        <Menu.Item
          key="cancel"
          color="danger"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => setDialog({ kind: 'cancel', investment: row })}
        >
          Cancel investment
        </Menu.Item>
      ),
      mayPay && row.status === 'cancelled' && !row.refunded_at && !isZeroDecimal(row.paid_amount) && (
        <Menu.Item
          key="refund"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
          onClick={() => setDialog({ kind: 'refund', investment: row })}
        >
          Record refund
        </Menu.Item>
      ),
    ].filter(Boolean);
    if (items.length === 0) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${row.investor.name}’s investment`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{items}</Menu.Dropdown>
      </Menu>
    );
  };

  const opened = (kind: Dialog['kind']) => (dialog?.kind === kind ? dialog.investment : undefined);
  return (
    <Stack gap="lg">
      <RecordSection
        title="Transactions"
        description="Every commitment to this round, from reservation to completion."
        actions={
          <Group gap="sm">
            {mayUpdate && live && (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setAdding(true)}
              >
                Record manual investment
              </Button>
            )}
            {mayCall && inRound && (
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={() => setCalling(true)}
                disabled={reservedRows.length === 0}
                title={reservedRows.length === 0 ? 'No reserved investment to call' : undefined}
              >
                Issue cash call
              </Button>
            )}
          </Group>
        }
      >
        <InvestmentsTable
          owner={{ kind: 'opportunities', id }}
          show={{ opportunity: false, investor: true }}
          actions={actionsOf}
          emptyText="Investors’ reservations and manual investments appear here."
        />
      </RecordSection>
      {inRound && <BankDetailsSection opportunityId={id} canEdit={mayUpdate} />}
      <PaymentModal
        key={`pay-${opened('pay')?.id ?? 0}`}
        investment={opened('pay')}
        onClose={() => setDialog(undefined)}
      />
      <CancelInvestmentModal investment={opened('cancel')} onClose={() => setDialog(undefined)} />
      <RefundModal
        key={`refund-${opened('refund')?.id ?? 0}`}
        investment={opened('refund')}
        onClose={() => setDialog(undefined)}
      />
      <LedgerDialog investment={opened('ledger')} mayBook={mayPay} onClose={() => setDialog(undefined)} />
      {calling && (
        <CashCallModal opened onClose={() => setCalling(false)} opportunityId={id} reserved={reservedRows} />
      )}
      <ManualInvestmentModal
        opened={adding}
        onClose={() => setAdding(false)}
        opportunity={{ id, share_price: opportunity.share_price }}
      />
    </Stack>
  );
}
