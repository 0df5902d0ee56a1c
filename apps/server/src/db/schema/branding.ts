import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { reference, timestamptz } from './columns';

/** The one branding record (id 1): colours, terminology, files, terms, texts and feature flags. */
export const branding = pgTable('branding', {
  id: integer('id').primaryKey(),
  colours: jsonb('colours').$type<Record<string, string>>().notNull().default({}),
  /** terminology overrides only; the defaults live in contracts */
  navigation: jsonb('navigation').$type<Record<string, string>>().notNull().default({}),
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  /** storage keys of the uploaded files */
  logo: text('logo'),
  logo_light: text('logo_light'),
  logo_alt: text('logo_alt').notNull().default(''),
  favicon: text('favicon'),
  terms_version: integer('terms_version').notNull().default(1),
  terms_format: text('terms_format', { enum: ['url', 'text'] })
    .notNull()
    .default('text'),
  terms_text: text('terms_text').notNull().default(''),
  terms_url: text('terms_url'),
  market_sounding_description: text('market_sounding_description').notNull().default(''),
  risk_warning_text: text('risk_warning_text').notNull().default(''),
  is_custom_branding: boolean('is_custom_branding').notNull().default(false),
  is_trial: boolean('is_trial').notNull().default(false),
  updated_at: timestamptz('updated_at'),
  updated_by: reference('updated_by'),
});
export type BrandingRow = typeof branding.$inferSelect;
