import { z } from 'zod';
import { featuresSchema } from '../features';
import { terminologyInputSchema, terminologySchema } from '../terminology';
import { COLOUR_KEYS, INVESTOR_NAV_VARIANTS, TERMS_FORMATS, type ColourKey } from '../branding-defaults';
import { timestampSchema } from './common';

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'The :attribute field must be a colour like #0b1f3a.' })
  .transform((value) => value.toLowerCase());

export const coloursSchema = z.object(
  Object.fromEntries(COLOUR_KEYS.map((key) => [key, z.string()])) as Record<ColourKey, z.ZodString>,
);

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
