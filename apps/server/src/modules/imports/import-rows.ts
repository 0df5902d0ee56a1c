import { CLIENT_TYPE_LABELS, CLIENT_TYPES, type ClientType } from '@portico/contracts';
import type { DbOrTx } from '../../db/client';
import { leadStatuses } from '../../db/schema';

/** "Sole trader", "soletrader" and "SOLE_TRADER" all mean the same client type. */
function clientTypeOf(text: string): ClientType | undefined {
  const plain = text.toLowerCase().replace(/[^a-z]/g, '');
  return CLIENT_TYPES.find(
    (type) => type === plain || CLIENT_TYPE_LABELS[type].toLowerCase().replace(/[^a-z]/g, '') === plain,
  );
}

/** The lead statuses by lower-cased name: one query for a whole file. */
export async function leadStatusesByName(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ id: leadStatuses.id, name: leadStatuses.name }).from(leadStatuses);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

/** The distinct, lower-cased emails of a file's rows. */
export const emailsOf = (rows: readonly Record<string, string>[]) => [
  ...new Set(rows.map((values) => values.email?.trim().toLowerCase() ?? '').filter((email) => email !== '')),
];

/** Rows of records whose email is one of these, read in chunks (a file holds up to 10,000 rows). */
export async function byEmail<Row extends { email: string | null }>(
  emails: readonly string[],
  read: (chunk: string[]) => Promise<Row[]>,
): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  for (let start = 0; start < emails.length; start += 1000)
    for (const row of await read(emails.slice(start, start + 1000)))
      if (row.email) found.set(row.email.toLowerCase(), row);
  return found;
}

/**
 * A row as the record's form would send it: blank cells are left out (an update keeps what is there),
 * the lead status is found by name and the client type by its label.
 */
export function rowInput(values: Record<string, string>, statuses: Map<string, number>) {
  const errors: Record<string, string[]> = {};
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  const { lead_status: status, client_type: clientType, ...rest } = given;
  const input: Record<string, unknown> = { ...rest };
  if (status !== undefined) {
    const id = statuses.get(status.trim().toLowerCase());
    if (id === undefined) errors.lead_status = [`There is no lead status called “${status}”.`];
    else input.lead_status_id = id;
  }
  if (clientType !== undefined) {
    const type = clientTypeOf(clientType);
    if (!type)
      errors.client_type = [
        `“${clientType}” is not a client type: use business, organisation or sole trader.`,
      ];
    else input.client_type = type;
  }
  return { input, errors };
}

/** Only what the file gives changes an existing record: the keys the row filled in. */
export const givenChanges = <T extends Record<string, unknown>>(parsed: T, input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(parsed).filter(([key]) => key in input || key === 'email')) as Partial<T>;
