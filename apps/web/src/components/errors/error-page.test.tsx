import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvestorMenuItem } from '../../config/investor-menu';
import type { SessionState } from '../../lib/session';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { ErrorPage, errorLinks } from './error-page';

const guest: SessionState = { status: 'guest' };
const investor: SessionState = { status: 'authenticated', user: userWithRole(5) };
const adviser: SessionState = { status: 'authenticated', user: userWithRole(12) };

function links() {
  return within(screen.getByRole('navigation', { name: 'Helpful links' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the error page (spec §2.4, §8)', () => {
  it('404: its heading, text and title', () => {
    renderWithProviders(<ErrorPage status={404} />, { session: guest });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "Sorry that page doesn't seem to exist",
    );
    expect(screen.getByText('The page you requested cannot be found.')).toBeInTheDocument();
    expect(document.title).toBe('404 page not found');
  });

  it.each([403, 500, 503])('%i: the "Something went wrong" variant', (status) => {
    renderWithProviders(<ErrorPage status={status} />, { session: guest });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Something went wrong$/);
    expect(screen.getByText('Click below to return to our homepage or try again later.')).toBeInTheDocument();
    expect(document.title).toBe('Something went wrong...');
  });

  it('logged-out visitors get Login and Register', () => {
    renderWithProviders(<ErrorPage status={404} />, { session: guest });
    expect(links()).toEqual([
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
  });

  it('investors get Overview and Investment Opportunities', () => {
    renderWithProviders(<ErrorPage status={403} />, { session: investor });
    expect(links()).toEqual([
      ['Overview', '/investor'],
      ['Investment Opportunities', '/investor/investments'],
    ]);
  });

  it('investors get Investment Opportunities as soon as the investor menu has the investments screen', () => {
    const menu: InvestorMenuItem[] = [
      { id: 'overview', label: 'Overview', path: '/investor' },
      { id: 'investments', label: 'Investments', path: '/investor/investments' },
    ];
    expect(errorLinks(5, menu)).toEqual({
      kind: 'links',
      links: [
        { label: 'Overview', to: '/investor' },
        { label: 'Investment Opportunities', to: '/investor/investments' },
      ],
    });
  });

  it('staff get one button back to the login route', () => {
    renderWithProviders(<ErrorPage status={403} />, { session: adviser });
    expect(screen.queryByRole('navigation', { name: 'Helpful links' })).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    const [button, ...others] = within(main).getAllByRole('link');
    expect(others).toHaveLength(0);
    expect(button).toHaveTextContent('Back to login');
    expect(button).toHaveAttribute('href', '/login');
  });
});
