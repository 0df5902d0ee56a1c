import { ALL_FEATURES_OFF } from '@portico/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVESTOR_TABS, visibleRecordTabs, type RecordTab } from '../../config/records';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { RecordPage } from './record-page';

/** Tabs like the ones still to come: one needs another permission, one a feature. */
const TABS: RecordTab[] = [
  { id: 'activity', label: 'Activity', path: '', resource: 'investors', action: 'show' },
  { id: 'documents', label: 'Documents', path: 'documents', resource: 'investors', action: 'show' },
  {
    id: 'category',
    label: 'Investor Category',
    term: 'investor_categorisation',
    path: 'category',
    resource: 'investor_category',
    action: 'update',
  },
  {
    id: 'onboarding',
    label: 'Onboarding Documents',
    path: 'investment-documents',
    resource: 'onboarding_documents',
    action: 'index',
  },
  {
    id: 'gated',
    label: 'Fact Find',
    path: 'fact-find',
    resource: 'investors',
    action: 'show',
    feature: 'complianceTest',
  },
];

const labels = (tabs: RecordTab[]) => tabs.map((tab) => tab.label);

describe('record tabs', () => {
  it('are filtered by the role’s permissions and the deployment’s features', () => {
    expect(labels(visibleRecordTabs(TABS, 12, ALL_FEATURES_OFF))).toEqual(['Activity', 'Documents']);
    expect(labels(visibleRecordTabs(TABS, 10, ALL_FEATURES_OFF))).toEqual([
      'Activity',
      'Documents',
      'Investor Category',
      'Onboarding Documents',
    ]);
    expect(labels(visibleRecordTabs(TABS, 1, { ...ALL_FEATURES_OFF, complianceTest: true }))).toEqual(
      labels(TABS),
    );
    // Creator may list investors but not open one: no tab at all.
    expect(visibleRecordTabs(TABS, 9, ALL_FEATURES_OFF)).toEqual([]);
  });

  it('shows every investor tab in the spec’s order, Transactions second', () => {
    expect(labels(visibleRecordTabs(INVESTOR_TABS, 12, ALL_FEATURES_OFF))).toEqual([
      'Activity',
      'Transactions',
      'Documents',
      'Notes, Calls and Tasks',
      'Investor Category',
      'Registration Form',
      'Onboarding Documents',
      'Fact Find',
      'Risk Profile',
      'Investor Consent',
    ]);
  });

  it('render as links to sub-paths, the current one marked, with terminology labels', async () => {
    const user = userWithRole(10);
    renderWithProviders(
      <RecordPage
        title="Olivia Carter"
        basePath="/admin/investors/7/details"
        tabs={visibleRecordTabs(TABS, user.role_id, ALL_FEATURES_OFF)}
      >
        <p>tab content</p>
      </RecordPage>,
      { session: { status: 'authenticated', user }, path: '/admin/investors/7/details/documents' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Olivia Carter sections' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Activity', '/admin/investors/7/details'],
      ['Documents', '/admin/investors/7/details/documents'],
      ['Investor categorisation', '/admin/investors/7/details/category'],
      ['Onboarding Documents', '/admin/investors/7/details/investment-documents'],
    ]);
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Activity' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 1, name: 'Olivia Carter' })).toBeInTheDocument();
  });
});
