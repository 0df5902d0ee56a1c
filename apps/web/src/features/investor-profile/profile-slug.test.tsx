import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { document as aDocument, T } from '../compliance/compliance-test-data';
import { parseProfileSlug } from './profile-slug';

const NOT_FOUND = "Sorry that page doesn't seem to exist";

function open(
  path: string,
  routes: Record<string, MockReply | MockReply[]> = {},
  features: Parameters<typeof brandingWithFeatures>[0] = [],
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/profile/categorisation': json(503, {}),
    'GET /api/profile/organisations': json(200, { data: [] }),
    'GET /api/profile/investment-method-entities': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const ENTITY = {
  id: 4,
  name: 'O. Carter SIPP',
  account_reference: 'HL-123',
  status: 'active',
  investment_method: { id: 2, name: 'Hargreaves SIPP', type: 'sipp', provider: 'Hargreaves Lansdown' },
  created_at: T,
  updated_at: T,
};
const ORGANISATION = {
  id: 3,
  name: 'Acme Family Office',
  type: 'family_office',
  registration_number: '01234567',
  email: null,
  phone: null,
  website: null,
  address_line_1: null,
  address_line_2: null,
  city: 'London',
  postcode: null,
  country: null,
  role: 'director',
  linked_at: T,
};

describe('parseProfileSlug', () => {
  it('names the view and the id of the four record views, and nothing else', () => {
    expect(parseProfileSlug('organisation_3')).toEqual({ kind: 'organisation', id: 3 });
    expect(parseProfileSlug('organisation-documents_3')).toEqual({ kind: 'organisation-documents', id: 3 });
    expect(parseProfileSlug('investmentmethod_12')).toEqual({ kind: 'investmentmethod', id: 12 });
    expect(parseProfileSlug('investmentmethod-documents_12')).toEqual({
      kind: 'investmentmethod-documents',
      id: 12,
    });
    for (const slug of [
      'organisation_',
      'organisation_0',
      'organisation_01',
      'organisation_x',
      'nominee_3',
      'organisation_3_4',
      'view',
      '',
      undefined,
    ])
      expect(parseProfileSlug(slug), String(slug)).toBeUndefined();
  });
});

describe('/investor/profile/{slug}', { timeout: 30_000 }, () => {
  it('answers the investor 404 page for an unknown slug', async () => {
    open('/investor/profile/whatever_1');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toBeInTheDocument();
  });

  it('answers the 404 page when the server says the record is not the investor’s', async () => {
    open('/investor/profile/investmentmethod_9', {
      'GET /api/profile/investment-method-entities/9': json(404, {
        message: 'No investment method entity with that id.',
      }),
    });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });

  it('answers 404 for an organisation view while organisation links are off', async () => {
    const { callsTo } = open('/investor/profile/organisation_3');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(callsTo('GET', '/api/profile/organisations/3')).toHaveLength(0);
  });

  it('shows the investor’s investment-method account with its method', async () => {
    open('/investor/profile/investmentmethod_4', {
      'GET /api/profile/investment-method-entities/4': json(200, { data: ENTITY }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'O. Carter SIPP' })).toBeInTheDocument();
    expect(screen.getByText('Hargreaves Lansdown')).toBeInTheDocument();
    expect(screen.getByText('HL-123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Documents of this account' })).toHaveAttribute(
      'href',
      '/investor/profile/investmentmethod-documents_4',
    );
  });

  it('shows an organisation with the investor’s role, and its public documents', async () => {
    open(
      '/investor/profile/organisation-documents_3',
      {
        'GET /api/profile/organisations/3': json(200, { data: ORGANISATION }),
        'GET /api/profile/organisations/3/documents': json(200, {
          data: [
            { ...aDocument(8, 'Annual report.pdf'), subject_type: 'organisation', visibility: 'public' },
          ],
        }),
      },
      ['organisationLinks'],
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documents of Acme Family Office' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Annual report\.pdf/ })).toBeInTheDocument();
  });
});
