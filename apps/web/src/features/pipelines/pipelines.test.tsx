import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { PipelineStagesPage } from './pages/pipeline-stages-page';

const stamp = '2026-01-01T00:00:00.000000Z';
const stage = (id: number, name: string, position: number, deals_count = 0) => ({
  id,
  pipeline_id: 1,
  name,
  position,
  deals_count,
  created_at: stamp,
  updated_at: stamp,
});
const STAGES = [stage(11, 'Alpha', 0, 2), stage(12, 'Bravo', 1), stage(13, 'Charlie', 2)];
const PIPELINE = {
  id: 1,
  name: 'Venture deal flow',
  position: 0,
  stages_count: 3,
  deals_count: 2,
  stages: STAGES,
  created_at: stamp,
  updated_at: stamp,
};

function open(roleId: 1 | 3) {
  setXsrfCookie('token');
  const fetched = mockFetch({
    // as loaded, then as the server has it after a reorder
    'GET /api/pipelines/1': [
      json(200, { data: PIPELINE }),
      json(200, { data: { ...PIPELINE, stages: [STAGES[1], STAGES[0], STAGES[2]] } }),
    ],
    'POST /api/pipelines/1/stages/reorder': json(200, { data: [STAGES[1], STAGES[0], STAGES[2]] }),
    'DELETE /api/pipelines/1/stages/11': new Response(null, { status: 204 }),
  });
  // The page reads the pipeline's id from its route's :id.
  renderWithProviders(<Navigate to="/admin/settings/account/pipelines/1/stages" />, {
    routes: [{ path: '/admin/settings/account/pipelines/:id/stages', element: <PipelineStagesPage /> }],
    session: { status: 'authenticated', user: userWithRole(roleId, { id: 40 }) },
  });
  return fetched;
}

const order = () =>
  within(screen.getByRole('list', { name: 'Stages of Venture deal flow' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-stage'));

afterEach(() => vi.unstubAllGlobals());

describe('the stages editor', { timeout: 30_000 }, () => {
  it('lists the stages in order and moves one up, showing the new order at once', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(1);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Venture deal flow: stages' }),
    ).toBeInTheDocument();
    expect(order()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.getByRole('button', { name: 'Drag Alpha to reorder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Bravo up' }));
    await waitFor(() => expect(order()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    await waitFor(() => expect(callsTo('POST', '/api/pipelines/1/stages/reorder')).toHaveLength(1));
    expect(callsTo('POST', '/api/pipelines/1/stages/reorder')[0]?.body).toEqual({ ids: [12, 11, 13] });
  });

  it('removes a stage that holds deals only after choosing where they go', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(1);
    await screen.findByRole('heading', { level: 1, name: 'Venture deal flow: stages' });
    await user.click(screen.getByRole('button', { name: 'Actions for Alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove stage' });
    expect(within(dialog).getByText(/It holds 2 deals/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move and remove' }));
    expect(within(dialog).getByText('Choose the stage its deals move to.')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/pipelines/1/stages/11')).toHaveLength(0);

    // the input (its listbox is labelled by the same label)
    const target = within(dialog).getAllByLabelText(/Move its deals to/)[0];
    if (!target) throw new Error('no stage select');
    await user.click(target);
    await user.click(await screen.findByRole('option', { name: 'Charlie' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move and remove' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/pipelines/1/stages/11')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/pipelines/1/stages/11')[0]?.path).toBe(
      '/api/pipelines/1/stages/11?move_to_stage_id=13',
    );
  });

  it('only lists the stages for a role that may not change pipelines', async () => {
    open(3);
    await screen.findByRole('heading', { level: 1, name: 'Venture deal flow: stages' });
    expect(order()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.queryByRole('button', { name: /Drag Alpha/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add stage' })).not.toBeInTheDocument();
  });
});
