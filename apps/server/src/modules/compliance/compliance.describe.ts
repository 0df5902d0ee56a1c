import {
  CATEGORY_TERMS,
  CONSENT_LABELS,
  DEFAULT_TERMINOLOGY,
  INVESTOR_CATEGORIES,
  QUESTIONNAIRE_FORMS,
  QUESTIONNAIRE_TITLES,
  RISK_BAND_RANGES,
  RISK_BANDS,
  type ConsentKind,
} from '@portico/contracts';

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
const among = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Words the activity timeline uses for the compliance tabs' audit rows. */
export const complianceWords = {
  /** "a certified sophisticated investor" */
  category(value: unknown) {
    if (!among(INVESTOR_CATEGORIES, value)) return 'an investor';
    const label = lower(DEFAULT_TERMINOLOGY[CATEGORY_TERMS[value]]);
    return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
  },
  /** "certified sophisticated investor" */
  categoryName(value: unknown) {
    return among(INVESTOR_CATEGORIES, value) ? lower(DEFAULT_TERMINOLOGY[CATEGORY_TERMS[value]]) : 'investor';
  },
  /** "Fact find" */
  form(value: unknown) {
    return among(QUESTIONNAIRE_FORMS, value) ? QUESTIONNAIRE_TITLES[value] : 'Questionnaire';
  },
  /** "balanced" */
  riskBand(value: unknown) {
    return among(RISK_BANDS, value) ? lower(RISK_BAND_RANGES[value].label) : '';
  },
  /** "marketing", "data sharing" */
  consent(value: unknown) {
    return typeof value === 'string' && value in CONSENT_LABELS
      ? lower(CONSENT_LABELS[value as ConsentKind])
      : 'contact';
  },
};
