import { ROLES, type ComplianceBank, type ComplianceSnapshotAnswer } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { auditLog, complianceAttempts, users } from '../db/schema';
import { refreshOnboardingState } from '../modules/investors/investors.repository';
import { toSnapshot } from '../modules/compliance-tests/compliance-tests.mapper';
import {
  insertQuestion,
  listQuestions,
  replaceOptions,
  saveSettings,
} from '../modules/compliance-tests/compliance-tests.repository';

type DemoQuestion = { question: string; options: Array<[string, boolean]> };

/** A realistic UK appropriateness test (COBS 10 style): the risks of investing in unlisted companies. */
export const DEMO_STANDARD_QUESTIONS: DemoQuestion[] = [
  {
    question:
      'If you invest in an early-stage company through this platform, how much of the money you invest could you lose?',
    options: [
      ['At most half of it', false],
      ['All of it', true],
      ['None of it: the platform guarantees my capital', false],
    ],
  },
  {
    question: 'How easily can you sell shares in an unlisted early-stage company?',
    options: [
      [
        'It may be difficult or impossible to sell them until the company is sold or lists, which can take many years',
        true,
      ],
      ['I can sell them on the platform whenever I want', false],
      ['They can be sold on the London Stock Exchange at any time', false],
    ],
  },
  {
    question: 'If the company raises more money later, what can happen to your shareholding?',
    options: [
      ['My percentage is always protected', false],
      ['Nothing: later rounds never affect earlier investors', false],
      ['My percentage of the company can be diluted, so I own a smaller share of it', true],
    ],
  },
  {
    question:
      'Are you protected by the Financial Services Compensation Scheme (FSCS) if the company you invest in fails?',
    options: [
      ['Yes, up to £85,000', false],
      ['No: the FSCS does not cover losses from an investment that performs badly', true],
      ['Yes, in full', false],
    ],
  },
  {
    question:
      'Can the Financial Ombudsman Service (FOS) compensate you if the company you invest in performs poorly?',
    options: [
      ['No: the FOS does not compensate for an investment that simply performs poorly', true],
      ['Yes, it will refund my investment', false],
    ],
  },
  {
    question:
      'Which of these help to manage the risk of investing in early-stage companies? (select all that apply)',
    options: [
      ['Spreading my money across several investments', true],
      ['Putting most of my savings into a single company', false],
      ['Investing only money I can afford to lose', true],
    ],
  },
  {
    question: 'How often do early-stage companies usually pay dividends?',
    options: [
      ['Every quarter', false],
      ['Every year, by law', false],
      ['Rarely: most pay none for many years, if ever', true],
    ],
  },
  {
    question:
      'Which of these are conditions for keeping Enterprise Investment Scheme (EIS) income tax relief? (select all that apply)',
    options: [
      ['I must hold the shares for at least three years', true],
      ['The company must keep meeting the EIS rules during that time', true],
      ['The relief is guaranteed whatever happens to the company', false],
    ],
  },
  {
    question: 'What does it mean that tax reliefs depend on your individual circumstances?',
    options: [
      ['Everyone receives the same benefit, fixed for ever', false],
      ['The benefit depends on my own tax position, and the rules may change', true],
    ],
  },
];

/** The shorter bank used in risk-warning mode (spec §7: the second variant of the questions). */
export const DEMO_RISK_WARNING_QUESTIONS: DemoQuestion[] = [
  {
    question: 'Could you lose all the money you invest?',
    options: [
      ['Yes', true],
      ['No', false],
    ],
  },
  {
    question: 'Are you likely to be protected if something goes wrong?',
    options: [
      ['Yes: the FSCS will repay me', false],
      ['No: the FSCS and the Financial Ombudsman Service are unlikely to protect me', true],
    ],
  },
  {
    question: 'Can you sell your investment whenever you want?',
    options: [
      ['No: it may take years, or be impossible', true],
      ['Yes, at any time', false],
    ],
  },
  {
    question: 'How much of your net assets should you put into high-risk investments like these?',
    options: [
      ['As much as possible in one company, to maximise the return', false],
      ['No more than 10%, spread across several investments', true],
    ],
  },
];

export const DEMO_COMPLIANCE_TRIES = 3;
const DAY_MS = 86_400_000;

/**
 * The appropriateness test in the demo: both banks, three tries, and investor@portico.test having
 * failed once and then passed (so staff see the evidence); investor2@portico.test has yet to take it.
 */
export async function seedComplianceTestDemo(ctx: AppContext, bank: ComplianceBank, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    await saveSettings(tx, DEMO_COMPLIANCE_TRIES);
    for (const [name, questions] of [
      ['standard', DEMO_STANDARD_QUESTIONS],
      ['risk_warning', DEMO_RISK_WARNING_QUESTIONS],
    ] as const)
      for (const [position, item] of questions.entries()) {
        const row = await insertQuestion(tx, { bank: name, question: item.question, position });
        await replaceOptions(
          tx,
          row.id,
          item.options.map(([option, is_correct]) => ({ option, is_correct })),
        );
      }

    const [investor] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, 'investor@portico.test'), eq(users.role_id, ROLES.USER)));
    if (!investor) return;
    const offered = await listQuestions(tx, bank, true);
    const snapshot = toSnapshot(offered);
    const correct = (): ComplianceSnapshotAnswer[] =>
      snapshot.map((question) => ({
        question_id: question.id,
        option_ids: question.options.filter((option) => option.is_correct).map((option) => option.id),
      }));
    // The first try got the last question wrong (one wrong option chosen instead of the right ones).
    const firstTry = correct().map((answer, index) => {
      if (index !== snapshot.length - 1) return answer;
      const wrong = snapshot[index]?.options.find((option) => !option.is_correct);
      return { ...answer, option_ids: wrong ? [wrong.id] : answer.option_ids };
    });
    const failedAt = new Date(now.getTime() - 50 * DAY_MS);
    const passedAt = new Date(now.getTime() - 48 * DAY_MS);
    const total = snapshot.length;
    const attempts = [
      { answers: firstTry, score: total - 1, passed: false, at: failedAt },
      { answers: correct(), score: total, passed: true, at: passedAt },
    ];
    for (const [index, attempt] of attempts.entries()) {
      const [row] = await tx
        .insert(complianceAttempts)
        .values({
          user_id: investor.id,
          bank,
          questions: snapshot,
          answers: attempt.answers,
          score: attempt.score,
          total,
          passed: attempt.passed,
          created_at: attempt.at,
        })
        .returning({ id: complianceAttempts.id });
      await tx.insert(auditLog).values({
        actor_id: investor.id,
        action: attempt.passed ? 'compliance_test.passed' : 'compliance_test.failed',
        subject_type: 'investor',
        subject_id: investor.id,
        after: {
          attempt_id: row?.id ?? null,
          bank,
          score: attempt.score,
          total,
          tries_used: index + 1,
          tries_allowed: bank === 'risk_warning' ? 9999 : DEMO_COMPLIANCE_TRIES,
        },
        created_at: attempt.at,
      });
    }
    await tx
      .update(users)
      .set({ compliance_passed: 1, compliance_tries: attempts.length })
      .where(eq(users.id, investor.id));
    await refreshOnboardingState(tx, investor.id);
  });
}
