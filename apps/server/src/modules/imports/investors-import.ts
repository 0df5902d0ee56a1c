import {
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  createInvestorInputSchema,
  fieldErrorsFromZod,
  IMPORT_FIELDS,
  ROLES,
  type ClientType,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { leadStatuses } from '../../db/schema';
import type { InvestorsService } from '../investors/investors.service';
import { findUserByEmail } from '../users/users.repository';
import type { ImportTarget } from './import-targets';

/** "Sole trader", "soletrader" and "SOLE_TRADER" all mean the same client type. */
function clientTypeOf(text: string): ClientType | undefined {
  const plain = text.toLowerCase().replace(/[^a-z]/g, '');
  return CLIENT_TYPES.find(
    (type) => type === plain || CLIENT_TYPE_LABELS[type].toLowerCase().replace(/[^a-z]/g, '') === plain,
  );
}

/** Investors from a file: matched on email, created without an invitation unless asked, or updated. */
export function investorsImportTarget(ctx: AppContext, investors: InvestorsService): ImportTarget {
  async function leadStatusId(name: string): Promise<number | undefined> {
    const [row] = await ctx.db
      .select({ id: leadStatuses.id })
      .from(leadStatuses)
      .where(sql`lower(${leadStatuses.name}) = ${name.toLowerCase()}`);
    return row?.id;
  }

  /** The row as the investor form would send it; blank cells are left out (an update keeps them). */
  async function toInput(values: Record<string, string>) {
    const errors: Record<string, string[]> = {};
    const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const { lead_status: status, client_type: clientType, ...rest } = given;
    const input: Record<string, unknown> = { ...rest, send_invitation: false };
    if (status !== undefined) {
      const id = await leadStatusId(status);
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

  return {
    kind: 'investors',
    fields: IMPORT_FIELDS.investors,

    async check(values) {
      const { input, errors } = await toInput(values);
      const parsed = createInvestorInputSchema.safeParse(input);
      if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error));
      if (Object.keys(errors).length > 0) return { errors };
      const existing = parsed.success ? await findUserByEmail(ctx.db, parsed.data.email) : undefined;
      if (existing && existing.role_id !== ROLES.USER)
        return { errors: { email: ['This email belongs to a staff account.'] } };
      return { action: existing ? 'update' : 'create' };
    },

    async apply(values, who) {
      const { input } = await toInput(values);
      const parsed = createInvestorInputSchema.parse(input);
      const existing = await findUserByEmail(ctx.db, parsed.email);
      if (existing) {
        const { send_invitation: _invite, ...changes } = parsed;
        // Only what the file gives changes: blank cells keep what is there.
        const given = Object.fromEntries(
          Object.entries(changes).filter(([key]) => key in input || key === 'email'),
        );
        await investors.update(who.actor, existing.id, given);
        return 'updated';
      }
      await investors.create(who.user, who.actor, { ...parsed, send_invitation: who.invite });
      return 'created';
    },
  };
}
