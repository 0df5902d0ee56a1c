import type { ComplianceQuestion, ProfileComplianceTest } from '@portico/contracts';

/** Test data of the appropriateness feature's component tests. */
export function staffQuestion(
  id: number,
  question: string,
  options: Array<[string, boolean]>,
  overrides: Partial<ComplianceQuestion> = {},
): ComplianceQuestion {
  return {
    id,
    question,
    bank: 'standard',
    position: id,
    active: true,
    created_at: '2026-01-01T10:00:00.000000Z',
    updated_at: '2026-01-01T10:00:00.000000Z',
    options: options.map(([option, is_correct], index) => ({
      id: id * 10 + index,
      option,
      is_correct,
      position: index,
    })),
    ...overrides,
  };
}

/** The same question as an investor receives it: no is_correct, no staff fields. */
export const investorQuestion = (question: ComplianceQuestion): ComplianceQuestion => ({
  id: question.id,
  question: question.question,
  options: (question.options ?? []).map((option) => ({ id: option.id, option: option.option })),
});

export function testState(overrides: Partial<ProfileComplianceTest> = {}): ProfileComplianceTest {
  return {
    status: 'open',
    required: true,
    passed: false,
    bank: 'standard',
    tries_used: 0,
    tries_allowed: 3,
    retry_at: null,
    retry_in_seconds: null,
    last_attempt: null,
    questions: [],
    ...overrides,
  };
}
