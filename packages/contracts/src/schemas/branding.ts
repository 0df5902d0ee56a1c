import { z } from 'zod';
import { featuresSchema } from '../features';
import { terminologyInputSchema, terminologySchema } from '../terminology';
import { timestampSchema } from './common';

/** The brand's colours (spec §9 defaults: dark navy, a lighter blue, yellow, status greens and reds). */
export const COLOUR_KEYS = [
  'primary',
  'primaryLighter',
  'secondary',
  'success',
  'successLighter',
  'danger',
  'dangerLighter',
] as const;
export type ColourKey = (typeof COLOUR_KEYS)[number];
export type Colours = Record<ColourKey, string>;

export const DEFAULT_COLOURS: Colours = {
  primary: '#0b1f3a',
  primaryLighter: '#2f6fde',
  secondary: '#f5c242',
  success: '#2e9e5b',
  successLighter: '#e3f4ea',
  danger: '#d64545',
  dangerLighter: '#fbe9e9',
};

export const COLOUR_LABELS: Record<ColourKey, string> = {
  primary: 'Primary',
  primaryLighter: 'Primary (lighter)',
  secondary: 'Secondary',
  success: 'Success',
  successLighter: 'Success (light background)',
  danger: 'Danger',
  dangerLighter: 'Danger (light background)',
};

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'The :attribute field must be a colour like #0b1f3a.' })
  .transform((value) => value.toLowerCase());

export const coloursSchema = z.object(
  Object.fromEntries(COLOUR_KEYS.map((key) => [key, z.string()])) as Record<ColourKey, z.ZodString>,
);

export const TERMS_FORMATS = ['url', 'text'] as const;
export type TermsFormat = (typeof TERMS_FORMATS)[number];
export const INVESTOR_NAV_VARIANTS = [0, 1, 2] as const;

/** The regulator's banner text (spec §2.3), never editable. */
export const RISK_BANNER_TEXT =
  "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.";
export const RISK_BANNER_LINK = 'Take 2 mins to learn more.';

/** The branding record (id 1), readable before login so the login page is branded too. */
export const brandingSchema = z
  .object({
    id: z.literal(1),
    colours: coloursSchema,
    navigation: terminologySchema,
    logo: z.string().nullable(),
    logoLight: z.string().nullable(),
    logo_alt: z.string(),
    favicon: z.string().nullable(),
    terms_version: z.number().int(),
    terms_format: z.enum(TERMS_FORMATS),
    terms_text: z.string(),
    terms_url: z.string().nullable(),
    market_sounding_description: z.string(),
    risk_warning_text: z.string(),
    isCustomBranding: z.boolean(),
    isTrial: z.boolean(),
    appVersion: z.string(),
    /** deployment settings the portals need before login */
    appName: z.string(),
    investorNavVariant: z.union(INVESTOR_NAV_VARIANTS.map((value) => z.literal(value))),
    backToSiteUrl: z.string().nullable(),
    realtime: z.object({ key: z.string(), path: z.string() }),
    updated_at: timestampSchema.nullable(),
  })
  .extend(featuresSchema.shape)
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof brandingSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * POST /api/branding, or /api/branding/{id} with _method=PATCH (spec §7). JSON, or multipart with the
 * files `logo`, `logoLight` and `favicon`. Every field is optional: what is sent changes.
 */
export const brandingInputSchema = z
  .object({
    colours: z
      .object(
        Object.fromEntries(COLOUR_KEYS.map((key) => [key, hexColour.optional()])) as Record<
          ColourKey,
          z.ZodOptional<typeof hexColour>
        >,
      )
      .strict()
      .optional(),
    navigation: terminologyInputSchema.optional(),
    logo_alt: optionalText(200),
    terms_format: z.enum(TERMS_FORMATS).optional(),
    terms_text: optionalText(100_000),
    terms_url: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
    terms_version: z.coerce.number().int().min(1).max(1_000_000).optional(),
    market_sounding_description: optionalText(20_000),
    risk_warning_text: optionalText(20_000),
    remove_logo: z.stringbool().optional(),
    remove_logoLight: z.stringbool().optional(),
    remove_favicon: z.stringbool().optional(),
  })
  .meta({ id: 'BrandingChanges' });
export type BrandingInput = z.input<typeof brandingInputSchema>;
export type BrandingChanges = z.output<typeof brandingInputSchema>;

export const BRANDING_FILES = {
  logo: {
    label: 'Logo',
    maxBytes: 2 * 1024 * 1024,
    types: ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'],
  },
  logoLight: {
    label: 'Light logo',
    maxBytes: 2 * 1024 * 1024,
    types: ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'],
  },
  favicon: {
    label: 'Favicon',
    maxBytes: 256 * 1024,
    types: ['image/png', 'image/x-icon', 'image/svg+xml'],
  },
} as const;
export type BrandingFile = keyof typeof BRANDING_FILES;
