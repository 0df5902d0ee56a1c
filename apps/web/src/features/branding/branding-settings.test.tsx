import { FEATURE_FLAGS, isFeatureAvailable, type Branding } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, buildBranding, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const admin = userWithRole(1, { name: 'Alex Morgan' });

function openSettings(
  path: string,
  branding: Branding,
  routes: Record<string, MockReply | MockReply[]> = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: admin }),
    'GET /api/branding': json(200, { data: branding }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const primaryVariable = () =>
  /--mantine-color-primary-6:\s*(#[0-9a-f]{6})/.exec(
    document.querySelector('style[data-mantine-styles]')?.textContent ?? '',
  )?.[1];

describe('settings → account (colours, logos)', () => {
  it('previews the colours, saves them as multipart PATCH /api/branding/1 and re-themes the app at once', async () => {
    const saved = buildBranding({
      colours: { ...buildBranding().colours, primary: '#7b2cbf' },
      updated_at: '2024-05-02T10:00:00.000000Z',
    });
    const { callsTo } = openSettings('/admin/settings/account', buildBranding(), {
      'PATCH /api/branding/1': json(200, { data: saved }),
    });
    const user = userEvent.setup();
    const primary = await screen.findByRole('textbox', { name: 'Primary' });
    await user.clear(primary);
    await user.type(primary, '#7b2cbf');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('button', { name: 'Primary' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText('Branding saved')).toBeInTheDocument();
    const [request] = callsTo('PATCH', '/api/branding/1');
    expect(request?.body).toBeInstanceOf(FormData);
    const form = request?.body as FormData;
    expect(form.get('colours[primary]')).toBe('#7b2cbf');
    expect(form.get('logo_alt')).toBe('Portico');
    expect(form.get('remove_logo')).toBeNull();
    await waitFor(() => expect(primaryVariable()).toBe('#7b2cbf'));
  });

  it('shows the server errors on the fields they concern', async () => {
    openSettings('/admin/settings/account', buildBranding({ logo: '/files/branding/logo-1.png' }), {
      'PATCH /api/branding/1': json(422, {
        message: 'The logo must be a file of type: PNG, JPEG, SVG, WEBP. (and 1 more error)',
        errors: {
          logo: ['The logo must be a file of type: PNG, JPEG, SVG, WEBP.'],
          'colours.secondary': ['The colours.secondary field must be a colour like #0b1f3a.'],
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save branding' }));
    expect(
      await screen.findByText('The logo must be a file of type: PNG, JPEG, SVG, WEBP.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Secondary' })).toHaveAccessibleDescription(
      'The colours.secondary field must be a colour like #0b1f3a.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes the current logo with remove_logo=true', async () => {
    const { callsTo } = openSettings(
      '/admin/settings/account',
      buildBranding({ logo: '/files/branding/logo-1.png' }),
      {
        'PATCH /api/branding/1': json(200, { data: buildBranding() }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(screen.getByText('Will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await screen.findByText('Branding saved');
    expect((callsTo('PATCH', '/api/branding/1')[0]?.body as FormData).get('remove_logo')).toBe('true');
  });
});

describe('settings → terminology', () => {
  it('saves with POST /api/branding while there is no custom branding, and relabels at once', async () => {
    const branding = buildBranding({ isCustomBranding: false });
    const saved = {
      ...branding,
      isCustomBranding: true,
      navigation: { ...branding.navigation, overview: 'Dashboard' },
    };
    const { callsTo } = openSettings('/admin/settings/terminology', branding, {
      'POST /api/branding': json(201, { data: saved }),
    });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Overview' });
    expect(field).toHaveAttribute('placeholder', 'Overview');
    await user.clear(field);
    await user.type(field, 'Dashboard');
    await user.click(screen.getByRole('button', { name: 'Save terminology' }));
    expect(await screen.findByText('Terminology saved')).toBeInTheDocument();
    const [request] = callsTo('POST', '/api/branding');
    expect(request?.body).toMatchObject({
      navigation: { overview: 'Dashboard', investments: 'Investments' },
    });
    expect(request?.body).not.toHaveProperty('_method');
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('saves with POST /api/branding/1 and _method=PATCH once custom branding exists', async () => {
    const branding = buildBranding({ isCustomBranding: true });
    const { callsTo } = openSettings('/admin/settings/terminology/roles', branding, {
      'POST /api/branding/1': json(200, { data: branding }),
    });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Super Admin role' });
    await user.clear(field);
    await user.type(field, 'Platform owner');
    await user.click(screen.getByRole('button', { name: 'Save terminology' }));
    await screen.findByText('Terminology saved');
    const [request] = callsTo('POST', '/api/branding/1');
    expect(request?.body).toEqual({
      _method: 'PATCH',
      navigation: expect.objectContaining({ role_1: 'Platform owner', role_12: 'Adviser' }) as unknown,
    });
  });

  it('puts a term back to its default, and shows server errors on the term', async () => {
    const branding = buildBranding({ isCustomBranding: true });
    openSettings(
      '/admin/settings/terminology',
      { ...branding, navigation: { ...branding.navigation, portfolio: 'Holdings' } },
      {
        'POST /api/branding/1': json(422, {
          message: 'The navigation.investments field must not be greater than 80 characters.',
          errors: {
            'navigation.investments': [
              'The navigation.investments field must not be greater than 80 characters.',
            ],
          },
        }),
      },
    );
    const user = userEvent.setup();
    const portfolio = await screen.findByRole('textbox', { name: 'Portfolio' });
    expect(portfolio).toHaveValue('Holdings');
    await user.click(screen.getByRole('button', { name: 'Reset Portfolio to default' }));
    expect(portfolio).toHaveValue('Portfolio');
    await user.click(screen.getByRole('button', { name: 'Save terminology' }));
    expect(await screen.findByRole('textbox', { name: 'Investments (plural)' })).toHaveAccessibleDescription(
      /must not be greater than 80 characters/,
    );
  });
});

describe('settings → account → features', () => {
  it('lists every flag with its sentence, and saves after a confirmation', async () => {
    const saved = brandingWithFeatures(['riskWarning']);
    const { callsTo } = openSettings('/admin/settings/account/features', buildBranding(), {
      'PATCH /api/features': json(200, { data: saved }),
    });
    const user = userEvent.setup();
    const riskSwitch = await screen.findByRole('switch', { name: /^Risk warning/ });
    expect(screen.getAllByRole('switch')).toHaveLength(FEATURE_FLAGS.length);
    expect(screen.getByText(/Pooled funds: the Funds menu/)).toBeInTheDocument();
    expect(riskSwitch).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save features' })).toBeDisabled();

    await user.click(riskSwitch);
    await user.click(screen.getByRole('button', { name: 'Save features' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save feature changes?' });
    expect(confirm).toHaveTextContent('Risk warning: off → on');
    expect(callsTo('PATCH', '/api/features')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Features saved')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/features')[0]?.body).toEqual({ risk_warning_enabled: true });
    expect(screen.getByRole('switch', { name: /^Risk warning/ })).toBeChecked();
  });

  it('offers market sounding (issue 21) as a working switch, and no "not yet available" list once every flag is built', async () => {
    openSettings('/admin/settings/account/features', brandingWithFeatures(['marketSounding', 'nominee']));
    const working = await screen.findByRole('region', { name: 'Features' });
    const sounding = within(working).getByRole('switch', { name: /^Market sounding/ });
    expect(sounding).toBeEnabled();
    expect(sounding).toBeChecked();
    const nominee = within(working).getByRole('switch', { name: /^Nominee accounts/ });
    expect(nominee).toBeEnabled();
    expect(nominee).toBeChecked();
    // Funds (issue 20) can be switched on.
    expect(within(working).getByRole('switch', { name: /^Funds/ })).toBeEnabled();
    const unbuilt = FEATURE_FLAGS.filter((flag) => !isFeatureAvailable(flag.key));
    if (unbuilt.length === 0) expect(screen.queryByRole('region', { name: 'Not yet available' })).toBeNull();
    else {
      const notYet = screen.getByRole('region', { name: 'Not yet available' });
      expect(within(notYet).getAllByRole('switch')).toHaveLength(unbuilt.length);
      for (const item of within(notYet).getAllByRole('switch')) expect(item).toBeDisabled();
    }
  });
});

describe('settings → investor → terms, risk warning, market sounding', () => {
  it('publishes a new version after explaining that everyone accepts again', async () => {
    const branding = buildBranding({ terms_version: 3, terms_text: 'Old terms.' });
    const published = { ...branding, terms_version: 4, updated_at: '2024-05-02T10:00:00.000000Z' };
    const { callsTo } = openSettings('/admin/settings/investor/terms', branding, {
      'PATCH /api/branding/1': json(200, { data: published }),
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Current version 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish new version' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish version 4?' });
    expect(confirm).toHaveTextContent('will have to accept the terms and conditions again');
    await user.click(within(confirm).getByRole('button', { name: 'Publish version 4' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/branding/1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/branding/1')[0]?.body).toMatchObject({
      terms_version: 4,
      terms_format: 'text',
      terms_text: 'Old terms.',
    });
    // The staff member who published is behind on the terms now, like everyone else.
    expect(await screen.findByRole('dialog', { name: 'Accept terms & conditions' })).toBeInTheDocument();
  });

  it('needs a URL when the terms are a link', async () => {
    const { callsTo } = openSettings('/admin/settings/investor/terms', buildBranding());
    const user = userEvent.setup();
    await user.click(await screen.findByText('Link (URL)'));
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(
      await screen.findByText('The terms URL field is required when the terms are a link.'),
    ).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/branding/1')).toHaveLength(0);
  });

  it('says whether the risk warning is on, links to the features, and previews the banner and summary', async () => {
    openSettings(
      '/admin/settings/investor/risk-warning',
      buildBranding({ risk_warning_text: 'Be careful.' }),
    );
    expect(await screen.findByText('The risk warning is off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change it on the Features page' })).toHaveAttribute(
      'href',
      '/admin/settings/account/features',
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Risk summary' }), ' Really.');
    await user.click(screen.getByRole('button', { name: 'Preview the risk summary' }));
    const modal = await screen.findByRole('dialog', { name: 'Risk summary' });
    expect(modal).toHaveTextContent('Be careful. Really.');
  });

  it('saves the market sounding description', async () => {
    const branding = brandingWithFeatures(['marketSounding']);
    const { callsTo } = openSettings('/admin/settings/investor/market-sounding', branding, {
      'PATCH /api/branding/1': json(200, { data: branding }),
    });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Market sounding description' });
    await user.clear(field);
    await user.type(field, 'Inside information follows.');
    await user.click(screen.getByRole('button', { name: 'Save description' }));
    await screen.findByText('Description saved');
    expect(callsTo('PATCH', '/api/branding/1')[0]?.body).toEqual({
      market_sounding_description: 'Inside information follows.',
    });
  });
});
