import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { NomineeForm } from './components/nominee-form';

describe('the nominee form', () => {
  it('marks what the contract requires of a new nominee, and no more', () => {
    renderWithProviders(<NomineeForm submit={vi.fn()} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^FCA number/ })).not.toBeRequired();
  });
});
