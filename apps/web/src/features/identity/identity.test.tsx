import type { OnboardingStep, ProfileIdentity, ProfileOnboarding, ScreeningCheck } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { mockXhr } from '../../testing/xhr-mock';

const T = '2026-03-01T10:00:00.000000Z';

const step = (
  key: OnboardingStep['key'],
  label: string,
  state: OnboardingStep['state'],
  extra: Partial<OnboardingStep> = {},
) => ({
  key,
  label,
  state,
  detail: `${label} detail.`,
  path: `/investor/profile/${key}`,
  required: true,
  ...extra,
});

const CHECKLIST: ProfileOnboarding = {
  ready_to_invest: false,
  steps: [
    step('email', 'Verify your email address', 'done'),
    step('categorisation', 'Investor categorisation', 'action_needed', {
      detail: 'Expired on 1 March 2026: confirm your category again.',
      path: '/investor/profile/investor-type',
    }),
    step('appropriateness', 'Appropriateness test', 'not_required', { required: false }),
    step('identity', 'Identity check', 'awaiting_review', { path: '/investor/profile/identity' }),
    step('documents', 'Documents', 'to_do', { path: '/investor/profile/documents' }),
    step('terms', 'Terms and conditions', 'done', { path: '/terms' }),
  ],
};

const check = (overrides: Partial<ScreeningCheck> = {}): ScreeningCheck => ({
  id: 5,
  investor_id: 40,
  provider: 'staff',
  kind: 'uk',
  status: 'submitted',
  details: {
    legal_name: 'Ivy Identity',
    date_of_birth: '1980-02-29',
    nationality: 'GB',
    address_line_1: '1 High Street',
    address_line_2: null,
    city: 'London',
    postcode: 'N1 1AA',
    country: 'GB',
  },
  evidence: [
    { field: 'identity_document', label: 'Identity document', name: 'passport.png', document: null },
    { field: 'proof_of_address', label: 'Proof of address', name: 'bill.pdf', document: null },
  ],
  provider_reference: null,
  decided_by: null,
  decided_at: null,
  reason: null,
  created_at: T,
  ...overrides,
});

const identity = (overrides: Partial<ProfileIdentity> = {}): ProfileIdentity => ({
  kind: 'uk',
  current: null,
  missing: [],
  can_submit: true,
  history: [],
  ...overrides,
});

function open(path: string, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 40, name: 'Ivy Identity' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(['screening']) }),
    'GET /api/notifications/user/unread': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

describe('the overview checklist', { timeout: 30_000 }, () => {
  it('lists each required step with its state and a link to its view, and the progress', async () => {
    open('/investor', { 'GET /api/profile/onboarding': json(200, { data: CHECKLIST }) });
    const section = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(section).findByText('2 of 5 steps done')).toBeInTheDocument();
    expect(within(section).getByRole('progressbar', { name: '2 of 5 steps done' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Investor categorisation' })).toHaveAttribute(
      'href',
      '/investor/profile/investor-type',
    );
    expect(
      within(section).getByText('Expired on 1 March 2026: confirm your category again.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('(action needed)')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Identity check' })).toHaveAttribute(
      'href',
      '/investor/profile/identity',
    );
    // Done steps need no link, and a step the platform does not ask for is not listed.
    expect(
      within(section).queryByRole('link', { name: 'Verify your email address' }),
    ).not.toBeInTheDocument();
    expect(within(section).queryByText('Appropriateness test')).not.toBeInTheDocument();
    expect(within(section).queryByText('You are ready to invest')).not.toBeInTheDocument();
  });

  it('leaves the checklist out once every step is done: nothing is asked of the investor', async () => {
    const done = {
      ready_to_invest: true,
      steps: CHECKLIST.steps.map((item) => ({ ...item, state: item.required ? 'done' : item.state })),
    };
    open('/investor', { 'GET /api/profile/onboarding': json(200, { data: done }) });
    expect(await screen.findByRole('region', { name: 'How you are doing' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByText(/steps done/)).not.toBeInTheDocument();
  });

  it('says when the checklist cannot be loaded, and tries again', async () => {
    const { callsTo } = open('/investor', {
      'GET /api/profile/onboarding': [json(500, { message: 'Server Error' }), json(200, { data: CHECKLIST })],
    });
    const section = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(section).findByText('Your checklist could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('2 of 5 steps done')).toBeInTheDocument();
    expect(callsTo('GET', '/api/profile/onboarding')).toHaveLength(2);
  });
});

describe('the identity view', { timeout: 30_000 }, () => {
  it('lists the missing details with links to fill them in, and offers no upload', async () => {
    open('/investor/profile/identity', {
      'GET /api/profile/identity': json(200, {
        data: identity({
          can_submit: false,
          missing: [
            { field: 'date_of_birth', label: 'Date of birth', path: '/investor/profile/details' },
            { field: 'address', label: 'Residential address', path: '/investor/profile/details' },
          ],
        }),
      }),
    });
    expect(await screen.findByRole('link', { name: 'Add your date of birth' })).toHaveAttribute(
      'href',
      '/investor/profile/details',
    );
    expect(screen.getByRole('link', { name: 'Add your residential address' })).toBeInTheDocument();
    expect(screen.getByText('Not started')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for checking' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Identity' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends both files with progress, and shows the check awaiting review', async () => {
    const xhr = mockXhr();
    open('/investor/profile/identity', { 'GET /api/profile/identity': json(200, { data: identity() }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send for checking' }));
    expect(await screen.findByText('Choose a file for your identity document.')).toBeInTheDocument();
    expect(xhr.last()).toBeUndefined();

    await user.upload(
      screen.getByLabelText('Identity document file'),
      new File(['a'], 'passport.png', { type: 'image/png' }),
    );
    await user.upload(
      screen.getByLabelText('Proof of address file'),
      new File(['b'], 'bill.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    await waitFor(() => expect(xhr.last()).toBeDefined());
    const request = xhr.last();
    if (!request) throw new Error('nothing sent');
    expect(request.url).toBe('/api/profile/identity');
    expect((request.form.get('identity_document') as File).name).toBe('passport.png');
    expect((request.form.get('proof_of_address') as File).name).toBe('bill.pdf');
    expect(screen.getByRole('button', { name: /Submitting/ })).toBeDisabled();
    request.progress(50, 100);
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    request.respond(201, { data: identity({ can_submit: false, current: check() }) });
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();
    expect(screen.getByText(/We are checking your documents/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for checking' })).not.toBeInTheDocument();
  });

  it('puts the server’s field errors on the files', async () => {
    const xhr = mockXhr();
    open('/investor/profile/identity', { 'GET /api/profile/identity': json(200, { data: identity() }) });
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Identity document file'),
      new File(['a'], 'a.png', { type: 'image/png' }),
    );
    await user.upload(
      screen.getByLabelText('Proof of address file'),
      new File(['b'], 'b.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    await waitFor(() => expect(xhr.last()).toBeDefined());
    xhr.last()?.respond(422, {
      message: 'The identity document must be a file of type: PDF.',
      errors: { identity_document: ['The identity document must be a file of type: PDF.'] },
    });
    expect(await screen.findByText('The identity document must be a file of type: PDF.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send for checking' })).toBeEnabled();
  });

  it('shows a failed check with the reason staff gave, and lets the investor send again', async () => {
    open('/investor/profile/identity', {
      'GET /api/profile/identity': json(200, {
        data: identity({
          current: check({ status: 'failed', reason: 'The photo is unreadable.', decided_at: T }),
          history: [check({ id: 4, status: 'failed', reason: 'Expired passport' })],
        }),
      }),
    });
    expect(await screen.findByText(/could not be confirmed: The photo is unreadable\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Earlier checks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send for checking' })).toBeInTheDocument();
  });
});
