import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { mockXhr } from '../../testing/xhr-mock';
import { ImportButton } from './index';

type ImportStatus = 'preview' | 'running' | 'completed' | 'failed';

function anImport(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    kind: 'investors',
    status: 'preview' as ImportStatus,
    file_name: 'people.csv',
    headers: ['First', 'Family', 'Mail', 'Notes'],
    mapping: { first_name: 'First', email: 'Mail' } as Record<string, string>,
    total_rows: 1000,
    processed_rows: 0,
    created_count: 0,
    updated_count: 0,
    failed_count: 0,
    row_errors: [] as Array<{ row: number; errors: Record<string, string[]> }>,
    error: null,
    created_at: '2024-05-01T10:15:30.000000Z',
    finished_at: null,
    ...overrides,
  };
}

const mapped = { first_name: 'First', last_name: 'Family', email: 'Mail' };

const preview = {
  rows: [
    {
      row: 2,
      values: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
      errors: {},
      action: 'create',
    },
    {
      row: 3,
      values: { first_name: 'Alan', last_name: 'Turing', email: 'alan@example.test' },
      errors: {},
      action: 'update',
    },
    {
      row: 101,
      values: { first_name: 'Bad', last_name: 'Email', email: 'not-an-email' },
      errors: { email: ['The email field must be a valid email address.'] },
      action: 'skip',
    },
    {
      row: 502,
      values: { first_name: 'No', last_name: '', email: 'nosurname@example.test' },
      errors: { last_name: ['The last name field is required.'] },
      action: 'skip',
    },
  ],
  valid_rows: 998,
  invalid_rows: 2,
  creates: 997,
  updates: 1,
};

function open(routes: Record<string, MockReply | MockReply[]> = {}, roleId: 1 | 10 = 1) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/imports': json(200, { data: [] }),
    'PATCH /api/imports/5': json(200, { data: anImport({ mapping: mapped }) }),
    'GET /api/imports/5/preview': json(200, { data: preview }),
    ...routes,
  });
  const view = renderWithProviders(<ImportButton kind="investors" />, {
    session: { status: 'authenticated', user: userWithRole(roleId) },
  });
  return { ...mock, ...view };
}

const csv = () =>
  new File(['First,Family,Mail\nAda,Lovelace,ada@example.test\n'], 'people.csv', { type: 'text/csv' });

/** Opens the wizard, uploads a file and answers with the import the server would create. */
async function uploadFile(user: ReturnType<typeof userEvent.setup>, created = anImport()) {
  const xhr = mockXhr();
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import investors' });
  await user.upload(within(dialog).getByLabelText('Choose files'), csv());
  await user.click(within(dialog).getByRole('button', { name: 'Upload and continue' }));
  await waitFor(() => expect(xhr.last()).toBeDefined());
  const request = xhr.last();
  if (!request) throw new Error('nothing sent');
  expect(request.url).toBe('/api/imports');
  expect(request.form.get('kind')).toBe('investors');
  expect((request.form.get('file') as File).name).toBe('people.csv');
  request.progress(50, 100);
  expect(await within(dialog).findByText('Uploading… 50%')).toBeInTheDocument();
  expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  request.respond(201, { data: created });
  await within(dialog).findByRole('heading', { name: 'Match the columns: people.csv' });
  return dialog;
}

async function chooseColumn(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: string,
  column: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: column }));
}

// Fourteen selects and a polled progress bar: slower than most component tests on a busy machine.
describe('the import wizard', { timeout: 30_000 }, () => {
  it('is not offered to a role that may not create investors (Investment Manager)', () => {
    open({}, 10);
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not CSV or Excel before sending it, and shows the server’s reason for another', async () => {
    const xhr = mockXhr();
    open();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import investors' });
    expect(dialog).toHaveTextContent(/CSV or Excel \(XLSX\).*up to 10 MB and 10,000 rows/);
    await user.upload(
      within(dialog).getByLabelText('Choose files'),
      new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose a CSV file or an Excel (XLSX) workbook.',
    );
    expect(within(dialog).getByRole('button', { name: 'Upload and continue' })).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Choose files'), csv());
    await user.click(within(dialog).getByRole('button', { name: 'Upload and continue' }));
    await waitFor(() => expect(xhr.last()).toBeDefined());
    xhr.last()?.respond(422, {
      message: 'The file has a heading row but no data rows.',
      errors: { file: ['The file has a heading row but no data rows.'] },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file has a heading row but no data rows.',
    );
    expect(within(dialog).getByRole('heading', { name: 'Choose a file' })).toBeInTheDocument();
  });

  it('pre-fills the mapping from the server and will not go on until every required field is mapped', async () => {
    const { callsTo } = open();
    const user = userEvent.setup();
    const dialog = await uploadFile(user);

    // The server's suggestion is there; the columns left over are listed.
    expect(within(dialog).getByRole('combobox', { name: 'First name' })).toHaveValue('First');
    expect(within(dialog).getByRole('combobox', { name: 'Email' })).toHaveValue('Mail');
    expect(within(dialog).getByRole('combobox', { name: 'Last name' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Last name' })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(dialog).toHaveTextContent('Not imported: Family, Notes.');

    await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose a column for the required field marked below.',
    );
    const last = within(dialog).getByRole('combobox', { name: 'Last name' });
    expect(last).toHaveAccessibleDescription('Choose the column that holds this field.');
    expect(last).toHaveFocus();
    expect(callsTo('PATCH', '/api/imports/5')).toHaveLength(0);
    expect(within(dialog).getByRole('heading', { name: /^Match the columns/ })).toBeInTheDocument();

    await chooseColumn(user, dialog, 'Last name', 'Family');
    await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/imports/5')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/imports/5')[0]?.body).toEqual({ mapping: mapped });
    await within(dialog).findByRole('heading', { name: 'Check the rows: people.csv' });
  });

  it('puts the server’s mapping errors on their fields', async () => {
    const { callsTo } = open({
      'PATCH /api/imports/5': json(422, {
        message: 'The file has no column “Gone”.',
        errors: { 'mapping.phone': ['The file has no column “Gone”.'] },
      }),
    });
    const user = userEvent.setup();
    const dialog = await uploadFile(user, anImport({ mapping: mapped }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/imports/5')).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Phone' })).toHaveAccessibleDescription(
        'The file has no column “Gone”.',
      ),
    );
  });

  it('previews the rows with the bad ones highlighted and their messages, and the counts', async () => {
    open();
    const user = userEvent.setup();
    const dialog = await uploadFile(user, anImport({ mapping: mapped }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
    const heading = await within(dialog).findByRole('heading', { name: 'Check the rows: people.csv' });
    await waitFor(() => expect(heading).toHaveFocus());

    const counts = await within(dialog).findByRole('group', { name: 'What the import will do' });
    expect(counts).toHaveTextContent(/Valid\s*998/);
    expect(counts).toHaveTextContent(/With errors\s*2/);
    expect(counts).toHaveTextContent(/New\s*997/);
    expect(counts).toHaveTextContent(/Updates\s*1/);
    expect(dialog).toHaveTextContent('2 rows with errors will be skipped and reported');

    const table = within(dialog).getByRole('table', { name: /Rows of the file/ });
    const bad = within(table).getByRole('rowheader', { name: '101' }).closest('tr');
    if (!bad) throw new Error('no row 101');
    expect(bad).toHaveAttribute('aria-invalid', 'true');
    expect(bad).toHaveTextContent('Email: The email field must be a valid email address.');
    expect(bad).toHaveTextContent('Skipped');
    const good = within(table).getByRole('rowheader', { name: '2' }).closest('tr');
    expect(good).not.toHaveAttribute('aria-invalid');
    expect(good).toHaveTextContent('New');

    await user.click(within(dialog).getByRole('radio', { name: 'Rows with errors (2)' }));
    const errorsOnly = within(dialog).getByRole('table', { name: /Rows with errors/ });
    expect(
      within(errorsOnly)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['101', '502']);
    expect(errorsOnly).toHaveTextContent('Last name: The last name field is required.');
    expect(within(dialog).getByRole('button', { name: 'Import 998 rows' })).toBeEnabled();
  });

  it('says when the rows could not be checked, and checks them again on request', async () => {
    open({
      'GET /api/imports/5/preview': [json(500, { message: 'Server Error' }), json(200, { data: preview })],
    });
    const user = userEvent.setup();
    const dialog = await uploadFile(user, anImport({ mapping: mapped }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The rows could not be checked. Server Error',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('group', { name: 'What the import will do' })).toHaveTextContent(
      /Valid\s*998/,
    );
  });

  it('runs with a progress bar polled from the server, then shows the summary and the failed rows', async () => {
    let polls = 0;
    const running = anImport({ mapping: mapped, status: 'running', processed_rows: 0 });
    const halfway = anImport({
      mapping: mapped,
      status: 'running',
      processed_rows: 400,
      created_count: 399,
      failed_count: 1,
    });
    const done = anImport({
      mapping: mapped,
      status: 'completed',
      processed_rows: 1000,
      created_count: 997,
      updated_count: 1,
      failed_count: 2,
      finished_at: '2024-05-01T10:16:30.000000Z',
      row_errors: [
        { row: 101, errors: { email: ['The email field must be a valid email address.'] } },
        { row: 502, errors: { last_name: ['The last name field is required.'] } },
      ],
    });
    const { callsTo, queryClient } = open({
      'POST /api/imports/5/run': json(202, { data: running }),
      'GET /api/imports/5': () => {
        polls += 1;
        return json(200, { data: polls === 1 ? halfway : done });
      },
    });
    queryClient.setQueryData(['investors', 'list', { page: 1 }], { data: [] });
    const user = userEvent.setup();
    const dialog = await uploadFile(user, anImport({ mapping: mapped }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
    await user.click(
      await within(dialog).findByRole('checkbox', {
        name: 'Email each new investor an invitation to set their password',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import 998 rows' }));

    await waitFor(() => expect(callsTo('POST', '/api/imports/5/run')).toHaveLength(1));
    expect(callsTo('POST', '/api/imports/5/run')[0]?.body).toEqual({ send_invitations: true });
    await within(dialog).findByRole('heading', { name: 'Import: people.csv' });
    const bar = within(dialog).getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    // A second later the server has done 400 of 1,000 rows.
    await waitFor(() =>
      expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    );
    expect(dialog).toHaveTextContent('400 of 1,000 rows done (40%).');

    expect(await within(dialog).findByText('Import finished', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('997 created, 1 updated, 2 failed.');
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const failures = within(dialog).getByRole('table', { name: 'Rows not imported' });
    const rows = within(failures).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '101Email: The email field must be a valid email address.',
      '502Last name: The last name field is required.',
    ]);
    const download = within(dialog).getByRole('link', { name: 'Download as CSV' });
    expect(download).toHaveAttribute('download', 'people-failed-rows.csv');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(
      '101,Email,The email field must be a valid email address.',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    // The lists the import changed are read again; the polling stops.
    await waitFor(() =>
      expect(queryClient.getQueryState(['investors', 'list', { page: 1 }])?.isInvalidated).toBe(true),
    );
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(polls).toBe(after);
  });

  it('can be closed at the preview step: with its close button, with Escape, or by clicking beside it', async () => {
    open();
    const user = userEvent.setup();
    const reachPreview = async () => {
      const dialog = await uploadFile(user, anImport({ mapping: mapped }));
      await user.click(within(dialog).getByRole('button', { name: 'Preview the rows' }));
      await within(dialog).findByRole('group', { name: 'What the import will do' });
      return dialog;
    };

    const dialog = await reachPreview();
    const close = within(dialog).getByRole('button', { name: 'Close the import' });
    expect(close).toBeEnabled();
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await reachPreview();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await reachPreview();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (!overlay) throw new Error('no overlay');
    await user.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open while a file uploads, which closing would cancel', async () => {
    const xhr = mockXhr();
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import investors' });
    await user.upload(within(dialog).getByLabelText('Choose files'), csv());
    await user.click(within(dialog).getByRole('button', { name: 'Upload and continue' }));
    await waitFor(() => expect(xhr.last()).toBeDefined());
    await within(dialog).findByText('Uploading… 0%');

    expect(within(dialog).getByRole('button', { name: 'Close the import' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Import investors' })).toBeInTheDocument();

    // The upload has its own way out; once it stops, the window closes again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Upload cancelled.');
    expect(within(dialog).getByRole('button', { name: 'Close the import' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reopens a recent import that is still running where it stands', async () => {
    const running = anImport({ mapping: mapped, status: 'running', processed_rows: 250, created_count: 250 });
    open({
      'GET /api/imports': json(200, { data: [running] }),
      'GET /api/imports/5': json(200, { data: running }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import investors' });
    await user.click(await within(dialog).findByRole('button', { name: /^Open the import of people.csv/ }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });
});
