import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { mockXhr } from '../../../testing/xhr-mock';
import { DocumentsPanel } from './documents-panel';

const record = { type: 'investor', id: 7 } as const;

function document(id: number, name: string, visibility: 'public' | 'private' = 'private') {
  return {
    id,
    subject_type: 'investor',
    subject_id: 7,
    name,
    content_type: 'application/pdf',
    size_bytes: 204_800,
    visibility,
    category: 'Identity',
    uploaded_by: { id: 1, name: 'Alex Morgan' },
    created_at: '2024-05-01T10:15:30.000000Z',
    url: `/files/documents/abc${id}.pdf?expires=1&signature=x`,
    url_expires_at: '2024-05-01T10:30:30.000000Z',
  };
}

function open(roleId: 1 | 12 | 3 = 1, documents = [document(1, 'passport.pdf')]) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/investors/7/documents': json(200, { data: documents }),
    'GET /api/investors/7/activity': json(200, { data: [], links: {}, meta: {} }),
    'DELETE /api/investors/7/documents/1': json(204),
  });
  const user = userWithRole(roleId);
  const view = renderWithProviders(<DocumentsPanel record={record} />, {
    session: { status: 'authenticated', user },
  });
  return { ...mock, ...view };
}

const pdf = (name: string, size = 1000) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('the documents panel', () => {
  it('lists documents with their size, type, uploader and visibility, and links to the signed url', async () => {
    open();
    const link = await screen.findByRole('link', { name: 'passport.pdf' });
    expect(link).toHaveAttribute('href', '/files/documents/abc1.pdf?expires=1&signature=x');
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('200 KB')).toBeInTheDocument();
    expect(within(row).getByText('PDF')).toBeInTheDocument();
    expect(within(row).getByText('Alex Morgan')).toBeInTheDocument();
    expect(within(row).getByText('Private')).toBeInTheDocument();
  });

  it('uploads several files in one request, showing the progress, private unless chosen otherwise', async () => {
    const xhr = mockXhr();
    open();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose files'), [pdf('a.pdf'), pdf('b.pdf')]);
    const queued = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(queued).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: /Public/ }));
    await user.type(screen.getByRole('combobox', { name: 'Category' }), 'Agreement');
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() => expect(xhr.last()).toBeDefined());
    const request = xhr.last();
    if (!request) throw new Error('nothing sent');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/investors/7/documents');
    expect(request.headers['x-xsrf-token']).toBe('token');
    expect(request.form.getAll('files').map((file) => (file as File).name)).toEqual(['a.pdf', 'b.pdf']);
    expect(request.form.get('visibility')).toBe('public');
    expect(request.form.get('category')).toBe('Agreement');

    request.progress(500, 1000);
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    request.respond(201, { data: [document(2, 'a.pdf', 'public'), document(3, 'b.pdf', 'public')] });
    expect(await screen.findByText('2 documents uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument();

    // The next batch starts private again: a public choice never carries over.
    await user.upload(screen.getByLabelText('Choose files'), [pdf('c.pdf')]);
    expect(screen.getByRole('radio', { name: /Private/ })).toBeChecked();
  });

  it('shows the server 422 beside the file it names (files.N) and keeps every file to try again', async () => {
    const xhr = mockXhr();
    open();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose files'), [pdf('good.pdf'), pdf('bad.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(xhr.last()).toBeDefined());
    xhr.last()?.respond(422, {
      message: 'The file “bad.pdf” must be a file of type: PDF, PNG.',
      errors: { 'files.1': ['The file “bad.pdf” must be a file of type: PDF, PNG.'] },
    });

    const items = within(await screen.findByRole('list', { name: 'Files to upload' })).getAllByRole(
      'listitem',
    );
    await waitFor(() =>
      expect(within(items[1] as HTMLElement).getByRole('alert')).toHaveTextContent(
        'The file “bad.pdf” must be a file of type: PDF, PNG.',
      ),
    );
    expect(within(items[0] as HTMLElement).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/Nothing was uploaded/)).toBeInTheDocument();

    // Removing the bad file leaves the good one, ready to go again.
    await user.click(screen.getByRole('button', { name: 'Remove bad.pdf' }));
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });

  it('deletes a document only after the confirmation', async () => {
    const { callsTo } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for passport.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(dialog).toHaveTextContent('Delete passport.pdf?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', '/api/investors/7/documents/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for passport.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete document' })).getByRole('button', {
        name: 'Delete document',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE', '/api/investors/7/documents/1')).toHaveLength(1));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
  });

  it('offers no upload and no delete to a role that may only read (Investment Committee cannot delete)', async () => {
    open(3);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for passport.pdf' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Download', 'Rename or recategorise', 'Make public']);
    expect(screen.getByRole('menuitem', { name: 'Download' })).toHaveAttribute('download', 'passport.pdf');
  });
});
