import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { requirement, T } from '../compliance/compliance-test-data';

/*
 * Issue 18: identity documents are collected once. A sign-up document that is a file of the identity
 * check is not uploaded again on the documents page: the investor is sent to the identity check, and a
 * file sent with the check shows there as such.
 */

const passport = requirement(1, 'Proof of identity', { identity_evidence: 'identity_document' });
const address = requirement(2, 'Proof of address', { identity_evidence: 'proof_of_address' });
const funds = requirement(3, 'Source of funds', { identity_evidence: null });

const sentWithCheck = {
  id: 21,
  investor_id: 7,
  requirement_id: 2,
  status: 'pending',
  reason: null,
  document_name: 'council-tax.png',
  screening_check_id: 4,
  document: null,
  submitted_by: { id: 7, name: 'Olivia Carter' },
  reviewed_by: null,
  reviewed_at: null,
  created_at: T,
};

function open(features: Parameters<typeof brandingWithFeatures>[0]) {
  setXsrfCookie('token');
  mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/profile/categorisation': json(503, {}),
    'GET /api/profile/onboarding-documents': json(200, {
      data: {
        investor_id: 7,
        onboarding_state: 'documents',
        items: [
          { requirement: passport, status: 'missing', latest: null, history: [] },
          { requirement: address, status: 'pending', latest: sentWithCheck, history: [] },
          { requirement: funds, status: 'missing', latest: null, history: [] },
        ],
      },
    }),
    'GET /api/profile/signature-requests': json(200, { data: [] }),
    'GET /api/profile/documents': json(200, { data: [] }),
  });
  renderApp('/investor/profile/documents');
}

describe('sign-up documents that are files of the identity check', { timeout: 30_000 }, () => {
  it('are sent once, with the identity check, not uploaded again here', async () => {
    open(['screening']);
    const identity = await screen.findByRole('article', { name: 'Proof of identity' });
    expect(within(identity).getByRole('link', { name: 'Send it on the Identity page' })).toHaveAttribute(
      'href',
      '/investor/profile/identity',
    );
    expect(within(identity).queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();

    const sent = screen.getByRole('article', { name: 'Proof of address' });
    expect(sent).toHaveTextContent('council-tax.png, sent with your identity check');
    expect(within(sent).getByRole('link', { name: 'See your identity check' })).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();

    // Any other document is uploaded here as before.
    const funds = screen.getByRole('article', { name: 'Source of funds' });
    expect(within(funds).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
  });

  it('are uploaded here when the platform runs no identity check', async () => {
    open([]);
    const identity = await screen.findByRole('article', { name: 'Proof of identity' });
    expect(within(identity).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(within(identity).queryByRole('link', { name: /Identity page/ })).not.toBeInTheDocument();
  });
});
