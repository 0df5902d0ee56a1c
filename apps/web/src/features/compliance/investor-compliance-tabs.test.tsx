import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { mockXhr } from '../../testing/xhr-mock';
import {
  categorisation,
  document,
  emptyPage,
  INVESTOR,
  requirement,
  signatureRequest,
  T,
} from './compliance-test-data';

function open(path: string, roleId: 1 | 10 | 12, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/investors/7': json(200, { data: INVESTOR }),
    'GET /api/investors/7/activity': json(200, emptyPage),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const PENDING = categorisation({
  id: 2,
  category: 'high_net_worth',
  statement_title: 'Certified high net worth investor statement',
  answers: { income_over_100k: true, income_amount: 150_000, net_assets_over_250k: false, declaration: true },
  status: 'pending',
  is_current: false,
  reviewed_by: null,
  reviewed_at: null,
  recorded_by: { id: 40, name: 'Tom Fletcher' },
});

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the Investor Category tab', { timeout: 30_000 }, () => {
  const categorisations = () => ({
    'GET /api/investors/7/categorisations': json(200, { data: [PENDING, categorisation()] }),
  });

  it('shows the current categorisation with its statement, dates and an expiry warning, and the history', async () => {
    open('/admin/investors/7/details/category', 1, categorisations());
    const current = await screen.findByRole('region', { name: 'Current categorisation' });
    expect(await within(current).findByText('Restricted investor')).toBeInTheDocument();
    expect(within(current).getByText('Restricted investor statement, version 2024-01')).toBeInTheDocument();
    expect(within(current).getByText('Ada Admin', { exact: false })).toBeInTheDocument();
    // 65 days to run: not yet "expires soon"
    expect(within(current).queryByText('Expires soon')).not.toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Categorisation history' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Investor Category' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks a categorisation that expires within 30 days, or has expired', async () => {
    open('/admin/investors/7/details/category', 1, {
      'GET /api/investors/7/categorisations': json(200, {
        data: [categorisation({ expires_at: new Date(Date.now() + 10 * 86_400_000).toISOString() })],
      }),
    });
    const current = await screen.findByRole('region', { name: 'Current categorisation' });
    expect(await within(current).findByText('Expires soon')).toBeInTheDocument();
  });

  it('approves a pending categorisation after confirming', async () => {
    const { callsTo } = open('/admin/investors/7/details/category', 10, {
      ...categorisations(),
      'POST /api/investors/7/categorisations/2/approve': json(200, {
        data: { ...PENDING, status: 'approved', is_current: true },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve categorisation' });
    expect(callsTo('POST', '/api/investors/7/categorisations/2/approve')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/investors/7/categorisations/2/approve')).toHaveLength(1),
    );
  });

  it('will not reject without a reason, and sends the reason given', async () => {
    const { callsTo } = open('/admin/investors/7/details/category', 1, {
      ...categorisations(),
      'POST /api/investors/7/categorisations/2/reject': json(200, {
        data: { ...PENDING, status: 'rejected', reason: 'Income not evidenced' },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject categorisation' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject categorisation' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      expect.stringContaining('The reason field is required.'),
    );
    expect(callsTo('POST', '/api/investors/7/categorisations/2/reject')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Income not evidenced');
    await user.click(within(dialog).getByRole('button', { name: 'Reject categorisation' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/investors/7/categorisations/2/reject')[0]?.body).toEqual({
        reason: 'Income not evidenced',
      }),
    );
  });

  it('offers no approval to a role without investor_category update', async () => {
    open('/admin/investors/7/details/category', 12, categorisations());
    expect((await screen.findAllByText('Awaiting approval')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    // Advisers may still record a statement signed elsewhere (investors update).
    expect(screen.getByRole('button', { name: 'Record categorisation' })).toBeInTheDocument();
  });

  it('records a statement signed elsewhere with the answers its questions ask for', async () => {
    const { callsTo } = open('/admin/investors/7/details/category', 1, {
      'GET /api/investors/7/categorisations': json(200, { data: [] }),
      'POST /api/investors/7/categorisations': [
        json(422, {
          message: 'The signed at date cannot be in the future.',
          errors: {
            signed_at: ['The signed at date cannot be in the future.'],
            'answers.past_invested_percent': ['Too much.'],
          },
        }),
        json(201, { data: categorisation() }),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record categorisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a categorisation' });
    await user.click(within(dialog).getByRole('button', { name: 'Record categorisation' }));
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription(
      'The category field is required.',
    );

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Restricted investor' }));
    expect(within(dialog).getByText('Restricted investor statement')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record categorisation' }));
    // The statement's own questions are checked before anything is sent.
    expect(
      within(dialog).getByRole('checkbox', { name: /I have read and understood this statement/ }),
    ).toHaveAccessibleDescription(expect.stringContaining('You must confirm'));
    expect(callsTo('POST', '/api/investors/7/categorisations')).toHaveLength(0);

    const [past, future] = within(dialog).getAllByRole('textbox', { name: /net assets/ });
    if (!past || !future) throw new Error('no percentage fields');
    await user.type(past, '2');
    await user.type(future, '5');
    await user.click(within(dialog).getByRole('checkbox', { name: /I have read and understood/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Record categorisation' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Signed on/)).toHaveAccessibleDescription(
        'The signed at date cannot be in the future.',
      ),
    );
    expect(past).toHaveAccessibleDescription('Too much.');
    const [sent] = callsTo('POST', '/api/investors/7/categorisations');
    expect(sent?.body).toMatchObject({
      category: 'restricted',
      statement_version: '2024-01',
      answers: { past_invested_percent: 2, future_invest_percent: 5, declaration: true },
    });
    expect((sent?.body as { signed_at: string }).signed_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await user.click(within(dialog).getByRole('button', { name: 'Record categorisation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', '/api/investors/7/categorisations')).toHaveLength(2);
  });
});

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the Onboarding Documents tab', { timeout: 30_000 }, () => {
  const submission = (id: number, status: string, overrides: Record<string, unknown> = {}) => ({
    id,
    investor_id: 7,
    requirement_id: 1,
    status,
    reason: null,
    document_name: 'passport.pdf',
    document: document(id, 'passport.pdf'),
    submitted_by: { id: 7, name: 'Olivia Carter' },
    reviewed_by: null,
    reviewed_at: null,
    created_at: T,
    ...overrides,
  });
  const onboarding = {
    investor_id: 7,
    onboarding_state: 'documents',
    items: [
      {
        requirement: requirement(1, 'Passport'),
        status: 'pending',
        latest: submission(11, 'pending'),
        history: [submission(10, 'rejected', { reason: 'Blurred' })],
      },
      {
        requirement: requirement(2, 'Proof of address', { required: false }),
        status: 'missing',
        latest: null,
        history: [],
      },
      {
        requirement: requirement(3, 'Bank statement'),
        status: 'rejected',
        latest: submission(12, 'rejected', {
          requirement_id: 3,
          reason: 'Older than three months',
          reviewed_by: { id: 1, name: 'Ada Admin' },
          reviewed_at: T,
        }),
        history: [],
      },
    ],
  };
  const routes = (extra: Record<string, MockReply | MockReply[]> = {}) => ({
    'GET /api/investors/7/onboarding-documents': json(200, { data: onboarding }),
    'GET /api/investors/7/signature-requests': json(200, {
      data: [signatureRequest(5), signatureRequest(6, { title: 'Side letter', status: 'signed' })],
    }),
    ...extra,
  });

  it('shows each required document with its state, its download link and why it was rejected', async () => {
    open('/admin/investors/7/details/investment-documents', 1, routes());
    const passport = await screen.findByRole('article', { name: 'Passport' });
    expect(within(passport).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(passport).getByRole('link', { name: 'passport.pdf' })).toHaveAttribute(
      'href',
      '/files/documents/doc11.pdf?expires=1&signature=x',
    );
    const address = screen.getByRole('article', { name: 'Proof of address' });
    expect(within(address).getByText('Not provided')).toBeInTheDocument();
    expect(within(address).getByText('Optional')).toBeInTheDocument();
    const bank = screen.getByRole('article', { name: 'Bank statement' });
    expect(within(bank).getByText('Rejected: Older than three months')).toBeInTheDocument();
    expect(within(bank).queryByRole('button', { name: 'Approve Bank statement' })).not.toBeInTheDocument();

    const signatures = screen.getByRole('table', { name: 'Documents for signature' });
    expect(within(signatures).getByRole('link', { name: 'Subscription agreement' })).toHaveAttribute(
      'href',
      '/admin/investors/7/sign-pdf/5',
    );
    const sideLetter = within(signatures).getByRole('row', { name: /Side letter/ });
    expect(within(sideLetter).getByText('Signed')).toBeInTheDocument();
  });

  it('approves after confirming, and will not reject without a reason', async () => {
    const { callsTo } = open(
      '/admin/investors/7/details/investment-documents',
      1,
      routes({
        'POST /api/investors/7/onboarding-documents/11/approve': json(200, { data: onboarding }),
        'POST /api/investors/7/onboarding-documents/11/reject': json(200, { data: onboarding }),
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Passport' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve document' });
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/investors/7/onboarding-documents/11/approve')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Reject Passport' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject document' });
    await user.click(within(reject).getByRole('button', { name: 'Reject document' }));
    expect(callsTo('POST', '/api/investors/7/onboarding-documents/11/reject')).toHaveLength(0);
    expect(within(reject).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      expect.stringContaining('The reason field is required.'),
    );
    await user.type(within(reject).getByRole('textbox', { name: 'Reason' }), 'The photo is blurred');
    await user.click(within(reject).getByRole('button', { name: 'Reject document' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/investors/7/onboarding-documents/11/reject')[0]?.body).toEqual({
        reason: 'The photo is blurred',
      }),
    );
  });

  it('uploads a file for a requirement on the investor’s behalf', async () => {
    const xhr = mockXhr();
    open('/admin/investors/7/details/investment-documents', 1, routes());
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Proof of address' });
    const file = new File(['x'.repeat(100)], 'bill.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Choose a file for Proof of address'), file);
    await waitFor(() => expect(xhr.last()).toBeDefined());
    const request = xhr.last();
    if (!request) throw new Error('nothing sent');
    expect(request.url).toBe('/api/investors/7/onboarding-documents');
    expect(request.form.get('requirement_id')).toBe('2');
    expect((request.form.get('files') as File).name).toBe('bill.pdf');
    request.progress(50, 100);
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    request.respond(201, { data: onboarding });
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
  });

  it('prepares a PDF for signature with its title', async () => {
    const xhr = mockXhr();
    open('/admin/investors/7/details/investment-documents', 1, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Prepare a document for signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prepare a document for signature' });
    await user.click(within(dialog).getByRole('button', { name: 'Send for signature' }));
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'The title field is required.',
    );
    expect(xhr.last()).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Application form');
    const input = dialog.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await user.upload(input, new File(['%PDF-1.7'], 'form.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send for signature' }));
    await waitFor(() => expect(xhr.last()).toBeDefined());
    const request = xhr.last();
    if (!request) throw new Error('nothing sent');
    expect(request.url).toBe('/api/investors/7/signature-requests');
    expect(request.form.get('title')).toBe('Application form');
    expect(request.form.get('message')).toBeNull();
    expect((request.form.get('file') as File).name).toBe('form.pdf');
    request.respond(201, { data: signatureRequest(9, { title: 'Application form' }) });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the Investor Consent tab', { timeout: 30_000 }, () => {
  const entry = {
    id: 3,
    investor_id: 7,
    kind: 'marketing',
    given: true,
    wording: 'I agree to receive news.',
    wording_version: '2024-01',
    recorded_by: null,
    created_at: T,
  };
  const consents = {
    current: [
      {
        kind: 'marketing',
        given: true,
        wording: 'I agree to receive news.',
        wording_version: '2024-01',
        latest: entry,
      },
      {
        kind: 'data_sharing',
        given: null,
        wording: 'I agree that my personal data may be shared.',
        wording_version: '2024-01',
        latest: null,
      },
      {
        kind: 'electronic_communication',
        given: null,
        wording: 'I agree to receive documents electronically.',
        wording_version: '2024-01',
        latest: null,
      },
    ],
    log: [entry],
  };

  it('lists the log with no way to change it, and appends an entry through the form', async () => {
    const { callsTo } = open('/admin/investors/7/details/consent', 1, {
      'GET /api/investors/7/consents': json(200, { data: consents }),
      'POST /api/investors/7/consents': json(201, { data: consents }),
    });
    const log = await screen.findByRole('table', { name: 'Consent log' });
    await within(log).findByText('Marketing');
    const rows = within(log).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(log).getByText('Given')).toBeInTheDocument();
    expect(within(log).getByText('The investor')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /delete|edit/i })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record data sharing consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a consent' });
    expect(within(dialog).getByText('I agree that my personal data may be shared.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record consent' }));
    expect(callsTo('POST', '/api/investors/7/consents')).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'Withdrawn this consent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record consent' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/investors/7/consents')[0]?.body).toEqual({
        kind: 'data_sharing',
        given: false,
        wording_version: '2024-01',
      }),
    );
  });
});

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the sign-pdf page', { timeout: 30_000 }, () => {
  it('shows the signed copy with the signer, time and hash', async () => {
    open('/admin/investors/7/sign-pdf/6', 1, {
      'GET /api/investors/7/signature-requests/6': json(200, {
        data: signatureRequest(6, {
          status: 'signed',
          signed_document: document(51, 'agreement-signed.pdf'),
          signer_name: 'Olivia Carter',
          signature_kind: 'typed',
          document_hash: 'ab'.repeat(32),
          signed_at: T,
        }),
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription agreement' }),
    ).toBeInTheDocument();
    const signed = screen.getByRole('region', { name: 'Signed document' });
    expect(within(signed).getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(within(signed).getByText('Typed')).toBeInTheDocument();
    expect(within(signed).getByRole('link', { name: /download agreement-signed\.pdf/ })).toHaveAttribute(
      'href',
      '/files/documents/doc51.pdf?expires=1&signature=x',
    );
    expect(within(signed).getByTitle('Signed copy: agreement-signed.pdf')).toHaveAttribute(
      'src',
      '/files/documents/doc51.pdf?expires=1&signature=x',
    );
    // One viewer on the page: the original stays a download once the signed copy exists.
    expect(screen.queryByTitle(/^Original: /)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('cancels a request awaiting a signature after confirming', async () => {
    const { callsTo } = open('/admin/investors/7/sign-pdf/5', 1, {
      'GET /api/investors/7/signature-requests/5': json(200, { data: signatureRequest(5) }),
      'POST /api/investors/7/signature-requests/5/cancel': json(200, {
        data: signatureRequest(5, { status: 'cancelled', source_document: null }),
      }),
    });
    const user = userEvent.setup();
    const original = await screen.findByRole('region', { name: 'Original document' });
    expect(within(original).getByRole('link', { name: /download agreement\.pdf/ })).toBeInTheDocument();
    expect(within(original).getByTitle('Original: agreement.pdf')).toHaveAttribute(
      'src',
      '/files/documents/doc50.pdf?expires=1&signature=x',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel signature request' });
    expect(callsTo('POST', '/api/investors/7/signature-requests/5/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/investors/7/signature-requests/5/cancel')).toHaveLength(1),
    );
  });

  it('answers 404 for a request that is not there', async () => {
    open('/admin/investors/7/sign-pdf/99', 1, {
      'GET /api/investors/7/signature-requests/99': json(404, {
        message: 'No signature request with that id.',
      }),
    });
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });
});
