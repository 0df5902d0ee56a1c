// Plain constants, no zod: the web app's first page imports these through '@portico/contracts/constants'.
/** The brand's colours (spec §9 defaults: dark navy, a lighter blue, yellow, status greens and reds). */
export const COLOUR_KEYS = [
  'primary',
  'primaryLighter',
  'secondary',
  'success',
  'successLighter',
  'danger',
  'dangerLighter',
] as const;
export type ColourKey = (typeof COLOUR_KEYS)[number];
export type Colours = Record<ColourKey, string>;

export const DEFAULT_COLOURS: Colours = {
  primary: '#0b1f3a',
  primaryLighter: '#2f6fde',
  secondary: '#f5c242',
  success: '#2e9e5b',
  successLighter: '#e3f4ea',
  danger: '#d64545',
  dangerLighter: '#fbe9e9',
};

export const COLOUR_LABELS: Record<ColourKey, string> = {
  primary: 'Primary',
  primaryLighter: 'Primary (lighter)',
  secondary: 'Secondary',
  success: 'Success',
  successLighter: 'Success (light background)',
  danger: 'Danger',
  dangerLighter: 'Danger (light background)',
};

export const TERMS_FORMATS = ['url', 'text'] as const;
export type TermsFormat = (typeof TERMS_FORMATS)[number];
export const INVESTOR_NAV_VARIANTS = [0, 1, 2] as const;

/** The regulator's banner text (spec §2.3), never editable. */
export const RISK_BANNER_TEXT =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.";
export const RISK_BANNER_LINK = 'Take 2 mins to learn more.';
