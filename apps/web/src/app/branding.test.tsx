import { RISK_BANNER_LINK, RISK_BANNER_TEXT, type Branding, type RoleId } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../testing/fetch-mock';
import { brandingWithFeatures, buildBranding, userWithRole } from '../testing/fixtures';
import { renderApp } from '../testing/render';

function open(path: string, branding: Branding | null, roleId?: RoleId) {
  const mock = mockFetch({
    'GET /api/user': roleId
      ? json(200, { data: userWithRole(roleId, { name: 'Olivia Carter' }) })
      : json(401, { message: 'Unauthenticated.' }),
    'GET /api/branding': branding ? json(200, { data: branding }) : json(500, { message: 'Server Error' }),
    'GET /api/stats/overview': json(503, {}),
  });
  return { ...mock, ...renderApp(path) };
}

const investorNav = async () =>
  (await screen.findAllByRole('navigation', { name: 'Investor navigation' }))[0];

describe('branding, readable before login (spec §1, §3, §8)', () => {
  it('themes the app from the branding colours', async () => {
    open('/login', buildBranding({ colours: { ...buildBranding().colours, primary: '#7b2cbf' } }));
    await screen.findByRole('heading', { name: 'Log in' });
    await waitFor(() =>
      expect(document.querySelector('style[data-mantine-styles]')?.textContent).toMatch(
        /--mantine-color-primary-6:\s*#7b2cbf/,
      ),
    );
  });

  it('shows the logo with its alternative text, the favicon and the product name in the title', async () => {
    open(
      '/login',
      buildBranding({
        logo: '/files/branding/logo-x.png',
        logo_alt: 'Acme Capital',
        favicon: '/files/branding/favicon-x.png',
        appName: 'Acme Invest',
      }),
    );
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.getByRole('img', { name: 'Acme Capital' })).toHaveAttribute(
      'src',
      '/files/branding/logo-x.png',
    );
    await waitFor(() => expect(document.title).toBe('Log in | Acme Invest'));
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute(
      'href',
      '/files/branding/favicon-x.png',
    );
  });

  it('ignores a failed branding call: the defaults apply', async () => {
    open('/login', null);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Portico home' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log in | Portico'));
  });

  it('puts the light logo on the dark investor header, linking to the back-to-site address when set', async () => {
    open(
      '/investor',
      buildBranding({
        logo: '/files/branding/logo.png',
        logoLight: '/files/branding/light.png',
        logo_alt: 'Acme Capital',
        backToSiteUrl: 'https://acme.example',
      }),
      5,
    );
    await investorNav();
    expect(screen.getByRole('img', { name: 'Acme Capital' })).toHaveAttribute(
      'src',
      '/files/branding/light.png',
    );
    expect(screen.getByRole('link', { name: 'Back to Acme Capital' })).toHaveAttribute(
      'href',
      'https://acme.example',
    );
  });
});

describe('investor navigation (spec §2.3)', () => {
  it.each([
    [0, ['Overview', 'Investments', 'Portfolio', 'News', 'Profile']],
    [1, ['Portfolio', 'Investments', 'Profile']],
    [2, ['Investments', 'Portfolio', 'Profile']],
  ] as const)('variant %i shows %j (of the screens that exist)', async (variant, labels) => {
    open('/investor', buildBranding({ investorNavVariant: variant }), 5);
    const nav = await investorNav();
    expect(
      within(nav as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(labels);
  });

  it('takes its labels from the terminology', async () => {
    const branding = buildBranding();
    open(
      '/investor',
      {
        ...branding,
        navigation: {
          ...branding.navigation,
          profile: 'My account',
          overview: 'Home',
          investments: 'Deals',
          portfolio: 'Holdings',
          news: 'Updates',
        },
      },
      5,
    );
    const nav = await investorNav();
    expect(
      within(nav as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Deals', 'Holdings', 'Updates', 'My account']);
  });

  it('links the logo to /investor without a back-to-site address', async () => {
    open('/investor', buildBranding(), 5);
    await investorNav();
    expect(screen.getByRole('link', { name: 'Portico home' })).toHaveAttribute('href', '/investor');
  });
});

describe('terminology in the admin portal', () => {
  it('names roles and the overview by the deployment', async () => {
    const branding = buildBranding();
    open(
      '/admin/settings/security',
      {
        ...branding,
        navigation: { ...branding.navigation, role_1: 'Platform owner', overview: 'Dashboard' },
      },
      1,
    );
    expect(await screen.findByText('Platform owner')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(menu).queryByText('Super Admin')).not.toBeInTheDocument();
  });
});

describe('the risk warning (spec §2.3, §9)', () => {
  it('with the flag on: the 70 px banner on investor pages with the exact words, its link opens the summary', async () => {
    open(
      '/investor',
      brandingWithFeatures(['riskWarning'], {
        risk_warning_text: 'Estimated reading time: 2 min\n\nYou could lose all the money you invest.',
      }),
      5,
    );
    const banner = await screen.findByRole('complementary', { name: 'Risk warning' });
    expect(banner).toHaveTextContent(`${RISK_BANNER_TEXT} ${RISK_BANNER_LINK}`);
    expect(RISK_BANNER_TEXT).toBe(
      "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.",
    );
    expect(banner).toHaveStyle({ height: '70px' });

    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Take 2 mins to learn more.' }));
    const modal = await screen.findByRole('dialog', { name: 'Risk summary' });
    expect(within(modal).getByText('Estimated reading time: 2 min')).toBeInTheDocument();
    expect(within(modal).getByText('You could lose all the money you invest.')).toBeInTheDocument();
  });

  it('with the flag off: no banner', async () => {
    open('/investor', buildBranding(), 5);
    await investorNav();
    expect(screen.queryByRole('complementary', { name: 'Risk warning' })).not.toBeInTheDocument();
    expect(screen.queryByText(RISK_BANNER_TEXT)).not.toBeInTheDocument();
  });
});

describe('feature gating (spec §2.1)', () => {
  it('hides a gated settings page from the menu, and its route is the 404 page, while the flag is off', async () => {
    open('/admin/settings/investor/market-sounding', buildBranding(), 1);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });

  it('shows it when the flag is on', async () => {
    open('/admin/settings/investor/market-sounding', brandingWithFeatures(['marketSounding']), 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Market sounding' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: 'Market sounding' })).toBeInTheDocument();
  });

  it('leaves it out of the menu when off', async () => {
    open('/admin/settings/security', buildBranding(), 1);
    const menu = await screen.findByRole('navigation', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: 'Risk warning' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Market sounding' })).not.toBeInTheDocument();
  });
});
