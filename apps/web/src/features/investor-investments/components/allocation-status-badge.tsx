import { Badge } from '@mantine/core';
import { INVESTMENT_STATUS_TERMS, type InvestmentStatus, type TermKey } from '@portico/contracts';
import { useTerminology } from '../../../lib/terminology';

const COLOURS: Record<InvestmentStatus, string> = {
  reserved: 'blue',
  awaiting_payment: 'orange',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

/** An investment's state by the deployment's allocation labels (spec §4). */
export function AllocationStatusBadge({ status }: { status: InvestmentStatus }) {
  const terms = useTerminology();
  return (
    <Badge color={COLOURS[status]} variant="light" style={{ textTransform: 'none' }}>
      {terms[INVESTMENT_STATUS_TERMS[status] as TermKey]}
    </Badge>
  );
}
