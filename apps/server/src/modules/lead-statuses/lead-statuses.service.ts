import type { LeadStatus } from '@portico/contracts';
import { type leadStatusInputSchema } from '@portico/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import { LEAD_STATUS_DEFAULT_INDEX, leadStatuses } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, HttpError, notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';

type Input = z.output<typeof leadStatusInputSchema>;

/** Every change of the default takes this lock first, so two of them run one after the other. */
const DEFAULT_LOCK = sql`select pg_advisory_xact_lock(hashtext('lead_statuses.is_default'))`;

const toResource = (row: typeof leadStatuses.$inferSelect): LeadStatus => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
  position: row.position,
  is_default: row.is_default,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

/** A unique index's refusal, as the person who asked should read it. */
function explained(error: unknown) {
  if (!isUniqueViolation(error)) return error;
  // Only a writer that skipped the lock (a script, a seed) can get here; the request did nothing.
  if (violatedConstraint(error) === LEAD_STATUS_DEFAULT_INDEX)
    return new HttpError(
      409,
      'Another lead status was made the default at the same moment; reload and try again.',
      'CONFLICT',
    );
  return fieldError('name', 'A lead status with that name already exists.');
}

/**
 * Lead statuses. Only one is the default for new investors and contacts: a unique index holds that,
 * and a change of default clears the old one and sets the new one in one transaction, under a lock
 * that makes concurrent changes wait for each other (the index alone would refuse the later ones).
 */
export function createLeadStatusesService(ctx: AppContext) {
  const { db } = ctx;

  async function save(tx: DbOrTx, values: Partial<Input>, id?: number) {
    if (values.is_default) {
      await tx.execute(DEFAULT_LOCK);
      await tx
        .update(leadStatuses)
        .set({ is_default: false, updated_at: new Date() })
        .where(and(sql`${leadStatuses.is_default}`, id === undefined ? undefined : ne(leadStatuses.id, id)));
    }
    const [row] =
      id === undefined
        ? await tx
            .insert(leadStatuses)
            .values(values as Input)
            .returning()
        : await tx
            .update(leadStatuses)
            .set({ ...values, updated_at: new Date() })
            .where(eq(leadStatuses.id, id))
            .returning();
    if (!row) throw notFound('No lead status with that id.');
    return row;
  }

  return {
    async list() {
      const rows = await db
        .select()
        .from(leadStatuses)
        .orderBy(asc(leadStatuses.position), asc(leadStatuses.name));
      return rows.map(toResource);
    },

    async create(actor: Actor, input: Input) {
      const row = await db
        .transaction(async (tx) => {
          const created = await save(tx, input);
          await recordAudit(tx, actor, {
            action: 'lead_status.created',
            subjectType: 'lead_status',
            subjectId: created.id,
            after: input,
          });
          return created;
        })
        .catch((error: unknown) => {
          throw explained(error);
        });
      return toResource(row);
    },

    async update(actor: Actor, id: number, input: Partial<Input>) {
      const row = await db
        .transaction(async (tx) => {
          const updated = await save(tx, input, id);
          await recordAudit(tx, actor, {
            action: 'lead_status.updated',
            subjectType: 'lead_status',
            subjectId: updated.id,
            after: input,
          });
          return updated;
        })
        .catch((error: unknown) => {
          throw explained(error);
        });
      return toResource(row);
    },

    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(leadStatuses).where(eq(leadStatuses.id, id)).returning();
        if (!row) throw notFound('No lead status with that id.');
        await recordAudit(tx, actor, {
          action: 'lead_status.deleted',
          subjectType: 'lead_status',
          subjectId: row.id,
          before: { name: row.name },
        });
      });
    },
  };
}

export type LeadStatusesService = ReturnType<typeof createLeadStatusesService>;
