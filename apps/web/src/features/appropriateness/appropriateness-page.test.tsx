import { DEFAULT_TERMINOLOGY } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { investorQuestion, staffQuestion, testState } from './appropriateness-test-data';

const QUESTIONS = [
  staffQuestion(1, 'Could you lose all your money?', [
    ['Yes', true],
    ['No', false],
  ]),
  staffQuestion(2, 'Which of these are risks?', [
    ['Illiquidity', true],
    ['Dilution', true],
    ['Guaranteed returns', false],
  ]),
].map(investorQuestion);
const PATH = '/investor/profile/appropriateness';

function open(
  state: MockReply | MockReply[],
  routes: Record<string, MockReply | MockReply[]> = {},
  on = true,
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(on ? ['complianceTest'] : []) }),
    'GET /api/profile/compliance-test': state,
    ...routes,
  });
  return { ...mock, ...renderApp(PATH) };
}

const text = (key: 'test_success' | 'test_fail' | 'test_cooldown') => DEFAULT_TERMINOLOGY[key];

describe('the investor’s appropriateness test', { timeout: 30_000 }, () => {
  it('asks every question with "select all that apply", confirms, submits and shows the pass', async () => {
    const { callsTo } = open(
      [
        json(200, { data: testState({ questions: QUESTIONS }) }),
        json(200, {
          data: testState({
            status: 'passed',
            required: false,
            passed: true,
            tries_used: 1,
            last_attempt: { passed: true, score: 2, total: 2, created_at: '2026-01-02T10:00:00.000000Z' },
          }),
        }),
      ],
      {
        'POST /api/compliance-tests': json(201, {
          data: { passed: true, tries_used: 1, tries_allowed: 3, retry_at: null },
        }),
      },
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Appropriateness test' });
    expect(screen.getByRole('link', { name: 'Appropriateness test' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText(/You have used 0 of your 3 tries/)).toBeInTheDocument();
    // every option is a checkbox: the investor is not told how many are correct
    expect(within(form).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(form).queryAllByRole('radio')).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: 'Yes' }));
    await user.click(within(form).getByRole('button', { name: 'Submit my answers' }));
    expect(await within(form).findByText('Choose at least one answer.')).toBeInTheDocument();
    expect(screen.getByText(/1 still needs an answer/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/compliance-tests')).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: 'Illiquidity' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Dilution' }));
    await user.click(within(form).getByRole('button', { name: 'Submit my answers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    await user.click(within(confirm).getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(callsTo('POST', '/api/compliance-tests')).toHaveLength(1));
    expect(callsTo('POST', '/api/compliance-tests')[0]?.body).toEqual({
      answers: [
        { question_id: 1, option_ids: [10] },
        { question_id: 2, option_ids: [20, 21] },
      ],
    });
    expect(await screen.findByText(text('test_success'))).toBeInTheDocument();
    // the session user is read again: GET /api/user reports compliance_passed
    await waitFor(() => expect(callsTo('GET', '/api/user').length).toBeGreaterThanOrEqual(2));
  });

  it('shows a refusal from the server (the wait) as the form error', async () => {
    open(json(200, { data: testState({ questions: QUESTIONS }) }), {
      'POST /api/compliance-tests': json(
        429,
        { message: 'You can take the test again 24 hours after your last attempt: in 3 hours.' },
        { 'retry-after': '10800' },
      ),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Appropriateness test' });
    for (const name of ['Yes', 'Illiquidity']) await user.click(within(form).getByRole('checkbox', { name }));
    await user.click(within(form).getByRole('button', { name: 'Submit my answers' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Submit your answers?' })).getByRole('button', {
        name: 'Submit answers',
      }),
    );
    expect(await screen.findByText(/again 24 hours after your last attempt: in 3 hours/)).toBeInTheDocument();
  });

  it('after a failure, shows the terminology’s texts and a live countdown to the retry', async () => {
    // The server's clock decides the wait: the countdown runs from its seconds, whatever this clock says.
    const retryAt = new Date(Date.now() + 48 * 3600_000).toISOString();
    open(
      json(200, {
        data: testState({
          status: 'cooldown',
          tries_used: 1,
          retry_at: retryAt,
          retry_in_seconds: 5 * 3600 + 90,
          last_attempt: { passed: false, score: 1, total: 2, created_at: new Date().toISOString() },
        }),
      }),
    );
    expect(await screen.findByText(text('test_fail'))).toBeInTheDocument();
    expect(screen.getByText(text('test_cooldown'))).toBeInTheDocument();
    expect(screen.getByText('You answered 1 of 2 questions correctly.')).toBeInTheDocument();
    const countdown = screen.getByTestId('retry-countdown');
    expect(countdown.textContent).toMatch(/^5 hours 1 minute \d+ seconds?$/);
    const first = countdown.textContent;
    await waitFor(() => expect(screen.getByTestId('retry-countdown').textContent).not.toBe(first), {
      timeout: 2500,
    });
    expect(screen.queryByRole('form', { name: 'Appropriateness test' })).toBeNull();
  });

  it('says when no tries are left, and when the categorisation awaits approval', async () => {
    open(
      json(200, {
        data: testState({
          status: 'no_tries_left',
          tries_used: 3,
          last_attempt: { passed: false, score: 1, total: 2, created_at: new Date().toISOString() },
        }),
      }),
    );
    expect(await screen.findByText(/used all 3 of your tries/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Appropriateness test' })).toBeNull();
  });

  it('explains the wait for the categorisation’s approval', async () => {
    open(json(200, { data: testState({ status: 'awaiting_categorisation' }) }));
    expect(
      await screen.findByText(/opens once your investor categorisation has been approved/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'confirm it first' })).toHaveAttribute(
      'href',
      '/investor/profile/investor-type',
    );
  });

  it('shows a retry when the state cannot be loaded', async () => {
    open(json(500, { message: 'Server Error' }));
    expect(
      await screen.findByText(/The appropriateness test/, { selector: '[role=alert] *' }),
    ).toBeInTheDocument();
  });

  it('is the 404 page, and not in the profile navigation, while the feature is off', async () => {
    open(json(200, { data: testState() }), {}, false);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });
});
