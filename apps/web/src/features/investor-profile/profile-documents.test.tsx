import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { mockXhr } from '../../testing/xhr-mock';
import { document as aDocument, requirement, signatureRequest, T } from '../compliance/compliance-test-data';

function submission(id: number, requirementId: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    investor_id: 7,
    requirement_id: requirementId,
    status: 'pending',
    reason: null,
    document_name: 'my-file.pdf',
    document: null,
    submitted_by: { id: 7, name: 'Olivia Carter' },
    reviewed_by: null,
    reviewed_at: null,
    created_at: T,
    ...overrides,
  };
}

const passport = requirement(1, 'Passport', { description: 'The photo page of your passport.' });
const address = requirement(2, 'Proof of address');
const agreement = requirement(3, 'Application form', { kind: 'sign' });

function onboarding(items: unknown[]) {
  return { data: { investor_id: 7, onboarding_state: 'documents', items } };
}

const ITEMS = [
  { requirement: passport, status: 'missing', latest: null, history: [] },
  {
    requirement: address,
    status: 'rejected',
    latest: submission(11, 2, { status: 'rejected', reason: 'The bill is older than three months.' }),
    history: [],
  },
  {
    requirement: agreement,
    status: 'approved',
    latest: submission(12, 3, { status: 'approved', reviewed_at: T }),
    history: [],
  },
];

function open(
  path: string,
  routes: Record<string, MockReply | MockReply[]>,
  features: Parameters<typeof brandingWithFeatures>[0] = [],
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/profile/categorisation': json(503, {}),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

describe('/investor/profile/documents', { timeout: 30_000 }, () => {
  it('lists each sign-up document with its review state, the documents to sign and those shared', async () => {
    open('/investor/profile/documents', {
      'GET /api/profile/onboarding-documents': json(200, onboarding(ITEMS)),
      'GET /api/profile/signature-requests': json(200, { data: [signatureRequest(5)] }),
      'GET /api/profile/documents': json(200, {
        data: [{ ...aDocument(40, 'Welcome pack.pdf'), visibility: 'public' }],
      }),
    });
    const missing = await screen.findByRole('article', { name: 'Passport' });
    expect(within(missing).getByText('Not provided')).toBeInTheDocument();
    expect(within(missing).getByText('The photo page of your passport.')).toBeInTheDocument();
    expect(
      within(missing).getByText(/PDF, PNG, JPEG, WebP, Word, Excel or CSV, up to 20 MB each\./),
    ).toBeInTheDocument();

    const rejected = screen.getByRole('article', { name: 'Proof of address' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText(/The bill is older than three months\./)).toBeInTheDocument();
    expect(within(rejected).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();

    const approved = screen.getByRole('article', { name: 'Application form' });
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    // An approved document is final: nothing to replace it with.
    expect(within(approved).queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Subscription agreement' })).toHaveAttribute(
      'href',
      '/investor/pdf/5',
    );
    expect(screen.getByText('Awaiting signature')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Welcome pack\.pdf/ })).toHaveAttribute(
      'href',
      '/files/documents/doc40.pdf?expires=1&signature=x',
    );
  });

  it('uploads a file for a requirement with its progress, and shows a refusal on that requirement', async () => {
    const xhr = mockXhr();
    open('/investor/profile/documents', {
      'GET /api/profile/onboarding-documents': json(200, onboarding(ITEMS)),
      'GET /api/profile/signature-requests': json(200, { data: [] }),
      'GET /api/profile/documents': json(200, { data: [] }),
    });
    const card = await screen.findByRole('article', { name: 'Passport' });
    expect(await screen.findByText('Nothing to sign')).toBeInTheDocument();
    expect(screen.getByText('No documents yet')).toBeInTheDocument();

    const user = userEvent.setup();
    const file = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' });
    await user.upload(within(card).getByLabelText('Choose files'), file);
    await waitFor(() => expect(xhr.last()).toBeDefined());
    const request = xhr.last();
    expect(request?.url).toBe('/api/profile/onboarding-documents');
    expect(request?.form.get('requirement_id')).toBe('1');
    expect((request?.form.get('files') as File).name).toBe('passport.pdf');
    request?.progress(50, 100);
    expect(await within(card).findByText('Uploading… 50%')).toBeInTheDocument();
    request?.respond(422, {
      message: 'The given data was invalid.',
      errors: { 'files.0': ['The file “passport.pdf” is not a PDF, PNG or JPEG.'] },
    });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The file “passport.pdf” is not a PDF, PNG or JPEG.',
    );

    await user.upload(within(card).getByLabelText('Choose files'), file);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    xhr
      .last()
      ?.respond(
        201,
        onboarding([
          { ...ITEMS[0], status: 'pending', latest: submission(20, 1, { document_name: 'passport.pdf' }) },
          ...ITEMS.slice(1),
        ]).valueOf(),
      );
    expect(
      await within(await screen.findByRole('article', { name: 'Passport' })).findByText('Awaiting review'),
    ).toBeInTheDocument();
  });

  it('says so when no documents are needed, and offers to retry a failed load', async () => {
    open('/investor/profile/documents', {
      'GET /api/profile/onboarding-documents': [
        json(500, { message: 'Server Error' }),
        json(200, onboarding([])),
      ],
      'GET /api/profile/signature-requests': json(200, { data: [] }),
      'GET /api/profile/documents': json(200, { data: [] }),
    });
    expect(await screen.findByText(/Your sign-up documents could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No documents are needed')).toBeInTheDocument();
  });
});
