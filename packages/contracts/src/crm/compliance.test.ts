import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../validation';
import {
  answersSchema,
  CATEGORISATION_STATEMENT_VERSION,
  categorisationAnswersSchema,
  categorisationExpiry,
  CATEGORISATION_STATEMENTS,
  CONSENT_KINDS,
  currentConsentWording,
  documentSignatureInputSchema,
  DRAWN_SIGNATURE_MAX_BYTES,
  INVESTOR_CATEGORIES,
  QUESTIONNAIRE_FORMS,
  QUESTIONNAIRE_QUESTIONS,
  RISK_BAND_RANGES,
  RISK_BANDS,
  RISK_PROFILE_QUESTIONS,
  riskBandOf,
  scoreAnswers,
  type Question,
} from '../index';

const errorsOf = (
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromZod(result.error as Parameters<typeof fieldErrorsFromZod>[0]);
};

describe('categorisation statements', () => {
  it('has one current statement per category, each ending in a declaration', () => {
    for (const category of INVESTOR_CATEGORIES) {
      const current = CATEGORISATION_STATEMENTS.filter(
        (statement) =>
          statement.category === category && statement.version === CATEGORISATION_STATEMENT_VERSION,
      );
      expect(current, category).toHaveLength(1);
      const keys = current[0]?.questions.map((question) => question.key) ?? [];
      expect(new Set(keys).size, category).toBe(keys.length);
      expect(current[0]?.questions.at(-1)).toMatchObject({
        key: 'declaration',
        kind: 'confirm',
        required: true,
      });
    }
  });

  it('states the regulator’s thresholds', () => {
    const text = (category: string) =>
      CATEGORISATION_STATEMENTS.find((s) => s.category === category)?.text ?? '';
    expect(text('restricted')).toMatch(/not invested more than 10% of my net assets/);
    expect(text('high_net_worth')).toMatch(/£100,000 or more[\s\S]*£250,000 or more/);
    expect(text('self_certified')).toMatch(/at least the last six months[\s\S]*more than one investment/);
  });

  it('checks a certified high net worth investor’s answers, criteria and amounts', () => {
    const schema = categorisationAnswersSchema('high_net_worth');
    expect(
      errorsOf(schema, {
        income_over_100k: true,
        income_amount: 90_000,
        net_assets_over_250k: false,
        declaration: true,
      }),
    ).toEqual({ income_amount: ['An annual income of £100,000 or more is needed to answer yes.'] });
    expect(
      schema.parse({
        income_over_100k: false,
        income_amount: 90_000,
        net_assets_over_250k: true,
        net_assets_amount: 400_000,
        declaration: true,
      }),
    ).toEqual({
      income_over_100k: false,
      net_assets_over_250k: true,
      net_assets_amount: 400_000,
      declaration: true,
    });
  });

  it('wants a certificate from the last three years and a six or seven digit FRN', () => {
    const schema = categorisationAnswersSchema('sophisticated');
    const old = new Date();
    old.setUTCFullYear(old.getUTCFullYear() - 4);
    expect(
      Object.keys(
        errorsOf(schema, {
          certifying_firm: 'Acme',
          certifying_firm_frn: '12',
          certificate_date: old.toISOString().slice(0, 10),
          declaration: true,
        }),
      ).sort(),
    ).toEqual(['certificate_date', 'certifying_firm_frn']);
  });

  it('asks an elective professional client for two of the three criteria', () => {
    const schema = categorisationAnswersSchema('professional');
    expect(
      errorsOf(schema, {
        basis: 'elective',
        elective_criteria: ['portfolio'],
        protections_acknowledged: true,
        declaration: true,
      }),
    ).toEqual({
      elective_criteria: ['An elective professional client must meet at least two of the three criteria.'],
    });
  });

  it('expires twelve months after signing', () => {
    expect(categorisationExpiry(new Date('2025-03-15T10:00:00Z')).toISOString()).toBe(
      '2026-03-15T10:00:00.000Z',
    );
  });
});

describe('questions', () => {
  const questions: Question[] = [
    { key: 'smoker', label: 'Do you smoke?', kind: 'boolean', required: true },
    {
      key: 'per_day',
      label: 'How many a day?',
      kind: 'number',
      required: true,
      min: 1,
      show_if: { key: 'smoker', in: [true] },
    },
    { key: 'notes', label: 'Notes', kind: 'textarea', required: false },
  ];

  it('asks follow-ups only when they apply, and ignores stale answers to hidden ones', () => {
    const schema = answersSchema(questions);
    expect(errorsOf(schema, { smoker: true })).toEqual({
      per_day: ['The answer to “How many a day?” is required.'],
    });
    expect(schema.parse({ smoker: false, per_day: -3, notes: '  ' })).toEqual({ smoker: false });
  });

  it('refuses unknown keys and reports every missing answer at once', () => {
    expect(errorsOf(answersSchema(questions), { colour: 'red' })).toEqual({
      body: ['The value field has unknown keys: colour.'],
      smoker: ['The answer to “Do you smoke?” is required.'],
    });
  });

  it('keeps keys unique within each form', () => {
    for (const form of QUESTIONNAIRE_FORMS) {
      const keys = QUESTIONNAIRE_QUESTIONS[form].map((question) => question.key);
      expect(new Set(keys).size, form).toBe(keys.length);
    }
  });
});

describe('the risk profile', () => {
  it('scores six questions from 6 to 24, and the bands cover every score once', () => {
    expect(RISK_PROFILE_QUESTIONS).toHaveLength(6);
    const lowest = Object.fromEntries(RISK_PROFILE_QUESTIONS.map((q) => [q.key, q.options?.[0]?.value]));
    const highest = Object.fromEntries(RISK_PROFILE_QUESTIONS.map((q) => [q.key, q.options?.at(-1)?.value]));
    expect(scoreAnswers(RISK_PROFILE_QUESTIONS, lowest)).toBe(6);
    expect(scoreAnswers(RISK_PROFILE_QUESTIONS, highest)).toBe(24);
    for (let score = 6; score <= 24; score += 1) {
      const band = riskBandOf(score);
      expect(score).toBeGreaterThanOrEqual(RISK_BAND_RANGES[band].min);
      expect(score).toBeLessThanOrEqual(RISK_BAND_RANGES[band].max);
    }
    expect([6, 10, 11, 15, 16, 20, 21, 24].map(riskBandOf)).toEqual([
      'cautious',
      'cautious',
      'balanced',
      'balanced',
      'adventurous',
      'adventurous',
      'speculative',
      'speculative',
    ]);
    expect(RISK_BANDS).toHaveLength(4);
  });
});

describe('consent and signatures', () => {
  it('has a current wording for every kind of consent', () => {
    for (const kind of CONSENT_KINDS) expect(currentConsentWording(kind)?.text, kind).toBeTruthy();
  });

  it('limits typed and drawn signatures', () => {
    const base = { signer_name: 'Sam Signer', consent: true };
    expect(
      errorsOf(documentSignatureInputSchema, {
        ...base,
        signature_kind: 'typed',
        signature: 'x'.repeat(101),
      }),
    ).toEqual({
      signature: ['A typed signature must not be longer than 100 characters.'],
    });
    const huge = `data:image/png;base64,${'A'.repeat(Math.ceil((DRAWN_SIGNATURE_MAX_BYTES * 4) / 3) + 8)}`;
    expect(
      Object.keys(
        errorsOf(documentSignatureInputSchema, { ...base, signature_kind: 'drawn', signature: huge }),
      ),
    ).toEqual(['signature']);
    expect(
      errorsOf(documentSignatureInputSchema, {
        ...base,
        consent: false,
        signature_kind: 'typed',
        signature: 'S',
      }),
    ).toEqual({
      consent: ['You must agree to sign electronically.'],
    });
  });
});
