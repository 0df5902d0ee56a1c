import { ROLES, type FieldErrors, type RoleId } from '@portico/contracts';
import { and, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { users, type NotificationRow, type UserRow } from '../../db/schema';
import { notFound, validationError } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import type { BrandingService } from '../branding/branding.service';
import type { DocumentsService } from '../documents/documents.service';
import type { InvestorsService } from '../investors/investors.service';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import type { SubjectRegistry } from '../records/subjects';
import type { ScreeningService } from '../screening/screening.service';
import { findUserById } from '../users/users.repository';

/** The services the compliance tabs use; each through its service, never its tables. */
export interface ComplianceDeps {
  subjects: SubjectRegistry;
  investors: InvestorsService;
  documents: DocumentsService;
  notifications: NotificationsService;
  branding: BrandingService;
  /** the identity check: a sign-up document that is one of its files is decided with it (issue 18) */
  screening?: Pick<ScreeningService, 'decide'>;
}

/** The investor (role 5) with that id, or a 404: a staff member's id is not an investor's. */
export async function loadInvestor(tx: DbOrTx, id: number): Promise<UserRow> {
  const user = await findUserById(tx, id);
  if (!user || user.role_id !== ROLES.USER) throw notFound('No investor with that id.');
  return user;
}

/** Active staff whose role passes the test (admin notifications). */
export async function staffWhere(tx: DbOrTx, test: (roleId: RoleId) => boolean): Promise<UserRow[]> {
  const staff = await tx
    .select()
    .from(users)
    .where(and(ne(users.role_id, ROLES.USER), isNull(users.deactivated_at)));
  return staff.filter((user) => test(user.role_id as RoleId));
}

export const personRef = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

export const timestampOrNull = (date: Date | null) => (date ? toApiTimestamp(date) : null);

/**
 * Notifications written inside a transaction and broadcast once it has committed, so nobody hears of a
 * change that was rolled back.
 */
export function createOutbox(notifications: NotificationsService) {
  const queued: Array<{ rows: NotificationRow[]; notice: Notice }> = [];
  return {
    async add(tx: DbOrTx, recipients: UserRow[], notice: Notice) {
      const unique = [...new Map(recipients.map((user) => [user.id, user])).values()];
      if (unique.length === 0) return;
      queued.push({ rows: await notifications.record(tx, unique, notice), notice });
    },
    async publish() {
      for (const { rows, notice } of queued) await notifications.publish(rows, notice);
    },
  };
}

/** Parses with a schema, reporting its errors under a prefix (`answers.income`), or collects them. */
export function parseInto<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix: string,
  errors: FieldErrors,
): z.output<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean);
    const named = [...issue.path].reverse().find((part) => typeof part === 'string');
    const attribute = typeof named === 'string' ? named.replace(/_/g, ' ') : prefix.replace(/_/g, ' ');
    (errors[path.join('.')] ??= []).push(issue.message.replaceAll(':attribute', attribute));
  }
  return undefined;
}

export function throwIfErrors(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The admin page of an investor's tab (spec §2.1: sub-paths of /admin/investors/{id}/details). */
export const investorTabUrl = (id: number, tab: string) => `/admin/investors/${id}/details/${tab}`;

/** A reason someone typed, ready to sit inside a sentence: no trailing full stop. */
export const asClause = (text: string) => text.trim().replace(/[.!\s]+$/, '');
