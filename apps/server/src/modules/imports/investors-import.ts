import { createInvestorInputSchema, fieldErrorsFromZod, IMPORT_FIELDS, ROLES } from '@portico/contracts';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { InvestorsService } from '../investors/investors.service';
import { findUserByEmail } from '../users/users.repository';
import type { ImportTarget } from './import-targets';
import { byEmail, emailsOf, givenChanges, leadStatusesByName, rowInput } from './import-rows';

/** Investors from a file: matched on email, created without an invitation unless asked, or updated. */
export function investorsImportTarget(ctx: AppContext, investors: InvestorsService): ImportTarget {
  const toInput = (values: Record<string, string>, statuses: Map<string, number>) => {
    const { input, errors } = rowInput(values, statuses);
    return { input: { ...input, send_invitation: false }, errors };
  };

  return {
    kind: 'investors',
    fields: IMPORT_FIELDS.investors,

    async checker(rows) {
      const statuses = await leadStatusesByName(ctx.db);
      const existing = await byEmail(emailsOf(rows), (chunk) =>
        ctx.db
          .select({ email: users.email, role_id: users.role_id })
          .from(users)
          .where(inArray(users.email, chunk)),
      );
      return (values) => {
        const { input, errors } = toInput(values, statuses);
        const parsed = createInvestorInputSchema.safeParse(input);
        if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error));
        if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
        const match = existing.get(parsed.data.email);
        if (match && match.role_id !== ROLES.USER)
          return { errors: { email: ['This email belongs to a staff account.'] } };
        return { action: match ? 'update' : 'create' };
      };
    },

    async apply(values, who) {
      const { input } = toInput(values, await leadStatusesByName(ctx.db));
      const parsed = createInvestorInputSchema.parse(input);
      const existing = await findUserByEmail(ctx.db, parsed.email);
      if (existing) {
        const { send_invitation: _invite, ...changes } = parsed;
        await investors.update(who.actor, existing.id, givenChanges(changes, input));
        return 'updated';
      }
      await investors.create(who.user, who.actor, { ...parsed, send_invitation: who.invite });
      return 'created';
    },
  };
}
