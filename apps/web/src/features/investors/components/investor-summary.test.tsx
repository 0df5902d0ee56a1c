import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBranding } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { INVESTOR } from '../../compliance/compliance-test-data';
import { InvestorSummary } from './investor-summary';

describe('InvestorSummary', () => {
  it('shows client types and organisation roles in words, never as stored keys', async () => {
    const investor = {
      ...INVESTOR,
      client_type: 'soletrader',
      organisations: [{ id: 4, name: 'Carter Family Office', role: 'beneficial_owner' }],
    } as Parameters<typeof InvestorSummary>[0]['investor'];
    renderWithProviders(<InvestorSummary investor={investor} />, { branding: buildBranding() });
    expect(await screen.findByText('Sole trader')).toBeInTheDocument();
    expect(screen.getByText('Carter Family Office (Beneficial owner)')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/soletrader|beneficial_owner/);
  });
});
