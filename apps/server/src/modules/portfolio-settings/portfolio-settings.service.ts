import {
  PORTFOLIO_COLUMN_KEYS,
  PORTFOLIO_STAT_KEYS,
  portfolioDefaultLabel,
  type PortfolioColumnKey,
  type PortfolioLayout,
  type PortfolioSetting,
  type PortfolioSettingKind,
  type PortfolioStatKey,
  type Terminology,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { PortfolioSettingRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import {
  allRows,
  lockPortfolioSettings,
  rowById,
  rowsOfKind,
  updateRow,
} from './portfolio-settings.repository';

/** One entry of a PUT: the order is the list's. */
export interface SettingChoice {
  key: string;
  shown: boolean;
  label?: string | null | undefined;
}

const FIELD: Record<PortfolioSettingKind, string> = { column: 'columns', stat: 'stats' };
const ACTION: Record<PortfolioSettingKind, string> = {
  column: 'portfolio_columns.updated',
  stat: 'portfolio_stats.updated',
};
const ONE_SHOWN = 'At least one column must be shown.';
const NO_COLUMN = 'No portfolio column with that id.';

const snapshot = (rows: readonly PortfolioSettingRow[]) =>
  rows.map((row) => ({ key: row.key, shown: row.shown, label: row.label }));

const isColumnKey = (key: string): key is PortfolioColumnKey =>
  (PORTFOLIO_COLUMN_KEYS as readonly string[]).includes(key);
const isStatKey = (key: string): key is PortfolioStatKey =>
  (PORTFOLIO_STAT_KEYS as readonly string[]).includes(key);

/**
 * Settings → investor → portfolio and portfolio-stats: the stored columns and headline figures, and the
 * layout the investor's portfolio follows (shown entries in order, each with its label or the default).
 */
export function createPortfolioSettingsService(
  ctx: AppContext,
  deps: { terminology: () => Promise<Terminology> },
) {
  const { db } = ctx;

  const toResource = (row: PortfolioSettingRow, terms: Terminology): PortfolioSetting => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    position: row.position,
    shown: row.shown,
    label: row.label,
    default_label: portfolioDefaultLabel(row.kind, row.key, terms),
    updated_at: toApiTimestamp(row.updated_at),
  });

  async function list(kind: PortfolioSettingKind) {
    const terms = await deps.terminology();
    return (await rowsOfKind(db, kind)).map((row) => toResource(row, terms));
  }

  return {
    list,

    async column(id: number) {
      const row = await rowById(db, 'column', id);
      if (!row) throw notFound(NO_COLUMN);
      return toResource(row, await deps.terminology());
    },

    /**
     * PUT: the listed entries first, in the list's order, with their visibility and label (absent or null:
     * the default); the entries a list leaves out keep their state and follow in their current order.
     */
    async replace(actor: Actor, kind: PortfolioSettingKind, choices: readonly SettingChoice[]) {
      await db.transaction(async (tx) => {
        await lockPortfolioSettings(tx);
        const rows = await rowsOfKind(tx, kind);
        const byKey = new Map(rows.map((row) => [row.key, row]));
        const listed = new Set(choices.map((choice) => choice.key));
        const next = [
          ...choices.flatMap((choice) => {
            const row = byKey.get(choice.key);
            return row ? [{ row, shown: choice.shown, label: choice.label ?? null }] : [];
          }),
          ...rows
            .filter((row) => !listed.has(row.key))
            .map((row) => ({ row, shown: row.shown, label: row.label })),
        ];
        if (kind === 'column' && !next.some((entry) => entry.shown)) throw fieldError(FIELD[kind], ONE_SHOWN);
        const after: PortfolioSettingRow[] = [];
        for (const [position, entry] of next.entries()) {
          const unchanged =
            entry.row.position === position &&
            entry.row.shown === entry.shown &&
            entry.row.label === entry.label;
          after.push(
            unchanged
              ? entry.row
              : ((await updateRow(tx, entry.row.id, { position, shown: entry.shown, label: entry.label })) ??
                  entry.row),
          );
        }
        await recordAudit(tx, actor, {
          action: ACTION[kind],
          subjectType: 'portfolio_settings',
          subjectId: null,
          before: { [FIELD[kind]]: snapshot(rows) },
          after: { [FIELD[kind]]: snapshot(after) },
        });
      });
      return list(kind);
    },

    /** PATCH one column: its label (null: the default) or whether it shows; never the last one hidden. */
    async updateColumn(actor: Actor, id: number, input: { shown?: boolean; label?: string | null }) {
      const row = await db.transaction(async (tx) => {
        await lockPortfolioSettings(tx);
        const current = await rowById(tx, 'column', id);
        if (!current) throw notFound(NO_COLUMN);
        if (input.shown === false && current.shown) {
          const others = (await rowsOfKind(tx, 'column')).filter((row) => row.shown && row.id !== id);
          if (others.length === 0) throw fieldError('shown', ONE_SHOWN);
        }
        const changes = {
          ...(input.shown === undefined ? {} : { shown: input.shown }),
          ...(input.label === undefined ? {} : { label: input.label }),
        };
        const updated = (await updateRow(tx, id, changes)) ?? current;
        await recordAudit(tx, actor, {
          action: 'portfolio_column.updated',
          subjectType: 'portfolio_settings',
          subjectId: id,
          before: { key: current.key, shown: current.shown, label: current.label },
          after: { key: updated.key, shown: updated.shown, label: updated.label },
        });
        return updated;
      });
      return toResource(row, await deps.terminology());
    },

    /** What the investor's portfolio shows: the shown columns and figures, in order, labelled. */
    async layout(): Promise<PortfolioLayout> {
      const [rows, terms] = await Promise.all([allRows(db), deps.terminology()]);
      const labelOf = (row: PortfolioSettingRow) =>
        row.label ?? portfolioDefaultLabel(row.kind, row.key, terms);
      const shown = rows.filter((row) => row.shown);
      return {
        columns: shown.flatMap((row) =>
          row.kind === 'column' && isColumnKey(row.key) ? [{ key: row.key, label: labelOf(row) }] : [],
        ),
        stats: shown.flatMap((row) =>
          row.kind === 'stat' && isStatKey(row.key) ? [{ key: row.key, label: labelOf(row) }] : [],
        ),
      };
    },
  };
}

export type PortfolioSettingsService = ReturnType<typeof createPortfolioSettingsService>;
