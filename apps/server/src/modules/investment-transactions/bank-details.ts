import type { bankDetailsInputSchema, OpportunityBankDetails } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { opportunities } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { forbidden } from '../../platform/http/errors';
import type { Kit } from './shared';

type BankInput = z.output<typeof bankDetailsInputSchema>;

const BANK_COLUMNS = {
  bank_account_name: opportunities.bank_account_name,
  bank_sort_code: opportunities.bank_sort_code,
  bank_account_number: opportunities.bank_account_number,
  bank_iban: opportunities.bank_iban,
  bank_swift: opportunities.bank_swift,
};

/** Where investors pay for a raise (the opportunity's bank details). */
export function bankDetailsOperations(kit: Kit) {
  const { db } = kit;

  /** GET /api/opportunities/{id}/bank-details (hidden in the admin with hide_bank_details_admin). */
  async function bankDetails(roleId: number, id: number): Promise<OpportunityBankDetails> {
    const row = await kit.opportunityFor(roleId, id, 'show');
    const hidden = await kit.isEnabled('hideBankAdmin');
    const international = await kit.isEnabled('internationalBank');
    const value = (text: string | null) => (hidden ? null : text);
    return {
      hidden,
      international,
      bank_account_name: value(row.bank_account_name),
      bank_sort_code: value(row.bank_sort_code),
      bank_account_number: value(row.bank_account_number),
      bank_iban: international ? value(row.bank_iban) : null,
      bank_swift: international ? value(row.bank_swift) : null,
    };
  }

  /** PUT /api/opportunities/{id}/bank-details: what is sent changes. */
  async function updateBankDetails(actor: Actor, roleId: number, id: number, input: BankInput) {
    await kit.opportunityFor(roleId, id, 'update');
    if (await kit.isEnabled('hideBankAdmin')) throw forbidden();
    const changes = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as Partial<Record<keyof BankInput, string | null>>;
    if (Object.keys(changes).length > 0)
      await db.transaction(async (tx) => {
        const [was] = await tx
          .select(BANK_COLUMNS)
          .from(opportunities)
          .where(eq(opportunities.id, id))
          .for('update');
        await tx
          .update(opportunities)
          .set({ ...changes, updated_at: new Date() })
          .where(eq(opportunities.id, id));
        const fields = Object.keys(changes) as Array<keyof typeof BANK_COLUMNS>;
        const values = (row: Partial<Record<keyof typeof BANK_COLUMNS, string | null>> | undefined) =>
          Object.fromEntries(fields.map((field) => [field, row?.[field] ?? null]));
        // The values themselves, masked but for their last four characters by the audit helper.
        await recordAudit(tx, actor, {
          action: 'opportunity.bank_details_changed',
          subjectType: 'opportunity',
          subjectId: id,
          before: values(was),
          after: { fields, ...values(changes) },
        });
      });
    return bankDetails(roleId, id);
  }

  return { bankDetails, updateBankDetails };
}
