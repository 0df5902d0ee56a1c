import type { ComplianceAttempt } from '@portico/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { categorisation, emptyPage, INVESTOR } from './compliance-test-data';

const attempt = (id: number, passed: boolean, created_at: string): ComplianceAttempt => ({
  id,
  bank: 'standard',
  score: passed ? 2 : 1,
  total: 2,
  passed,
  created_at,
  questions: [
    {
      id: 1,
      question: 'Could you lose all your money?',
      answered_correctly: true,
      options: [
        { id: 10, option: 'Yes', is_correct: true, chosen: true },
        { id: 11, option: 'No', is_correct: false, chosen: false },
      ],
    },
    {
      id: 2,
      question: 'Are you covered by the FSCS?',
      answered_correctly: passed,
      options: [
        { id: 20, option: 'No', is_correct: true, chosen: passed },
        { id: 21, option: 'Yes, up to £85,000', is_correct: false, chosen: !passed },
      ],
    },
  ],
});

function open(attempts: MockReply) {
  setXsrfCookie('token');
  return mockFetch({
    'GET /api/user': json(200, { data: userWithRole(1) }),
    'GET /api/investors/7': json(200, { data: INVESTOR }),
    'GET /api/investors/7/activity': json(200, emptyPage),
    'GET /api/investors/7/categorisations': json(200, { data: [categorisation()] }),
    'GET /api/investors/7/compliance-tests': attempts,
  });
}

describe('appropriateness test attempts on the Investor Category tab', { timeout: 30_000 }, () => {
  it('lists each attempt with its result, score and time, expandable to the answers and the correct ones', async () => {
    open(
      json(200, {
        data: [
          attempt(2, true, '2026-01-03T10:00:00.000000Z'),
          attempt(1, false, '2026-01-01T09:00:00.000000Z'),
        ],
      }),
    );
    renderApp('/admin/investors/7/details/category');
    const section = await screen.findByRole('region', { name: 'Appropriateness test' });
    expect(await within(section).findByText('2 attempts, most recent first.')).toBeInTheDocument();
    const controls = within(section).getAllByRole('button');
    expect(controls.map((control) => control.textContent)).toEqual([
      expect.stringContaining('Passed2 of 2 correct'),
      expect.stringContaining('Failed1 of 2 correct'),
    ]);
    const failed = controls[1] as HTMLElement;
    await userEvent.setup().click(failed);
    const panel = document.getElementById(failed.getAttribute('aria-controls') ?? '') as HTMLElement;
    const fscs = await within(panel).findByText(/^2\. Are you covered by the FSCS\?/);
    expect(fscs).toBeVisible();
    expect(fscs).toHaveTextContent('2. Are you covered by the FSCS? (answered wrongly)');
    const wrong = within(panel).getByText('Yes, up to £85,000').closest('li') as HTMLElement;
    expect(within(wrong).getByText('Chosen')).toBeInTheDocument();
    const right = within(panel).getAllByText('No')[1]?.closest('li') as HTMLElement;
    expect(within(right).getByText('Correct')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    open(json(200, { data: [] }));
    renderApp('/admin/investors/7/details/category');
    const section = await screen.findByRole('region', { name: 'Appropriateness test' });
    expect(await within(section).findByText('No attempts yet')).toBeInTheDocument();
  });
});
