import type { InvestorCategory } from './investors';
import type { AnswerRule, Question } from './questions';

/**
 * The statements an investor signs to be categorised (DOMAIN.md, Compliance), in plain English after
 * the FCA's COBS 4.7 and COBS 4 Annex statements for non-readily realisable securities, and COBS 3.5 for
 * professional clients. A statement is never edited once in use: a new wording is a new version, and
 * what each investor signed is stored with their categorisation.
 */
export const CATEGORISATION_STATEMENT_VERSION = '2024-01';

/** A categorisation must be confirmed again this many months after it was signed. */
export const CATEGORISATION_VALID_MONTHS = 12;

export interface CategorisationStatement {
  readonly category: InvestorCategory;
  readonly version: string;
  readonly title: string;
  /** the words the investor signs; paragraphs are separated by a blank line */
  readonly text: string;
  /** the declaration questions answered with the statement */
  readonly questions: readonly Question[];
  readonly rules: readonly AnswerRule[];
}

const RISK_ACCEPTANCE =
  'I accept that the investments to which the promotions will relate may expose me to a significant risk of losing all of the money or other property invested. I am aware that it is open to me to seek advice from an authorised person who specialises in advising on non-readily realisable securities.';

const NET_ASSETS_EXCLUDE =
  'Net assets for these purposes do not include: (a) the property which is my primary residence or any money raised through a loan secured on that property; (b) any rights of mine under a qualifying contract of insurance; (c) any benefits (in the form of pensions or otherwise) which are payable on the termination of my service or on my death or retirement and to which I am (or my dependants are) entitled; or (d) any withdrawals from my pension savings (except where the withdrawals are used directly for income in retirement).';

const declaration: Question = {
  key: 'declaration',
  label: 'I have read and understood this statement, the answers I have given are true, and I sign it.',
  kind: 'confirm',
  required: true,
};

const restricted: CategorisationStatement = {
  category: 'restricted',
  version: CATEGORISATION_STATEMENT_VERSION,
  title: 'Restricted investor statement',
  text: [
    'I make this statement so that I can receive promotional communications relating to non-readily realisable securities as a restricted investor.',
    'I declare that I qualify as a restricted investor because: (A) in the twelve months preceding the date below, I have not invested more than 10% of my net assets in non-readily realisable securities; and (B) I undertake that in the twelve months following the date below, I will not invest more than 10% of my net assets in non-readily realisable securities.',
    NET_ASSETS_EXCLUDE,
    RISK_ACCEPTANCE,
  ].join('\n\n'),
  questions: [
    {
      key: 'past_invested_percent',
      label:
        'In the past twelve months, roughly what percentage of your net assets have you invested in high-risk investments such as shares in unlisted companies? Enter 0 if none.',
      kind: 'number',
      required: true,
      min: 0,
      max: 10,
      range_message:
        'A restricted investor must not have invested more than 10% of their net assets in high-risk investments in the past twelve months.',
    },
    {
      key: 'future_invest_percent',
      label:
        'In the next twelve months, what percentage of your net assets do you intend to invest in high-risk investments?',
      kind: 'number',
      required: true,
      min: 0,
      max: 10,
      range_message:
        'A restricted investor undertakes not to invest more than 10% of their net assets in high-risk investments in the next twelve months.',
    },
    declaration,
  ],
  rules: [],
};

const highNetWorth: CategorisationStatement = {
  category: 'high_net_worth',
  version: CATEGORISATION_STATEMENT_VERSION,
  title: 'Certified high net worth investor statement',
  text: [
    'I make this statement so that I can receive promotional communications relating to non-readily realisable securities as a certified high net worth investor.',
    'I declare that at least one of the following applies to me: (A) I had, throughout the financial year immediately preceding the date below, an annual income to the value of £100,000 or more. Annual income for these purposes does not include money withdrawn from my pension savings (except where the withdrawals are used directly for income in retirement). (B) I held, throughout the financial year immediately preceding the date below, net assets to the value of £250,000 or more.',
    NET_ASSETS_EXCLUDE,
    RISK_ACCEPTANCE,
  ].join('\n\n'),
  questions: [
    {
      key: 'income_over_100k',
      label: 'In the last financial year, did you have an annual income of £100,000 or more?',
      kind: 'boolean',
      required: true,
    },
    {
      key: 'income_amount',
      label: 'Your annual income in the last financial year, to the nearest £10,000 (GBP)',
      kind: 'number',
      required: true,
      integer: true,
      min: 100_000,
      max: 1_000_000_000,
      range_message: 'An annual income of £100,000 or more is needed to answer yes.',
      show_if: { key: 'income_over_100k', in: [true] },
    },
    {
      key: 'net_assets_over_250k',
      label:
        'Throughout the last financial year, did you hold net assets of £250,000 or more (not counting your main home, pension or insurance rights)?',
      kind: 'boolean',
      required: true,
    },
    {
      key: 'net_assets_amount',
      label: 'Your net assets, to the nearest £100,000 (GBP)',
      kind: 'number',
      required: true,
      integer: true,
      min: 250_000,
      max: 100_000_000_000,
      range_message: 'Net assets of £250,000 or more are needed to answer yes.',
      show_if: { key: 'net_assets_over_250k', in: [true] },
    },
    declaration,
  ],
  rules: [
    {
      kind: 'at_least_one_yes',
      keys: ['income_over_100k', 'net_assets_over_250k'],
      field: 'income_over_100k',
      message:
        'A certified high net worth investor has an annual income of £100,000 or more, or net assets of £250,000 or more. If neither applies, choose another category.',
    },
  ],
};

const sophisticated: CategorisationStatement = {
  category: 'sophisticated',
  version: CATEGORISATION_STATEMENT_VERSION,
  title: 'Certified sophisticated investor statement',
  text: [
    'I make this statement so that I can receive promotional communications relating to non-readily realisable securities as a certified sophisticated investor.',
    'I declare that I have a current written certificate, signed within the last three years by a firm authorised by the Financial Conduct Authority, confirming that I am sufficiently knowledgeable to understand the risks associated with investing in non-readily realisable securities.',
    'I understand that this means I can receive financial promotions that may not have been approved by a person authorised by the Financial Conduct Authority, and that the content of such promotions may not conform to rules issued by the Financial Conduct Authority.',
    RISK_ACCEPTANCE,
  ].join('\n\n'),
  questions: [
    {
      key: 'certifying_firm',
      label: 'The FCA-authorised firm that certified you as a sophisticated investor',
      kind: 'text',
      required: true,
      max: 200,
    },
    {
      key: 'certifying_firm_frn',
      label: 'That firm’s FCA firm reference number (FRN)',
      kind: 'text',
      required: true,
      pattern: '^\\d{6,7}$',
      pattern_message: 'An FCA firm reference number is 6 or 7 digits.',
    },
    {
      key: 'certificate_date',
      label: 'The date of your certificate',
      kind: 'date',
      required: true,
      within_months: 36,
      range_message:
        'The certificate must have been signed within the last three years, and not in the future.',
    },
    declaration,
  ],
  rules: [],
};

const selfCertified: CategorisationStatement = {
  category: 'self_certified',
  version: CATEGORISATION_STATEMENT_VERSION,
  title: 'Self-certified sophisticated investor statement',
  text: [
    'I make this statement so that I can receive promotional communications relating to non-readily realisable securities as a self-certified sophisticated investor.',
    'I declare that I am a self-certified sophisticated investor because at least one of the following applies: (A) I am a member of a network or syndicate of business angels and have been so for at least the last six months prior to the date below; (B) I have made more than one investment in an unlisted company in the two years prior to the date below; (C) I am working, or have worked in the two years prior to the date below, in a professional capacity in the private equity sector, or in the provision of finance for small and medium enterprises; (D) I am currently, or have been in the two years prior to the date below, a director of a company with an annual turnover of at least £1 million.',
    'I accept that I can lose my property and other assets from making investment decisions based on financial promotions. I am aware that it is open to me to seek advice from someone who specialises in advising on investments in non-readily realisable securities.',
  ].join('\n\n'),
  questions: [
    {
      key: 'angel_network_member',
      label:
        'Have you been a member of a network or syndicate of business angels for at least the last six months?',
      kind: 'boolean',
      required: true,
    },
    {
      key: 'angel_network_name',
      label: 'The name of the network or syndicate',
      kind: 'text',
      required: true,
      max: 200,
      show_if: { key: 'angel_network_member', in: [true] },
    },
    {
      key: 'unlisted_investments',
      label: 'Have you made more than one investment in an unlisted company in the last two years?',
      kind: 'boolean',
      required: true,
    },
    {
      key: 'private_equity_professional',
      label:
        'Are you working, or have you worked in the last two years, in a professional capacity in private equity or in providing finance to small and medium-sized businesses?',
      kind: 'boolean',
      required: true,
    },
    {
      key: 'director',
      label:
        'Are you, or have you been in the last two years, a director of a company with an annual turnover of at least £1 million?',
      kind: 'boolean',
      required: true,
    },
    {
      key: 'director_company',
      label: 'The name of that company',
      kind: 'text',
      required: true,
      max: 200,
      show_if: { key: 'director', in: [true] },
    },
    declaration,
  ],
  rules: [
    {
      kind: 'at_least_one_yes',
      keys: ['angel_network_member', 'unlisted_investments', 'private_equity_professional', 'director'],
      field: 'angel_network_member',
      message:
        'A self-certified sophisticated investor must meet at least one of the four criteria. If none applies, choose another category.',
    },
  ],
};

const professional: CategorisationStatement = {
  category: 'professional',
  version: CATEGORISATION_STATEMENT_VERSION,
  title: 'Professional client statement',
  text: [
    'I make this statement to be treated as a professional client within the meaning of the FCA’s rules (COBS 3.5).',
    'I declare that either (A) I am, or I act for, a per se professional client, such as a firm authorised or regulated to operate in the financial markets, a national or regional government, an institutional investor, or a large undertaking meeting two of: a balance sheet total of €20 million, a net turnover of €40 million and own funds of €2 million; or (B) I have asked to be treated as an elective professional client, the firm has assessed my expertise, experience and knowledge as giving reasonable assurance that I can make my own investment decisions and understand the risks involved, and at least two of the following apply: I have carried out transactions of significant size on the relevant market at an average frequency of ten per quarter over the previous four quarters; my financial instrument portfolio, including cash deposits, exceeds €500,000; I work or have worked in the financial sector for at least one year in a professional position which requires knowledge of the transactions or services envisaged.',
    'I understand that as a professional client I will lose protections that the FCA’s rules give to retail clients, including risk warnings, appropriateness checks and, in some cases, access to the Financial Ombudsman Service.',
    'I accept that the investments offered to me may expose me to a significant risk of losing all of the money or other property invested.',
  ].join('\n\n'),
  questions: [
    {
      key: 'basis',
      label: 'On what basis are you a professional client?',
      kind: 'single_choice',
      required: true,
      options: [
        {
          value: 'per_se',
          label: 'Per se professional client (an authorised firm, institution or large undertaking)',
        },
        { value: 'elective', label: 'Elective professional client (assessed by the firm at my request)' },
      ],
    },
    {
      key: 'organisation_name',
      label: 'The firm or organisation you act for, if any',
      kind: 'text',
      required: false,
      max: 200,
    },
    {
      key: 'elective_criteria',
      label: 'Which of these apply to you?',
      kind: 'multi_choice',
      required: true,
      options: [
        {
          value: 'transactions',
          label: 'Significant transactions, on average ten per quarter over the previous four quarters',
        },
        { value: 'portfolio', label: 'A portfolio of financial instruments and cash over €500,000' },
        {
          value: 'experience',
          label: 'At least one year working in the financial sector in a relevant professional position',
        },
      ],
      min_selected: 2,
      min_selected_message: 'An elective professional client must meet at least two of the three criteria.',
      show_if: { key: 'basis', in: ['elective'] },
    },
    {
      key: 'protections_acknowledged',
      label: 'I understand that I will lose the protections given to retail clients.',
      kind: 'confirm',
      required: true,
    },
    declaration,
  ],
  rules: [],
};

/** Every statement ever used, newest version first; only the current version may be signed. */
export const CATEGORISATION_STATEMENTS: readonly CategorisationStatement[] = [
  restricted,
  highNetWorth,
  sophisticated,
  selfCertified,
  professional,
];

/** The statement of a category in a version (the current one by default). */
export function findCategorisationStatement(
  category: InvestorCategory,
  version: string = CATEGORISATION_STATEMENT_VERSION,
): CategorisationStatement | undefined {
  return CATEGORISATION_STATEMENTS.find(
    (statement) => statement.category === category && statement.version === version,
  );
}

/** The statements an investor may sign now. */
export const currentCategorisationStatements = () =>
  CATEGORISATION_STATEMENTS.filter((statement) => statement.version === CATEGORISATION_STATEMENT_VERSION);

/** When a categorisation signed at a time expires: twelve months later. */
export function categorisationExpiry(signedAt: Date): Date {
  const expires = new Date(signedAt);
  expires.setUTCMonth(expires.getUTCMonth() + CATEGORISATION_VALID_MONTHS);
  return expires;
}
