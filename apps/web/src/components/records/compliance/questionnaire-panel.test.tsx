import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { QuestionnairePanel } from './questionnaire-panel';

const PATH = '/api/contacts/7/questionnaires/risk-profile';

const ANSWERS = {
  fall_reaction: 'hold',
  risk_return: 'growth',
  total_loss: 'disappointed',
  horizon: '5_8y',
  high_risk_share: '10_25',
  experience: 'none',
};

const response = (id: number, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  form: 'risk_profile',
  answers,
  score: 16,
  risk_band: 'adventurous',
  recorded_by: { id: 40, name: 'Tom Fletcher' },
  created_at: '2024-05-02T10:00:00.000000Z',
  ...extra,
});

const questionnaire = (current: unknown, history: unknown[] = []) => ({
  data: { form: 'risk_profile', subject_type: 'contact', subject_id: 7, current, history },
});

function renderPanel(routes: Record<string, MockReply | MockReply[]>, roleId: 1 | 9 | 10 = 1) {
  setXsrfCookie('token');
  const mock = mockFetch(routes);
  const view = renderWithProviders(
    <QuestionnairePanel
      subjectPath="/api/contacts/7"
      form="risk_profile"
      record={{ type: 'contact', id: 7 }}
    />,
    { session: { status: 'authenticated', user: userWithRole(roleId, { id: 40 }) } },
  );
  return { ...mock, ...view };
}

describe('the questionnaire panel', () => {
  it('shows the current answers, their score, who saved them, and every earlier version', async () => {
    renderPanel({
      [`GET ${PATH}`]: json(
        200,
        questionnaire(response(3, ANSWERS), [
          response(
            2,
            { ...ANSWERS, fall_reaction: 'sell_some' },
            {
              score: 15,
              risk_band: 'balanced',
              recorded_by: { id: 41, name: 'Grace Li' },
              created_at: '2024-04-01T09:00:00.000000Z',
            },
          ),
        ]),
      ),
    });
    expect(await screen.findByText('Adventurous: score 16 of 24')).toBeInTheDocument();
    expect(
      screen.getByText(/^Saved 2 May 2024, \d\d:\d\d by Tom Fletcher · 1 answer changed$/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Hold on and wait')).toHaveLength(1);
    const history = screen.getByRole('region', { name: 'Earlier versions' });
    // The current answer; the earlier version's own "Never" may be in its closed panel, depending on
    // whether Mantine keeps closed panels mounted (it did in some test orders).
    expect(screen.getAllByText('Never').filter((node) => !history.contains(node))).toHaveLength(1);

    const earlier = within(history).getByRole('button', { name: /Saved 1 Apr 2024, \d\d:\d\d by Grace Li/ });
    expect(earlier).toHaveTextContent('First version');
    const user = userEvent.setup();
    await user.click(earlier);
    const answer = await within(history).findByText('Sell some of it');
    // The panel opens with a transition.
    await waitFor(() => expect(answer).toBeVisible());
    expect(within(history).getByText('Balanced: score 15 of 24')).toBeInTheDocument();
  });

  it('saves edited answers with PUT, and shows the new version', async () => {
    const saved = response(4, { ...ANSWERS, experience: 'several' }, { score: 18 });
    const { callsTo } = renderPanel({
      [`GET ${PATH}`]: json(200, questionnaire(response(3, ANSWERS))),
      [`PUT ${PATH}`]: json(200, questionnaire(saved, [response(3, ANSWERS)])),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit answers' }));
    const experience = screen.getByRole('radiogroup', {
      name: 'How much have you invested in unlisted companies before?',
    });
    expect(within(experience).getByRole('radio', { name: 'Never' })).toBeChecked();
    await user.click(within(experience).getByRole('radio', { name: 'Several times' }));
    await user.click(screen.getByRole('button', { name: 'Save answers' }));

    await waitFor(() => expect(callsTo('PUT', PATH)).toHaveLength(1));
    expect(callsTo('PUT', PATH)[0]?.body).toEqual({ answers: { ...ANSWERS, experience: 'several' } });
    expect(await screen.findByText('Adventurous: score 18 of 24')).toBeInTheDocument();
    expect(screen.getByText('Several times')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save answers' })).not.toBeInTheDocument();
  });

  it('checks required answers before sending, and shows the server 422 on its question', async () => {
    const { callsTo } = renderPanel({
      [`GET ${PATH}`]: json(200, questionnaire(null)),
      [`PUT ${PATH}`]: json(422, {
        message: 'The selected horizon is invalid.',
        errors: { 'answers.horizon': ['The selected horizon is invalid.'] },
      }),
    });
    expect(await screen.findByText('Not filled in yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fill in the risk profile' }));
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(
      screen.getByText(
        'The answer to “How long could you leave money invested without needing it back?” is required.',
      ),
    ).toBeInTheDocument();
    expect(callsTo('PUT', PATH)).toHaveLength(0);

    const choose = async (question: string, option: string) =>
      user.click(
        within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: option }),
      );
    await choose(
      'If an investment you hold fell by a quarter in a few months, what would you most likely do?',
      'Hold on and wait',
    );
    await choose(
      'Which best describes what you want from investing?',
      'Strong growth, accepting real losses along the way',
    );
    await choose(
      'How would you feel if you lost all of the money you put into one early-stage company?',
      'Disappointed, but I invested money I can afford to lose',
    );
    await choose('How long could you leave money invested without needing it back?', '5 to 8 years');
    await choose(
      'What share of the money you invest would you put into unlisted, high-risk companies?',
      '10% to 25%',
    );
    await choose('How much have you invested in unlisted companies before?', 'Never');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));

    await waitFor(() => expect(callsTo('PUT', PATH)).toHaveLength(1));
    expect(callsTo('PUT', PATH)[0]?.body).toEqual({ answers: ANSWERS });
    const horizon = screen.getByRole('radiogroup', {
      name: 'How long could you leave money invested without needing it back?',
    });
    // The server's 422 sits on its question: the group is described by the message.
    await waitFor(() => expect(horizon).toHaveAccessibleDescription('The selected horizon is invalid.'));
    expect(screen.getByRole('button', { name: 'Save answers' })).toBeEnabled();
  });

  it('offers no editing to a role that may not change the record', async () => {
    renderPanel({ [`GET ${PATH}`]: json(200, questionnaire(response(3, ANSWERS))) }, 9);
    expect(await screen.findByText('Hold on and wait')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit answers' })).not.toBeInTheDocument();
  });
});
