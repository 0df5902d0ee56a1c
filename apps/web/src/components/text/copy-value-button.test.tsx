import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CopyValueButton } from './copy-value-button';

describe('the copy button', () => {
  it('copies the value and names it for a screen reader, initials kept', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <CopyValueButton value="401524" label="Sort code" />
        <CopyValueButton value="GB33BUKB20201555555555" label="IBAN" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy sort code' }));
    expect(await navigator.clipboard.readText()).toBe('401524');
    await user.click(screen.getByRole('button', { name: 'Copy IBAN' }));
    expect(await navigator.clipboard.readText()).toBe('GB33BUKB20201555555555');
  });
});
