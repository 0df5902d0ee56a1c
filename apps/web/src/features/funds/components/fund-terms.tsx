import { FUND_TYPE_LABELS, TAX_RELIEF_LABELS, type Fund } from '@portico/contracts';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { currencyLabel } from '../../opportunities/components/currency-options';

const percent = (value: string | null) => (value === null ? null : `${value}%`);

/** The fund's terms (spec §3, fund): its type, vintage, size and currency, fees, carry and tax relief. */
export function FundTerms({ fund }: { fund: Fund }) {
  return (
    <RecordSection title="Terms">
      <RecordFacts
        facts={[
          { label: 'Type', value: FUND_TYPE_LABELS[fund.type] },
          { label: 'Vintage', value: fund.vintage },
          { label: 'Currency', value: currencyLabel(fund.currency) },
          { label: 'Target size', value: formatMoney(fund.target_size, fund.currency) },
          { label: 'Management fee', value: percent(fund.management_fee_percent) },
          { label: 'Carried interest', value: percent(fund.carried_interest_percent) },
          { label: 'Hurdle', value: percent(fund.hurdle_percent) },
          { label: 'Tax relief', value: TAX_RELIEF_LABELS[fund.tax_relief] },
          {
            label: 'Latest NAV',
            value:
              fund.latest_nav === null
                ? null
                : `${formatMoney(fund.latest_nav, fund.currency)} at ${formatDate(fund.latest_nav_on)}`,
          },
          { label: 'Description', value: fund.description, wide: true },
        ]}
      />
    </RecordSection>
  );
}
