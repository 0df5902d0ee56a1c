import { CATEGORISATION_STATEMENT_VERSION, type InvestorCategory } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { DEMO_CATEGORISATION_ANSWERS } from '../../seed/demo-answers';

/** Data the compliance tests share; nothing here is part of the running app. */
export const json = <T = Record<string, unknown>>(response: { body: string }) =>
  JSON.parse(response.body) as T;
export const data = <T = Record<string, unknown>>(response: { body: string }) =>
  json<{ data: T }>(response).data;
export const errors = (response: { body: string }) =>
  json<{ errors: Record<string, string[]> }>(response).errors;

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
export const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};

/** Answers that satisfy each category's current statement (shared with the demo data). */
export const VALID_ANSWERS = DEMO_CATEGORISATION_ANSWERS;

export const signing = (category: InvestorCategory, extra: Record<string, unknown> = {}) => ({
  category,
  statement_version: CATEGORISATION_STATEMENT_VERSION,
  answers: VALID_ANSWERS[category],
  ...extra,
});

export const noticesOf = (db: DbOrTx, userId: number) =>
  db.select().from(notifications).where(eq(notifications.notifiable_id, userId));
