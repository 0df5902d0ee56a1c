import {
  can,
  kpiPeriodContaining,
  kpiPeriodDueOn,
  parseKpiPeriod,
  ROLES,
  shiftKpiPeriod,
  type Action,
  type KpiPeriod,
  type KpiPeriodState,
  type KpiReportFrequency,
  type KpiSchedulePeriod,
  type KpiUnit,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { requireUser } from '../../platform/auth/access';
import type { RouteRule } from '../../platform/auth/route-rules';
import { forbidden } from '../../platform/http/errors';

/*
 * The rules of KPI reporting that do not touch the database: who may reach the submit routes, periods and
 * their states, and what a value must look like for its unit.
 */

/** Staff whose role has `kpi.{action}`, or an Entrepreneur (their link to the company is checked by the service). */
export const mayUseKpi = (user: Pick<UserRow, 'role_id'>, action: Action) =>
  can(user.role_id, 'kpi', action) || user.role_id === ROLES.ENTREPRENEUR;

/**
 * The route rule of the routes an Entrepreneur may use for the companies linked to them
 * (docs/decisions/023): staff with `kpi.{action}`, or an Entrepreneur; anyone else hears 403 before the
 * body is read. The service answers 404 for a company the Entrepreneur is not linked to.
 */
export function kpiOrLinkedEntrepreneur(action: Action): RouteRule {
  const check = async (request: FastifyRequest) => {
    if (!mayUseKpi(requireUser(request), action)) throw forbidden();
  };
  return Object.assign(check, {
    statement: `the role needs \`kpi.${action}\`, or is an Entrepreneur linked to the company (others 404)`,
  });
}

/** How many periods the schedule shows: the running one and the recent ones. */
export const RECENT_PERIODS: Record<KpiReportFrequency, number> = { month: 6, quarter: 4, year: 2 };

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The periods the schedule shows on `today`, newest first, none before the start period. */
export function recentPeriods(
  frequency: KpiReportFrequency,
  today: string,
  startPeriod: string | null,
  count = RECENT_PERIODS[frequency],
): KpiPeriod[] {
  const start = startPeriod ? parseKpiPeriod(startPeriod) : null;
  const current = kpiPeriodContaining(frequency, today);
  const periods: KpiPeriod[] = [];
  for (let step = 0; step < count; step += 1) {
    const period = shiftKpiPeriod(current, -step);
    if (start && period.end < start.start) break;
    periods.push(period);
  }
  return periods;
}

/** A period's line on the schedule, from its report's first value (if any) and today. */
export function schedulePeriod(
  period: KpiPeriod,
  dueDays: number,
  today: string,
  received: { report_id: number; received_on: string } | null,
): KpiSchedulePeriod {
  const dueOn = kpiPeriodDueOn(period, dueDays);
  let state: KpiPeriodState;
  if (received) state = 'received';
  else if (today <= period.end) state = 'not_yet_due';
  else if (today <= dueOn) state = 'due';
  else state = 'overdue';
  return {
    period: period.key,
    label: period.label,
    start: period.start,
    end: period.end,
    due_on: dueOn,
    state,
    report_id: received?.report_id ?? null,
    received_on: received?.received_on ?? null,
    days_overdue: state === 'overdue' ? daysBetween(dueOn, today) : null,
    days_until_due: state === 'due' || state === 'not_yet_due' ? daysBetween(today, dueOn) : null,
  };
}

/** Why a period cannot be reported for a company of this frequency today, or null when it can. */
export function periodProblem(key: string, frequency: KpiReportFrequency, today: string): string | null {
  const period = parseKpiPeriod(key);
  if (!period) return 'The period must be such as 2026-M09, 2026-Q3 or 2026.';
  if (period.frequency !== frequency) {
    const example = kpiPeriodContaining(frequency, today).key;
    return `This company reports by ${frequency}: give a period such as ${example}.`;
  }
  if (period.start > today) return 'The period has not started yet: KPIs cannot be reported for the future.';
  return null;
}

const UNIT_RULES: Record<Exclude<KpiUnit, 'text'>, { pattern: RegExp; message: string }> = {
  currency: {
    pattern: /^-?\d{1,15}(\.\d{1,2})?$/,
    message: 'must be an amount of money with at most 2 decimals, such as 125000.50',
  },
  number: {
    pattern: /^-?\d{1,18}(\.\d{1,6})?$/,
    message: 'must be a number with at most 6 decimals, such as 42 or 3.5',
  },
  percentage: {
    pattern: /^-?\d{1,6}(\.\d{1,4})?$/,
    message: 'must be a percentage with at most 4 decimals, such as 12.5',
  },
};

/**
 * A value as stored for its unit: a plain decimal string for numeric units (a thousands comma, a
 * currency sign or a trailing % is forgiven), trimmed words for text; or the reason it is not one.
 */
export function normaliseValue(unit: KpiUnit, raw: string): { value: string } | { problem: string } {
  const text = raw.trim();
  if (text === '') return { problem: 'A value is required.' };
  if (unit === 'text') {
    if (text.length > 1000) return { problem: 'The value must not be longer than 1000 characters.' };
    return { value: text };
  }
  let plain = text.replace(/,/g, '').replace(/\s/g, '');
  if (unit === 'currency') plain = plain.replace(/^(-?)[£$€]/, '$1');
  if (unit === 'percentage') plain = plain.replace(/%$/, '');
  const rule = UNIT_RULES[unit];
  if (!rule.pattern.test(plain)) return { problem: `The value ${rule.message}.` };
  return { value: decimalText(plain) };
}

/**
 * A decimal string in its plain form, exactly (no float): no leading zeros, no trailing fractional
 * zeros, no negative zero. "0125000.50" → "125000.5", "-0.00" → "0".
 */
export function decimalText(value: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const negative = match[1] === '-' && (/[1-9]/.test(whole) || fraction !== '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
