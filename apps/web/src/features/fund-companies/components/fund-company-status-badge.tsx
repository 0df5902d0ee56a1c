import { Badge } from '@mantine/core';
import { FUND_COMPANY_STATUS_LABELS, type FundCompanyStatus } from '@portico/contracts';

const COLOURS: Record<FundCompanyStatus, string> = {
  active: 'success',
  exited: 'primary',
  ipo: 'primary',
  dormant: 'gray',
  written_off: 'danger',
};

/** A fund-investment company's maturity status: active, exited, written off, dormant or IPO. */
export function FundCompanyStatusBadge({ status }: { status: FundCompanyStatus | null | undefined }) {
  if (!status) return <>—</>;
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {FUND_COMPANY_STATUS_LABELS[status]}
    </Badge>
  );
}
