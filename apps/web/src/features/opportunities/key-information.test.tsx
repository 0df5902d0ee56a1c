import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { opportunityFixture } from '../../testing/fixtures';
import { KeyInformation } from './components/key-information';

const show = (status: number) =>
  render(
    <MantineProvider>
      <KeyInformation
        opportunity={opportunityFixture({
          status,
          stage: status,
          committed_amount: '7500.00',
          target_amount: '10000.00',
        })}
      />
    </MantineProvider>,
  );

describe('key information', () => {
  it('calls a live round’s money committed', () => {
    show(2);
    expect(screen.getByText('£7,500.00 committed')).toBeInTheDocument();
    expect(screen.getByText('Committed')).toBeInTheDocument();
    expect(screen.queryByText('Raised')).not.toBeInTheDocument();
  });

  it('calls a completed round’s money what it raised', () => {
    show(5);
    expect(screen.getByText('£7,500.00 raised')).toBeInTheDocument();
    expect(screen.getByText('Raised')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: '£7,500.00 raised of £10,000.00 (75%)' }),
    ).toBeInTheDocument();
  });
});
