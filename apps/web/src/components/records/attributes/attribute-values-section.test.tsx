import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { AttributeValuesSection } from './attribute-values-section';

const SECTORS = {
  attribute_id: 4,
  name: 'Preferred sectors',
  type: 'multi_select',
  help_text: 'What they want to hear about',
  options: [
    { id: 1, label: 'Fintech', position: 0 },
    { id: 2, label: 'Climate', position: 1 },
  ],
  value: [1],
  display: 'Fintech',
};
const CHEQUE = {
  attribute_id: 5,
  name: 'Typical cheque',
  type: 'number',
  help_text: null,
  options: [],
  value: null,
  display: null,
};

function render(canEdit: boolean) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/investors/7/attribute-values': json(200, { data: [SECTORS, CHEQUE] }),
    'PUT /api/investors/7/attribute-values': json(422, {
      message: 'Typical cheque must be a number, e.g. 42 or 1250.5 (up to 15 digits and 6 decimals).',
      errors: {
        'values.5': ['Typical cheque must be a number, e.g. 42 or 1250.5 (up to 15 digits and 6 decimals).'],
      },
    }),
  });
  renderWithProviders(<AttributeValuesSection subjectType="investor" subjectId={7} canEdit={canEdit} />, {
    session: { status: 'authenticated', user: userWithRole(1) },
  });
  return mock;
}

describe('AttributeValuesSection', () => {
  it('shows each value in words, and "Not set" for the others', async () => {
    render(false);
    expect(await screen.findByText('Fintech')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit attributes' })).not.toBeInTheDocument();
  });

  it('sends every value at once and puts a refused one on its field', async () => {
    const { callsTo } = render(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit attributes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attributes' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Typical cheque' }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save attributes' }));
    await waitFor(() => expect(callsTo('PUT', '/api/investors/7/attribute-values')).toHaveLength(1));
    expect(callsTo('PUT', '/api/investors/7/attribute-values')[0]?.body).toEqual({
      values: { '4': [1], '5': 'lots' },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Typical cheque' })).toHaveAccessibleDescription(
        'Typical cheque must be a number, e.g. 42 or 1250.5 (up to 15 digits and 6 decimals).',
      ),
    );
  });
});
