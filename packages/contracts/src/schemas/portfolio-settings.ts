import { z } from 'zod';
import type { TermKey } from '../terminology-defaults';
import { idSchema, timestampSchema } from './common';

/*
 * Settings → investor → portfolio and portfolio-stats (issue 21): which columns of the investor's holdings
 * table and which headline figures above it show, in which order, under which label. One stored row per
 * column or figure; a label left empty follows the terminology (or the fixed default of a figure that has
 * no term). The seeded defaults are what the portfolio page showed before these settings existed.
 */

/** A column or figure's default label: a terminology entry, or fixed words where no term exists. */
type DefaultLabel = { readonly term: TermKey } | { readonly label: string };

/** Every column the holdings table can show, in the default order; `shown` is the default. */
export const PORTFOLIO_COLUMNS = {
  company: { term: 'column_company', shown: true },
  date: { term: 'column_date', shown: true },
  invested: { term: 'column_invested', shown: true },
  shares: { term: 'column_shares', shown: true },
  value: { term: 'column_value', shown: true },
  multiple: { term: 'column_multiple', shown: true },
  irr: { term: 'column_irr', shown: true },
  realised: { term: 'column_realised', shown: true },
  unrealised: { term: 'column_unrealised', shown: true },
  price: { label: 'Share price', shown: false },
  gain: { label: 'Gain', shown: false },
} as const satisfies Record<string, DefaultLabel & { readonly shown: boolean }>;
export type PortfolioColumnKey = keyof typeof PORTFOLIO_COLUMNS;
export const PORTFOLIO_COLUMN_KEYS = Object.keys(PORTFOLIO_COLUMNS) as [
  PortfolioColumnKey,
  ...PortfolioColumnKey[],
];

/** Every headline figure above the holdings, in the default order; `shown` is the default. */
export const PORTFOLIO_STATS = {
  invested: { term: 'column_invested', shown: true },
  value: { term: 'column_value', shown: true },
  realised: { term: 'column_realised', shown: true },
  unrealised: { term: 'column_unrealised', shown: true },
  multiple: { term: 'column_multiple', shown: true },
  irr: { term: 'column_irr', shown: true },
  gain: { label: 'Total gain', shown: false },
  holdings: { label: 'Holdings', shown: false },
} as const satisfies Record<string, DefaultLabel & { readonly shown: boolean }>;
export type PortfolioStatKey = keyof typeof PORTFOLIO_STATS;
export const PORTFOLIO_STAT_KEYS = Object.keys(PORTFOLIO_STATS) as [PortfolioStatKey, ...PortfolioStatKey[]];

export const PORTFOLIO_SETTING_KINDS = ['column', 'stat'] as const;
export type PortfolioSettingKind = (typeof PORTFOLIO_SETTING_KINDS)[number];

/** The default label of a column or figure under a deployment's terminology. */
export function portfolioDefaultLabel(
  kind: PortfolioSettingKind,
  key: string,
  terms: Readonly<Record<TermKey, string>>,
): string {
  const definitions: Record<string, DefaultLabel> = kind === 'column' ? PORTFOLIO_COLUMNS : PORTFOLIO_STATS;
  const definition = definitions[key];
  if (!definition) return key;
  return 'term' in definition ? terms[definition.term] : definition.label;
}

const labelSchema = z.string().trim().min(1).max(60);

/** One column or figure as staff configure it. */
export const portfolioSettingSchema = z
  .object({
    id: idSchema,
    kind: z.enum(PORTFOLIO_SETTING_KINDS),
    key: z.string(),
    /** 0-based, the order shown */
    position: z.number().int(),
    shown: z.boolean(),
    /** the deployment's own label; null follows the default */
    label: z.string().nullable(),
    /** what shows when `label` is null: the terminology's word, or the fixed default */
    default_label: z.string(),
    updated_at: timestampSchema,
  })
  .meta({ id: 'PortfolioSetting' });
export type PortfolioSetting = z.infer<typeof portfolioSettingSchema>;

const itemInput = <Key extends string>(keys: readonly [Key, ...Key[]]) =>
  z.object({
    key: z.enum(keys),
    shown: z.boolean(),
    /** null or absent: the default label */
    label: labelSchema.nullable().optional(),
  });

/** No key twice; the keys a list leaves out keep their state and follow the listed ones. */
function noDuplicates(items: readonly { key: string }[], context: z.RefinementCtx, field: string) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.key))
      context.addIssue({
        code: 'custom',
        path: [field, index, 'key'],
        message: `The ${item.key} entry is listed twice.`,
      });
    seen.add(item.key);
  });
}

/** PUT /api/settings/portfolio-columns: the columns in the order to show them. */
export const portfolioColumnsInputSchema = z
  .object({ columns: z.array(itemInput(PORTFOLIO_COLUMN_KEYS)).min(1).max(PORTFOLIO_COLUMN_KEYS.length) })
  .strict()
  .superRefine((input, context) => {
    noDuplicates(input.columns, context, 'columns');
  })
  .meta({ id: 'PortfolioColumnsChanges' });
export type PortfolioColumnsInput = z.input<typeof portfolioColumnsInputSchema>;

/** PUT /api/settings/portfolio-stats: the figures in the order to show them (none shown is allowed). */
export const portfolioStatsInputSchema = z
  .object({ stats: z.array(itemInput(PORTFOLIO_STAT_KEYS)).min(1).max(PORTFOLIO_STAT_KEYS.length) })
  .strict()
  .superRefine((input, context) => {
    noDuplicates(input.stats, context, 'stats');
  })
  .meta({ id: 'PortfolioStatsChanges' });
export type PortfolioStatsInput = z.input<typeof portfolioStatsInputSchema>;

/** PATCH /api/settings/portfolio-columns/{id}: one column's label or visibility. */
export const portfolioColumnInputSchema = z
  .object({ shown: z.boolean().optional(), label: labelSchema.nullable().optional() })
  .strict()
  .meta({ id: 'PortfolioColumnChanges' });
export type PortfolioColumnInput = z.input<typeof portfolioColumnInputSchema>;

/** What the investor's portfolio shows (GET /api/portfolio `layout`): shown entries only, in order. */
export const portfolioLayoutSchema = z
  .object({
    columns: z.array(z.object({ key: z.enum(PORTFOLIO_COLUMN_KEYS), label: z.string() })),
    stats: z.array(z.object({ key: z.enum(PORTFOLIO_STAT_KEYS), label: z.string() })),
  })
  .meta({ id: 'PortfolioLayout' });
export type PortfolioLayout = z.infer<typeof portfolioLayoutSchema>;
