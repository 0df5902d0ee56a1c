import type { Profile, ProfileSubscription } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const T = '2024-05-01T10:15:30.000000Z';

function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    name: 'Olivia Carter',
    email: 'olivia@example.test',
    email_verified_at: T,
    pending_email: null,
    title: null,
    first_name: 'Olivia',
    last_name: 'Carter',
    phone: null,
    date_of_birth: null,
    nationality: null,
    address_line_1: null,
    address_line_2: null,
    city: null,
    postcode: null,
    country: null,
    client_type: null,
    trading_name: null,
    company_number: null,
    ni_number: null,
    utr: null,
    bank_account_name: null,
    bank_sort_code: null,
    bank_account_number: null,
    bank_iban: null,
    bank_swift: null,
    updated_at: T,
    ...overrides,
  };
}

const SUBSCRIPTION: ProfileSubscription = {
  id: 3,
  plan_name: 'Angel Club',
  status: 'active',
  started_at: '2026-01-01',
  renews_at: '2027-01-01',
  amount: '120.00',
  currency: 'GBP',
  created_at: T,
  updated_at: T,
};

function open(
  path: string,
  routes: Record<string, MockReply | MockReply[]>,
  features: Parameters<typeof brandingWithFeatures>[0] = [],
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, {
      data: userWithRole(5, { id: 7, name: 'Olivia Carter', email: 'olivia@example.test' }),
    }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

describe('the investor’s profile views', { timeout: 30_000 }, () => {
  it('edits details with the country pickers, sends only what changed, and the header follows', async () => {
    const saved = buildProfile({ first_name: 'Liv', name: 'Liv Carter', country: 'FR', nationality: 'FR' });
    const { callsTo } = open('/investor/profile/details', {
      'GET /api/profile': json(200, { data: buildProfile() }),
      'PATCH /api/profile': json(200, { data: saved }),
    });
    const first = await screen.findByRole('textbox', { name: 'First name' });
    const user = userEvent.setup();
    await user.clear(first);
    await user.type(first, 'Liv');
    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toHaveAttribute('placeholder', 'Search for a country'));
    await user.type(country, 'France');
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'fran');
    await user.click(await screen.findByRole('option', { name: 'France' }));
    expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();
    // No tax or international bank fields while those features are off.
    expect(screen.queryByRole('textbox', { name: 'National Insurance number' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'IBAN' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/profile')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/profile')[0]?.body).toEqual({
      first_name: 'Liv',
      country: 'FR',
      nationality: 'FR',
    });
    expect(await screen.findByText('Your details are up to date.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Liv Carter')).toBeInTheDocument());
  });

  it('puts the server’s field errors on their fields', async () => {
    open(
      '/investor/profile/details',
      {
        'GET /api/profile': json(200, { data: buildProfile() }),
        'PATCH /api/profile': json(422, {
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        }),
      },
      ['tax'],
    );
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    expect(screen.getByRole('textbox', { name: 'National Insurance number' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/The email has already been taken\./));
  });

  it('validates with the contract before sending', async () => {
    const { callsTo } = open(
      '/investor/profile/details',
      {
        'GET /api/profile': json(200, { data: buildProfile() }),
      },
      ['internationalBank'],
    );
    const iban = await screen.findByRole('textbox', { name: 'IBAN' });
    const user = userEvent.setup();
    await user.type(iban, 'not an iban');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The IBAN field must be an IBAN.')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/profile')).toHaveLength(0);
  });

  it('shows a pending address and keeps the old one on request', async () => {
    const pending = buildProfile({ pending_email: 'new@example.test' });
    const { callsTo } = open('/investor/profile/details?email_change=expired', {
      'GET /api/profile': json(200, { data: pending }),
      'PATCH /api/profile': json(200, { data: buildProfile() }),
    });
    expect(await screen.findByText(/That link has expired/)).toBeInTheDocument();
    const notice = screen.getByText(/We sent a link to/).closest('[role="status"]');
    expect(notice).toHaveTextContent('new@example.test');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep my current address' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/profile')[0]?.body).toEqual({ email: 'olivia@example.test' }),
    );
    await waitFor(() => expect(screen.queryByText(/We sent a link to/)).toBeNull());
  });

  it('asks a business for its trading name and company number, and links an organisation to its application', async () => {
    const saved = buildProfile({
      client_type: 'business',
      trading_name: 'Carter Ltd',
      company_number: '01234567',
    });
    const { callsTo } = open(
      '/investor/profile/type',
      {
        'GET /api/profile': json(200, { data: buildProfile() }),
        'PATCH /api/profile': json(200, { data: saved }),
      },
      ['organisationLinks'],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Organisation/ }));
    expect(screen.getByRole('link', { name: 'apply to join or add an organisation' })).toHaveAttribute(
      'href',
      '/investor/profile/organisation-apply',
    );
    expect(screen.queryByRole('textbox', { name: 'Trading name' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /^Business/ }));
    await user.type(screen.getByRole('textbox', { name: 'Trading name' }), 'Carter Ltd');
    await user.type(screen.getByRole('textbox', { name: 'Company number' }), '01234567');
    await user.click(screen.getByRole('button', { name: 'Save client type' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/profile')[0]?.body).toEqual({
        client_type: 'business',
        trading_name: 'Carter Ltd',
        company_number: '01234567',
      }),
    );
    expect(await screen.findByText('You invest as: Business.')).toBeInTheDocument();
  });

  it('shows the membership, or an empty state with a way to ask', async () => {
    open('/investor/profile/subscription', {
      'GET /api/profile/subscription': json(200, { data: SUBSCRIPTION }),
    });
    expect(await screen.findByText('Angel Club')).toBeInTheDocument();
    expect(screen.getByText('£120.00')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('1 Jan 2027')).toBeInTheDocument();
  });

  it('tells an investor without a plan, and sends their question to support', async () => {
    const { callsTo } = open('/investor/profile/subscription', {
      'GET /api/profile/subscription': json(200, { data: null }),
      'POST /api/support/contact': json(201, {
        data: { message: 'Thank you. Your message has been sent to our support team.', sent_at: T },
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'You have no membership plan with us' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ask about membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Membership');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      /The message field must be at least 10 characters\./,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Which plans do you offer?');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByText(/sent to our support team/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/support/contact')[0]?.body).toEqual({
      subject: 'Membership',
      message: 'Which plans do you offer?',
    });
  });

  it('shows the message the server gives when the form fails', async () => {
    open('/investor/profile/view', {
      'GET /api/profile': json(200, {
        data: buildProfile({ client_type: 'soletrader', trading_name: 'Liv’s Lettings' }),
      }),
      'GET /api/profile/subscription': json(200, { data: null }),
      'POST /api/support/contact': json(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '60' }),
    });
    expect(await screen.findByText('Sole trader: Liv’s Lettings')).toBeInTheDocument();
    expect(await screen.findByText('You have no membership plan with us.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Contact us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'A question about my account.');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too Many Attempts.');
  });

  it('shows an error with a retry when the profile does not load', async () => {
    open('/investor/profile/details', { 'GET /api/profile': json(500, { message: 'Server Error' }) });
    expect(await screen.findByText(/Your details could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
