import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { OrganisationForm } from './components/organisation-form';

describe('the organisation form', () => {
  it('marks what the contract requires of a new organisation, for sight and for screen readers, and no more', () => {
    renderWithProviders(<OrganisationForm submit={vi.fn()} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Registration number/ })).not.toBeRequired();
  });
});
