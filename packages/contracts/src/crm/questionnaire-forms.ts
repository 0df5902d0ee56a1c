import type { Question } from './questions';

/**
 * The questions of the registration form, the fact find and the risk profile (DOMAIN.md, Compliance).
 * A key is never reused for a different question: stored answers are read back by it.
 */

const PERSONAL = 'Personal details';
const CONTACT = 'Contact details';
const EMPLOYMENT = 'Employment';
const FUNDS = 'Source of funds';
const EXPERIENCE = 'Investment experience';
const PEP = 'Politically exposed person';

export const REGISTRATION_FORM_QUESTIONS: readonly Question[] = [
  {
    key: 'title',
    label: 'Title',
    kind: 'single_choice',
    required: false,
    section: PERSONAL,
    options: ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof'].map((value) => ({ value, label: value })),
  },
  { key: 'first_name', label: 'First name', kind: 'text', required: true, max: 100, section: PERSONAL },
  { key: 'last_name', label: 'Last name', kind: 'text', required: true, max: 100, section: PERSONAL },
  { key: 'date_of_birth', label: 'Date of birth', kind: 'date', required: true, section: PERSONAL },
  { key: 'nationality', label: 'Nationality', kind: 'country', required: true, section: PERSONAL },
  { key: 'email', label: 'Email address', kind: 'email', required: true, section: CONTACT },
  { key: 'phone', label: 'Phone number', kind: 'phone', required: true, section: CONTACT },
  {
    key: 'address_line_1',
    label: 'Address line 1',
    kind: 'text',
    required: true,
    max: 200,
    section: CONTACT,
  },
  {
    key: 'address_line_2',
    label: 'Address line 2',
    kind: 'text',
    required: false,
    max: 200,
    section: CONTACT,
  },
  { key: 'city', label: 'Town or city', kind: 'text', required: true, max: 100, section: CONTACT },
  { key: 'postcode', label: 'Postcode', kind: 'text', required: true, max: 20, section: CONTACT },
  { key: 'country', label: 'Country of residence', kind: 'country', required: true, section: CONTACT },
  {
    key: 'employment_status',
    label: 'Employment status',
    kind: 'single_choice',
    required: true,
    section: EMPLOYMENT,
    options: [
      { value: 'employed', label: 'Employed' },
      { value: 'self_employed', label: 'Self-employed' },
      { value: 'director', label: 'Company director' },
      { value: 'retired', label: 'Retired' },
      { value: 'not_working', label: 'Not working' },
      { value: 'student', label: 'Student' },
    ],
  },
  {
    key: 'occupation',
    label: 'Occupation',
    kind: 'text',
    required: true,
    max: 100,
    section: EMPLOYMENT,
    show_if: { key: 'employment_status', in: ['employed', 'self_employed', 'director'] },
  },
  {
    key: 'employer',
    label: 'Employer or business name',
    kind: 'text',
    required: false,
    max: 200,
    section: EMPLOYMENT,
    show_if: { key: 'employment_status', in: ['employed', 'self_employed', 'director'] },
  },
  {
    key: 'source_of_funds',
    label: 'Where does the money you will invest come from?',
    kind: 'multi_choice',
    required: true,
    section: FUNDS,
    options: [
      { value: 'salary', label: 'Salary or bonus' },
      { value: 'business', label: 'Business income or the sale of a business' },
      { value: 'savings', label: 'Savings' },
      { value: 'investments', label: 'Investments (sale or income)' },
      { value: 'property', label: 'Sale of property' },
      { value: 'pension', label: 'Pension' },
      { value: 'inheritance', label: 'Inheritance' },
      { value: 'gift', label: 'Gift' },
      { value: 'other', label: 'Other' },
    ],
  },
  {
    key: 'source_of_funds_details',
    label: 'Tell us more about where the money comes from',
    kind: 'textarea',
    required: false,
    max: 2000,
    section: FUNDS,
  },
  {
    key: 'investment_experience',
    label: 'How experienced are you at investing?',
    kind: 'single_choice',
    required: true,
    section: EXPERIENCE,
    options: [
      { value: 'none', label: 'I have not invested before' },
      { value: 'listed', label: 'I have invested in listed shares or funds' },
      { value: 'unlisted', label: 'I have invested in unlisted companies' },
      { value: 'professional', label: 'I invest professionally' },
    ],
  },
  {
    key: 'unlisted_investments_count',
    label: 'How many investments in unlisted companies have you made?',
    kind: 'number',
    required: false,
    integer: true,
    min: 0,
    max: 10_000,
    section: EXPERIENCE,
  },
  {
    key: 'is_pep',
    label:
      'Are you, or is a member of your family or a close associate, a politically exposed person (someone entrusted with a prominent public function)?',
    kind: 'boolean',
    required: true,
    section: PEP,
  },
  {
    key: 'pep_details',
    label: 'Who, and which public function?',
    kind: 'textarea',
    required: true,
    max: 2000,
    section: PEP,
    show_if: { key: 'is_pep', in: [true] },
  },
];

const band = (value: string, label: string) => ({ value, label });

export const FACT_FIND_QUESTIONS: readonly Question[] = [
  {
    key: 'annual_income',
    label: 'Annual income before tax',
    kind: 'single_choice',
    required: true,
    section: 'Income and assets',
    options: [
      band('under_50k', 'Under £50,000'),
      band('50k_100k', '£50,000 to £99,999'),
      band('100k_250k', '£100,000 to £249,999'),
      band('250k_plus', '£250,000 or more'),
    ],
  },
  {
    key: 'net_assets',
    label: 'Net assets, not counting your main home and pension',
    kind: 'single_choice',
    required: true,
    section: 'Income and assets',
    options: [
      band('under_250k', 'Under £250,000'),
      band('250k_1m', '£250,000 to £999,999'),
      band('1m_5m', '£1 million to £4,999,999'),
      band('5m_plus', '£5 million or more'),
    ],
  },
  {
    key: 'liquid_assets',
    label: 'Cash and investments you could sell within a month',
    kind: 'single_choice',
    required: true,
    section: 'Income and assets',
    options: [
      band('under_25k', 'Under £25,000'),
      band('25k_100k', '£25,000 to £99,999'),
      band('100k_500k', '£100,000 to £499,999'),
      band('500k_plus', '£500,000 or more'),
    ],
  },
  {
    key: 'investment_objectives',
    label: 'What do you want your investments to achieve?',
    kind: 'multi_choice',
    required: true,
    section: 'Objectives',
    options: [
      band('capital_growth', 'Capital growth'),
      band('income', 'Income'),
      band('tax_efficiency', 'Tax efficiency'),
      band('diversification', 'Diversification'),
      band('impact', 'Social or environmental impact'),
      band('supporting_founders', 'Supporting early-stage businesses'),
    ],
  },
  {
    key: 'time_horizon',
    label: 'How long can you leave the money invested?',
    kind: 'single_choice',
    required: true,
    section: 'Objectives',
    options: [
      band('under_3y', 'Less than 3 years'),
      band('3_5y', '3 to 5 years'),
      band('5_10y', '5 to 10 years'),
      band('10y_plus', 'More than 10 years'),
    ],
  },
  {
    key: 'existing_portfolio',
    label: 'What do you already hold?',
    kind: 'multi_choice',
    required: false,
    section: 'Existing portfolio',
    options: [
      band('cash', 'Cash savings'),
      band('listed_shares', 'Listed shares'),
      band('funds', 'Funds or ISAs'),
      band('bonds', 'Bonds'),
      band('property', 'Property (other than your home)'),
      band('pension', 'Pension'),
      band('unlisted', 'Unlisted company shares'),
      band('eis_seis_vct', 'EIS, SEIS or VCT investments'),
    ],
  },
  {
    key: 'existing_portfolio_value',
    label: 'Roughly what is your existing portfolio worth (GBP)?',
    kind: 'number',
    required: false,
    integer: true,
    min: 0,
    max: 100_000_000_000,
    section: 'Existing portfolio',
  },
  {
    key: 'tax_relief_interest',
    label: 'Which tax reliefs interest you?',
    kind: 'multi_choice',
    required: false,
    section: 'Tax',
    options: [
      band('eis', 'Enterprise Investment Scheme (EIS)'),
      band('seis', 'Seed Enterprise Investment Scheme (SEIS)'),
      band('vct', 'Venture Capital Trusts (VCT)'),
      band('none', 'None'),
    ],
  },
  {
    key: 'dependants',
    label: 'How many people depend on you financially?',
    kind: 'number',
    required: true,
    integer: true,
    min: 0,
    max: 30,
    section: 'Circumstances',
  },
  {
    key: 'notes',
    label: 'Anything else we should know about your circumstances',
    kind: 'textarea',
    required: false,
    max: 5000,
    section: 'Circumstances',
  },
];

const scored = (score: number, value: string, label: string) => ({ value, label, score });

export const RISK_PROFILE_QUESTIONS: readonly Question[] = [
  {
    key: 'fall_reaction',
    label: 'If an investment you hold fell by a quarter in a few months, what would you most likely do?',
    kind: 'single_choice',
    required: true,
    options: [
      scored(1, 'sell_all', 'Sell everything to stop further losses'),
      scored(2, 'sell_some', 'Sell some of it'),
      scored(3, 'hold', 'Hold on and wait'),
      scored(4, 'buy_more', 'Invest more while it is cheaper'),
    ],
  },
  {
    key: 'risk_return',
    label: 'Which best describes what you want from investing?',
    kind: 'single_choice',
    required: true,
    options: [
      scored(1, 'preserve', 'Keep my money safe, even if it grows little'),
      scored(2, 'modest', 'Modest growth, accepting small losses now and then'),
      scored(3, 'growth', 'Strong growth, accepting real losses along the way'),
      scored(
        4,
        'maximum',
        'The highest growth possible, accepting that I may lose some investments entirely',
      ),
    ],
  },
  {
    key: 'total_loss',
    label: 'How would you feel if you lost all of the money you put into one early-stage company?',
    kind: 'single_choice',
    required: true,
    options: [
      scored(1, 'hardship', 'It would cause me financial hardship'),
      scored(2, 'very_upset', 'Very upset, though I could cope'),
      scored(3, 'disappointed', 'Disappointed, but I invested money I can afford to lose'),
      scored(4, 'expected', 'It is an expected part of investing in early-stage companies'),
    ],
  },
  {
    key: 'horizon',
    label: 'How long could you leave money invested without needing it back?',
    kind: 'single_choice',
    required: true,
    options: [
      scored(1, 'under_2y', 'Less than 2 years'),
      scored(2, '2_5y', '2 to 5 years'),
      scored(3, '5_8y', '5 to 8 years'),
      scored(4, '8y_plus', 'More than 8 years'),
    ],
  },
  {
    key: 'high_risk_share',
    label: 'What share of the money you invest would you put into unlisted, high-risk companies?',
    kind: 'single_choice',
    required: true,
    options: [
      scored(1, 'under_5', 'Less than 5%'),
      scored(2, '5_10', '5% to 10%'),
      scored(3, '10_25', '10% to 25%'),
      scored(4, '25_plus', 'More than 25%'),
    ],
  },
  {
    key: 'experience',
    label: 'How much have you invested in unlisted companies before?',
    kind: 'single_choice',
    required: true,
    options: [
      scored(1, 'none', 'Never'),
      scored(2, 'once_or_twice', 'Once or twice'),
      scored(3, 'several', 'Several times'),
      scored(4, 'regularly', 'Regularly, or as part of my work'),
    ],
  },
];

/** The risk bands a total score falls into: six questions scored 1 to 4 give 6 to 24. */
export const RISK_BANDS = ['cautious', 'balanced', 'adventurous', 'speculative'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];
export const RISK_BAND_RANGES: Record<
  RiskBand,
  { min: number; max: number; label: string; description: string }
> = {
  cautious: {
    min: 6,
    max: 10,
    label: 'Cautious',
    description: 'Prefers to protect capital; high-risk, illiquid investments are unlikely to suit.',
  },
  balanced: {
    min: 11,
    max: 15,
    label: 'Balanced',
    description: 'Accepts some risk for growth; early-stage investments only as a small part of a portfolio.',
  },
  adventurous: {
    min: 16,
    max: 20,
    label: 'Adventurous',
    description: 'Seeks growth and accepts real losses; understands that some investments may fail.',
  },
  speculative: {
    min: 21,
    max: 24,
    label: 'Speculative',
    description:
      'Accepts a high chance of losing individual investments entirely in pursuit of high returns.',
  },
};

export function riskBandOf(score: number): RiskBand {
  return RISK_BANDS.find((band) => score <= RISK_BAND_RANGES[band].max) ?? 'speculative';
}
