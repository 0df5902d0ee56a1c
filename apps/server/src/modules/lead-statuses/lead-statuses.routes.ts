import {
  dataOf,
  idParamsSchema,
  leadStatusInputSchema,
  leadStatusSchema,
  type LeadStatus,
} from '@portico/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { leadStatuses } from '../../db/schema';
import { recordAudit } from '../../platform/audit/audit';
import { access } from '../../platform/auth/access';
import { fieldError, notFound } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/kernel';
import { toApiTimestamp } from '../../platform/time';

const toResource = (row: typeof leadStatuses.$inferSelect): LeadStatus => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
  position: row.position,
  is_default: row.is_default,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

const taken = () => fieldError('name', 'A lead status with that name already exists.');

/**
 * Settings → investor → lead-status. Every staff member reads them (filters and forms); managing them
 * is the `investor_type` resource (investor configuration).
 */
export function leadStatusesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const tags = ['Lead statuses'];
  const one = { 200: dataOf(leadStatusSchema) };

  /** Only one status is the default for new investors and contacts. */
  async function save(
    tx: typeof db | Parameters<Parameters<typeof db.transaction>[0]>[0],
    values: z.output<typeof leadStatusInputSchema>,
    id?: number,
  ) {
    if (values.is_default)
      await tx
        .update(leadStatuses)
        .set({ is_default: false })
        .where(sql`${leadStatuses.is_default}`);
    const [row] = id
      ? await tx
          .update(leadStatuses)
          .set({ ...values, updated_at: new Date() })
          .where(eq(leadStatuses.id, id))
          .returning()
      : await tx.insert(leadStatuses).values(values).returning();
    if (!row) throw notFound('No lead status with that id.');
    return row;
  }

  return async (app) => {
    app.get(
      '/api/lead-statuses',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Every lead status, in order',
          response: { 200: dataOf(z.array(leadStatusSchema)) },
        },
      },
      async () => ({
        data: (
          await db.select().from(leadStatuses).orderBy(asc(leadStatuses.position), asc(leadStatuses.name))
        ).map(toResource),
      }),
    );

    app.post(
      '/api/lead-statuses',
      {
        config: { access: access.permission('investor_type', 'create') },
        schema: {
          tags,
          summary: 'Add a lead status',
          body: leadStatusInputSchema,
          response: { 201: dataOf(leadStatusSchema) },
        },
      },
      async (request, reply) => {
        const row = await db
          .transaction(async (tx) => {
            const created = await save(tx, request.body);
            await recordAudit(tx, actorOf(request), {
              action: 'lead_status.created',
              subjectType: 'lead_status',
              subjectId: created.id,
              after: request.body,
            });
            return created;
          })
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? taken() : error;
          });
        return reply.code(201).send({ data: toResource(row) });
      },
    );

    app.patch(
      '/api/lead-statuses/:id',
      {
        config: { access: access.permission('investor_type', 'update') },
        schema: {
          tags,
          summary: 'Rename, recolour or reorder a lead status',
          params: idParamsSchema,
          body: leadStatusInputSchema.partial(),
          response: one,
        },
      },
      async (request) => {
        const row = await db
          .transaction(async (tx) => {
            const updated = await save(
              tx,
              request.body as z.output<typeof leadStatusInputSchema>,
              request.params.id,
            );
            await recordAudit(tx, actorOf(request), {
              action: 'lead_status.updated',
              subjectType: 'lead_status',
              subjectId: updated.id,
              after: request.body,
            });
            return updated;
          })
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? taken() : error;
          });
        return { data: toResource(row) };
      },
    );

    app.delete(
      '/api/lead-statuses/:id',
      {
        config: { access: access.permission('investor_type', 'delete') },
        schema: {
          tags,
          summary: 'Remove a lead status (investors and contacts that had it keep no status)',
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .delete(leadStatuses)
            .where(eq(leadStatuses.id, request.params.id))
            .returning();
          if (!row) throw notFound('No lead status with that id.');
          await recordAudit(tx, actorOf(request), {
            action: 'lead_status.deleted',
            subjectType: 'lead_status',
            subjectId: row.id,
            before: { name: row.name },
          });
        });
        return reply.code(204).send(null);
      },
    );
  };
}
