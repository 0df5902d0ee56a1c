import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { document as pdfDocument, signatureRequest, T } from './compliance-test-data';

function open(routes: Record<string, MockReply | MockReply[]>) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    ...routes,
  });
  return { ...mock, ...renderApp('/investor/pdf/5') };
}

const SIGNED = signatureRequest(5, {
  status: 'signed',
  signed_document: pdfDocument(51, 'Subscription agreement (signed).pdf'),
  signer_name: 'Olivia J Carter',
  signature_kind: 'typed',
  document_hash: 'ab'.repeat(32),
  signed_at: T,
});

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the investor signs a document (/investor/pdf/{id})', { timeout: 30_000 }, () => {
  it('offers the PDF to read and signs it with a typed signature once they agree', async () => {
    const { callsTo } = open({
      'GET /api/profile/signature-requests/5': [
        json(200, { data: signatureRequest(5) }),
        json(200, { data: SIGNED }),
      ],
      'POST /api/profile/signature-requests/5/sign': json(200, { data: SIGNED }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription agreement' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please sign by Friday')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download to read' })).toHaveAttribute(
      'href',
      '/files/documents/doc50.pdf?expires=1&signature=x',
    );
    // Shown in the page by the browser's PDF viewer; the download stays for browsers without one.
    expect(screen.getByTitle(/^Document to sign: /)).toHaveAttribute(
      'src',
      '/files/documents/doc50.pdf?expires=1&signature=x',
    );
    expect(screen.getByRole('textbox', { name: 'Your full name' })).toHaveValue('Olivia Carter');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(screen.getByRole('textbox', { name: 'Type your signature' })).toHaveAccessibleDescription(
      'The signature field is required.',
    );
    expect(
      screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }),
    ).toHaveAccessibleDescription('You must agree to sign electronically.');
    expect(callsTo('POST', '/api/profile/signature-requests/5/sign')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Type your signature' }), 'O Carter');
    await user.click(screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }));
    await user.click(screen.getByRole('button', { name: 'Sign the document' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/profile/signature-requests/5/sign')[0]?.body).toEqual({
        signer_name: 'Olivia Carter',
        signature_kind: 'typed',
        signature: 'O Carter',
        consent: true,
      }),
    );
    expect(await screen.findByText(/You signed this document as Olivia J Carter/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the signed copy' })).toHaveAttribute(
      'href',
      '/files/documents/doc51.pdf?expires=1&signature=x',
    );
    expect(screen.getByTitle('Signed copy: Subscription agreement (signed).pdf')).toHaveAttribute(
      'src',
      '/files/documents/doc51.pdf?expires=1&signature=x',
    );
    expect(screen.queryByTitle(/^Document to sign: /)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the document' })).not.toBeInTheDocument();
  });

  it('asks for a drawing when signing by hand', async () => {
    const { callsTo } = open({
      'GET /api/profile/signature-requests/5': json(200, { data: signatureRequest(5) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Draw my signature' }));
    const pad = screen.getByRole('img', { name: 'Draw your signature' });
    expect(pad).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }));
    await user.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(pad).toHaveAccessibleDescription(expect.stringContaining('Draw your signature in the box.'));
    expect(callsTo('POST', '/api/profile/signature-requests/5/sign')).toHaveLength(0);
  });

  it('says so when the request was withdrawn, with nothing to sign', async () => {
    open({
      'GET /api/profile/signature-requests/5': json(200, {
        data: signatureRequest(5, { status: 'cancelled', source_document: null }),
      }),
    });
    expect(await screen.findByText('This request has been withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download to read' })).not.toBeInTheDocument();
  });
});
