import { TextInput } from '@mantine/core';
import { listQueryString, type PaginationMeta } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderWithProviders } from '../../testing/render';
import { LinkedPeopleSection, type LinkedPeopleParams } from './linked-people-section';

interface Backer {
  id: number;
  investor: { id: number; name: string; email: string };
  pledge: string | null;
  created_at: string;
}

const OLIVIA: Backer = {
  id: 21,
  investor: { id: 7, name: 'Olivia Carter', email: 'olivia@example.com' },
  pledge: '£5,000',
  created_at: '2024-05-02T10:15:30.000000Z',
};

const backersQuery = ({ search, filter, page }: LinkedPeopleParams) =>
  queryOptions({
    queryKey: ['funds', 4, 'backers', { search, filter, page }],
    queryFn: ({ signal }) =>
      api.get<{ data: Backer[]; meta: PaginationMeta }>(
        `/api/funds/4/backers?${listQueryString({ filter: { search, tier: filter }, page })}`,
        undefined,
        { signal },
      ),
  });

/** Any record's linked investors: here a fund's backers, with a pledge each and a tier to filter by. */
function FundBackers({
  add,
  remove,
}: {
  add: (input: { user_id: number; pledge: string }) => Promise<unknown>;
  remove: (backer: Backer) => Promise<unknown>;
}) {
  return (
    <LinkedPeopleSection
      title="Backers"
      noun={{ one: 'backer', many: 'backers' }}
      description="1 backer."
      caption="Backers of Growth Fund"
      searchPlaceholder="Name or email"
      filter={{
        label: 'Tier',
        placeholder: 'Any tier',
        options: [
          { value: 'gold', label: 'Gold' },
          { value: 'silver', label: 'Silver' },
        ],
      }}
      query={backersQuery}
      columns={[{ key: 'pledge', header: 'Pledge', render: (backer) => backer.pledge ?? '—' }]}
      linkedHeader="Since"
      emptyText={{ mayChange: 'Add the investors who back it.', readOnly: 'Nobody backs it yet.' }}
      resource="investors"
      add={{
        title: 'Add a backer of Growth Fund',
        choosePerson: 'Choose the investor who backs it.',
        initialValues: { pledge: '' },
        fields: (form) => <TextInput label="Pledge" {...form.getInputProps('pledge')} />,
        schema: { safeParse: () => ({ success: true }) },
        payloadOf: (userId, values) => ({ user_id: userId, pledge: values.pledge }),
        submit: add,
        addedMessage: 'Growth Fund has a new backer.',
      }}
      remove={{
        submit: remove,
        question: (investor) => <>Remove {investor} from the backers of Growth Fund?</>,
        removedMessage: (backer) => `${backer.investor.name} no longer backs Growth Fund.`,
      }}
    />
  );
}

function open(roleId: 1 | 9, backers: Backer[] = [OLIVIA]) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/funds/4/backers': json(200, paginated(backers)),
    'GET /api/investors': json(
      200,
      paginated([
        { id: 8, name: 'Ben Adams', email: 'ben@example.com' },
        { id: 9, name: 'Bella Stone', email: 'bella@example.com' },
      ]),
    ),
  });
  const add = vi.fn(() => Promise.resolve());
  const remove = vi.fn(() => Promise.resolve());
  renderWithProviders(<FundBackers add={add} remove={remove} />, {
    session: { status: 'authenticated', user: userWithRole(roleId, { id: 40 }) },
  });
  return { ...mock, add, remove };
}

describe('the investors linked to a record', { timeout: 30_000 }, () => {
  it('lists them with the record’s own columns, searched and filtered through its query', async () => {
    const { callsTo } = open(1);
    const table = await screen.findByRole('table', { name: 'Backers of Growth Fund' });
    expect(await within(table).findByRole('link', { name: 'Olivia Carter' })).toHaveAttribute(
      'href',
      '/admin/investors/7/details',
    );
    expect(within(table).getByText('£5,000')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Since' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Tier' }));
    await user.click(await screen.findByRole('option', { name: 'Gold' }));
    await waitFor(() =>
      expect(callsTo('GET', '/api/funds/4/backers').at(-1)?.path).toContain('filter%5Btier%5D=gold'),
    );
  });

  it('adds an investor picked by name with the record’s own fields, and says so', async () => {
    const { add } = open(1);
    await screen.findByRole('table', { name: 'Backers of Growth Fund' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add backer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a backer of Growth Fund' });

    await user.click(within(dialog).getByRole('button', { name: 'Add backer' }));
    expect(within(dialog).getByRole('combobox', { name: 'Investor' })).toHaveAccessibleDescription(
      'Choose the investor who backs it.',
    );
    expect(add).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('combobox', { name: 'Investor' }), 'be');
    await user.click(await screen.findByRole('option', { name: 'Ben Adams (ben@example.com)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Pledge' }), '£2,000');
    await user.click(within(dialog).getByRole('button', { name: 'Add backer' }));

    await waitFor(() => expect(add).toHaveBeenCalledWith({ user_id: 8, pledge: '£2,000' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Add a backer/ })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Backer added')).toBeInTheDocument();
    expect(screen.getByText('Growth Fund has a new backer.')).toBeInTheDocument();
  });

  it('removes one only after a confirmation, and says so', async () => {
    const { remove } = open(1);
    const table = await screen.findByRole('table', { name: 'Backers of Growth Fund' });
    const user = userEvent.setup();

    await user.click(await within(table).findByRole('button', { name: 'Remove Olivia Carter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove backer' });
    expect(dialog).toHaveTextContent('Remove Olivia Carter from the backers of Growth Fund?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove backer' })).not.toBeInTheDocument(),
    );
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(table).getByRole('button', { name: 'Remove Olivia Carter' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove backer' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(remove).toHaveBeenCalledWith(OLIVIA));
    expect(await screen.findByText('Backer removed')).toBeInTheDocument();
    expect(screen.getByText('Olivia Carter no longer backs Growth Fund.')).toBeInTheDocument();
  });

  it('offers no adding, removing or investor link to a role without those permissions', async () => {
    open(9);
    const table = await screen.findByRole('table', { name: 'Backers of Growth Fund' });
    expect(await within(table).findByText('Olivia Carter')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Olivia Carter' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Remove Olivia Carter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add backer' })).not.toBeInTheDocument();
  });

  it.each([
    [1, 'Add the investors who back it.'],
    [9, 'Nobody backs it yet.'],
  ] as const)('says why it is empty, in words for what role %i may do', async (roleId, words) => {
    open(roleId, []);
    expect(await screen.findByText('No backers yet')).toBeInTheDocument();
    expect(screen.getByText(words)).toBeInTheDocument();
  });
});
