import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeatureKey } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { staffQuestion } from './appropriateness-test-data';

const LOSE = staffQuestion(1, 'Could you lose all your money?', [
  ['Yes', true],
  ['No', false],
]);
const SELL = staffQuestion(2, 'Can you sell whenever you like?', [
  ['No', true],
  ['Yes', false],
]);
const RISK = staffQuestion(
  3,
  'Is this a high-risk investment?',
  [
    ['Yes', true],
    ['No', false],
  ],
  { bank: 'risk_warning', position: 0 },
);
const PATH = '/admin/settings/investor/appropriateness-test';

function open(
  features: FeatureKey[] = ['complianceTest'],
  routes: Record<string, MockReply | MockReply[]> = {},
  roleId: 1 | 10 = 1,
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/compliance-settings/1': json(200, { data: { id: 1, compliance_tries: 3 } }),
    'GET /api/compliance-questions': json(200, { data: [LOSE, SELL] }),
    'GET /api/compliance-questions?include=options&filter[bank]=risk_warning': json(200, { data: [RISK] }),
    ...routes,
  });
  return { ...mock, ...renderApp(PATH) };
}

describe('settings → investor → appropriateness test', { timeout: 30_000 }, () => {
  it('shows the allowed tries and the questions in order with the correct options marked', async () => {
    open();
    expect(
      await screen.findByRole('heading', { name: 'Appropriateness test', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Allowed tries' })).toHaveValue('3');
    const table = await screen.findByRole('table', { name: 'Appropriateness test questions' });
    await within(table).findByText('Could you lose all your money?');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('(correct)', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Appropriateness test' })).toHaveAttribute('href', PATH);
    // no second bank while the risk warning is off
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('saves the allowed tries; 0 means unlimited', async () => {
    const { callsTo } = open(['complianceTest'], {
      'PATCH /api/compliance-settings/1': json(200, { data: { id: 1, compliance_tries: 9999 } }),
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Allowed tries' });
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save tries' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/compliance-settings/1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/compliance-settings/1')[0]?.body).toEqual({ compliance_tries: 0 });
    expect(await screen.findByText(/Now: Unlimited/)).toBeInTheDocument();
  });

  it('adds a question: every option filled and one marked correct, the server’s errors shown', async () => {
    const created = staffQuestion(4, 'Are you covered by the FSCS?', [
      ['No', true],
      ['Yes', false],
    ]);
    const { callsTo } = open(['complianceTest'], {
      'POST /api/compliance-questions': [
        json(422, {
          message: 'The question field is invalid.',
          errors: { question: ['The question field is invalid.'] },
        }),
        json(201, { data: created }),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a question' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Question' }),
      'Are you covered by the FSCS?',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'No');
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Yes');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    expect(await within(dialog).findByText('Mark at least one option as correct.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/compliance-questions')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Option 1 is correct' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(
        'The question field is invalid.',
      ),
    );
    expect(callsTo('POST', '/api/compliance-questions')[0]?.body).toEqual({
      bank: 'standard',
      question: 'Are you covered by the FSCS?',
      active: true,
      options: [
        { option: 'No', is_correct: true },
        { option: 'Yes', is_correct: false },
      ],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a question' })).toBeNull());
  });

  it('edits a question keeping its option ids and reordering them, moves one down and deletes one after confirming', async () => {
    // The server's order, as the reorder leaves it.
    let order = [LOSE, SELL];
    const { callsTo } = open(['complianceTest'], {
      'GET /api/compliance-questions': () => json(200, { data: order }),
      'PATCH /api/compliance-questions/1': json(200, { data: LOSE }),
      'POST /api/compliance-questions/reorder': () => {
        order = [SELL, LOSE];
        return json(200, { data: order });
      },
      'DELETE /api/compliance-questions/2': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for question 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    const first = within(dialog).getByRole('textbox', { name: 'Option 1' });
    await user.clear(first);
    await user.type(first, 'Yes, all of it');
    await user.click(within(dialog).getByRole('button', { name: 'Move option 2 up' }));
    expect(within(dialog).getByRole('textbox', { name: 'Option 1' })).toHaveValue('No');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/compliance-questions/1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/compliance-questions/1')[0]?.body).toEqual({
      question: 'Could you lose all your money?',
      active: true,
      options: [
        { id: 11, option: 'No', is_correct: false },
        { id: 10, option: 'Yes, all of it', is_correct: true },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    await waitFor(() => expect(callsTo('POST', '/api/compliance-questions/reorder')).toHaveLength(1));
    expect(callsTo('POST', '/api/compliance-questions/reorder')[0]?.body).toEqual({
      bank: 'standard',
      ids: [2, 1],
    });

    const table = screen.getByRole('table', { name: 'Appropriateness test questions' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Can you sell whenever you like?'),
    );
    await user.click(screen.getByRole('button', { name: 'Actions for question 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete question' });
    expect(callsTo('DELETE', '/api/compliance-questions/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete question' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/compliance-questions/2')).toHaveLength(1));
  });

  it('offers the second bank on its own tab while the risk warning is on, and opens on it', async () => {
    open(['complianceTest', 'riskWarning']);
    const tab = await screen.findByRole('tab', { name: 'Risk warning test (in use)' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Is this a high-risk investment?')).toBeInTheDocument();
    expect(screen.getByText(/risk warning test is used, with unlimited tries/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Appropriateness test' }));
    expect(await screen.findByText('Could you lose all your money?')).toBeInTheDocument();
  });

  it('is the 404 page while the feature is off', async () => {
    open([]);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });

  it('says so when the questions cannot be loaded', async () => {
    open(['complianceTest'], {
      'GET /api/compliance-questions': json(500, { message: 'Server Error' }),
    });
    expect(await screen.findByText(/The questions/)).toBeInTheDocument();
  });
});
