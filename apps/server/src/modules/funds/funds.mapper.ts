import type { Fund, FundNav } from '@portico/contracts';
import type { FundNavRow } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { FundWithNav } from './funds.repository';

export function toFund(row: FundWithNav): Fund {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    vintage: row.vintage,
    currency: row.currency,
    target_size: row.target_size,
    management_fee_percent: row.management_fee_percent,
    carried_interest_percent: row.carried_interest_percent,
    hurdle_percent: row.hurdle_percent,
    tax_relief: row.tax_relief,
    // the database's checks keep these to 1 | 2 and 0 | 1
    status: row.status === 2 ? 2 : 1,
    active: row.active === 0 ? 0 : 1,
    description: row.description,
    latest_nav: row.latest_nav,
    latest_nav_on: row.latest_nav_on,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

/** Names of the people who entered NAVs, by id. */
export type Names = ReadonlyMap<number, string>;

export function toFundNav(row: FundNavRow, names: Names): FundNav {
  return {
    id: row.id,
    fund_id: row.fund_id,
    nav: row.nav,
    effective_on: row.effective_on,
    note: row.note,
    created_by:
      row.created_by === null
        ? null
        : { id: row.created_by, name: names.get(row.created_by) ?? 'Unknown user' },
    created_at: toApiTimestamp(row.created_at),
    replaced_at: toApiTimestampOrNull(row.replaced_at),
    superseded_by_id: row.superseded_by_id,
  };
}
