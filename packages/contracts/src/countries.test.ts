import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import {
  answersSchema,
  COUNTRY_CODES,
  countrySchema,
  isCountryCode,
  QUESTIONNAIRE_QUESTIONS,
  updateContactInputSchema,
} from './index';
import { fieldErrorsFromZod } from './validation';

describe('country codes', () => {
  it('are exactly the alpha-2 codes of i18n-iso-countries (run scripts/generate-country-codes.mjs)', () => {
    expect([...COUNTRY_CODES]).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
  });

  it.each(['GB', 'US', 'FR', 'JE'])('%s is a country', (code) => {
    expect(isCountryCode(code)).toBe(true);
  });

  it.each(['UN', 'XX', 'UK', 'gb', 'GBR', ''])('%s is not', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });
});

describe('countrySchema (addresses)', () => {
  it('takes a real code in any case, and "" clears it', () => {
    expect(countrySchema.parse('GB')).toBe('GB');
    expect(countrySchema.parse(' gb ')).toBe('GB');
    expect(countrySchema.parse('')).toBeNull();
    expect(countrySchema.parse(null)).toBeNull();
  });

  it.each(['UN', 'XX', 'United Kingdom'])('refuses %s on the country field', (country) => {
    const result = updateContactInputSchema.safeParse({ country });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({
      country: ['The country field must be a country from the list (ISO code, e.g. GB).'],
    });
  });
});

describe('country questions (nationality, country of residence)', () => {
  const questions = QUESTIONNAIRE_QUESTIONS.registration_form.filter((q) => q.kind === 'country');

  it('are the questionnaire questions of kind country', () => {
    expect(questions.map((q) => q.key)).toEqual(['nationality', 'country']);
  });

  it('accept GB and refuse UN and XX', () => {
    const schema = answersSchema(questions);
    expect(schema.safeParse({ nationality: 'GB', country: 'gb' }).data).toEqual({
      nationality: 'GB',
      country: 'GB',
    });
    const result = schema.safeParse({ nationality: 'UN', country: 'XX' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrorsFromZod(result.error)).sort()).toEqual(['country', 'nationality']);
  });
});
