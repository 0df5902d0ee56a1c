import {
  TAX_RELIEF_LABELS,
  TAX_RELIEF_SCHEME_LABELS,
  multiplyDecimal,
  taxYearLabel,
  type TaxReliefStatement,
} from '@portico/contracts';
import { longDate } from '../../platform/dates';
import { formatAmount } from '../../platform/money';
import type { TaxReliefPdfInput } from './tax-relief-pdf';

/*
 * The investor's EIS/SEIS relief statement as the PDF's words (issue 20): what GET /api/portfolio/tax-relief
 * answers, grouped by tax year, newest first. Formatting only: every figure comes from the answer.
 */

const percent = (rate: string) => `${multiplyDecimal(rate, '100', 0)}%`;

export function taxReliefStatementInput(
  answer: TaxReliefStatement,
  options: { investorName: string; appName: string; today: string; taxYear?: number },
): TaxReliefPdfInput {
  const years = answer.totals
    .map((total) => total.tax_year)
    .filter((year, index, all) => all.indexOf(year) === index);
  return {
    appName: options.appName,
    investorName: options.investorName,
    dateLine:
      options.taxYear === undefined
        ? `As at ${longDate(options.today)}`
        : `Tax year ${taxYearLabel(options.taxYear)}, as at ${longDate(options.today)}`,
    years: years.map((year) => ({
      label: `Tax year ${taxYearLabel(year)} (6 April ${year} to 5 April ${year + 1})`,
      rows: answer.lines
        .filter((line) => line.tax_year === year)
        .map((line) => ({
          date: longDate(line.date),
          company: `${line.company_name}${line.fund ? ` (via ${line.fund.name})` : ''}`,
          scheme: `${TAX_RELIEF_LABELS[line.relief]} ${percent(line.rate)}`,
          amount: formatAmount(line.amount, line.currency),
          relief: formatAmount(line.relief_amount, line.currency),
          certificate:
            line.certificate.status === 'received'
              ? `${TAX_RELIEF_SCHEME_LABELS[line.certificate.scheme]} ${line.certificate.reference ?? ''}, ${longDate(line.certificate.issued_on ?? line.date)}`
              : `${TAX_RELIEF_SCHEME_LABELS[line.certificate.scheme]} awaited`,
        })),
      totals: answer.totals
        .filter((total) => total.tax_year === year)
        .map((total) => ({
          label: `Total (${total.currency})${total.awaited > 0 ? `, ${total.awaited} certificate${total.awaited === 1 ? '' : 's'} awaited` : ''}`,
          amount: formatAmount(total.amount, total.currency),
          relief: formatAmount(total.relief_amount, total.currency),
        })),
    })),
    note:
      'Relief is income-tax relief on the amount subscribed for newly issued shares: 30% under EIS, 50% under ' +
      'SEIS, rounded down to the penny, for the tax year of the share issue (it may be carried back a year). ' +
      'Each line is claimed with its certificate; a line whose certificate is awaited cannot be claimed yet. ' +
      'This statement is not tax advice.',
  };
}
