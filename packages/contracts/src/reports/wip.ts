import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';

/*
 * The WIP (work in progress) report (issue 19, spec §2.1 Reports → WIP, §6 wip_report): the deals in each
 * pipeline stage with their values, the live raises with what is committed and paid against their target,
 * and the cash calls still outstanding (and overdue), each grouped by investment manager. Amounts are
 * decimal strings in their own currency and are never added across currencies: every total is a list of
 * per-currency lines.
 */

/** An amount in one currency. */
export const wipAmountSchema = z.object({ currency: z.string(), amount: z.string() });
export type WipAmount = z.infer<typeof wipAmountSchema>;

/**
 * Who is responsible for a raise or a cash call: the opportunity has no investment manager of its own, so
 * it is the owner of the deal it was converted from, else the staff member who created it; null when
 * neither is known.
 */
export const wipManagerSchema = z.object({ id: idSchema, name: z.string() }).nullable();
export type WipManager = z.infer<typeof wipManagerSchema>;

/** One stage of a pipeline: how many deals are in it and what they seek (deals have no currency: GBP). */
export const wipStageSchema = z.object({
  id: idSchema,
  name: z.string(),
  deals: z.number().int(),
  /** the sum of the deals' amounts sought */
  value: z.string(),
});
export const wipPipelineSchema = z.object({
  id: idSchema,
  name: z.string(),
  stages: z.array(wipStageSchema),
  deals: z.number().int(),
  value: z.string(),
});
export type WipPipeline = z.infer<typeof wipPipelineSchema>;

/**
 * A live raise (Live - External, Live - Internal, or Closed and not yet completed). Committed and paid are
 * the opportunity's own Transactions tab totals (committed: reserved, awaiting payment and paid; paid: the
 * money received, net of refunds), so they agree to the penny.
 */
export const wipRaiseSchema = z.object({
  id: idSchema,
  name: z.string(),
  company_name: z.string(),
  status: z.number().int(),
  currency: z.string(),
  target: z.string().nullable(),
  committed: z.string(),
  paid: z.string(),
  /** committed as a percentage of the target, one decimal place; null without a target */
  percent_of_target: z.number().nullable(),
  /** the target less what is committed, never below zero; null without a target */
  remaining: z.string().nullable(),
  closing_date: z.string().nullable(),
  investments: z.number().int(),
  manager: wipManagerSchema,
});
export type WipRaise = z.infer<typeof wipRaiseSchema>;

/** An open cash call: what its called investments still owe, and how late it is on the London date. */
export const wipCashCallSchema = z.object({
  id: idSchema,
  opportunity: z.object({ id: idSchema, name: z.string() }),
  currency: z.string(),
  /** what the call asked for */
  amount: z.string(),
  /** what its investments awaiting payment still owe */
  outstanding: z.string(),
  due_date: z.string(),
  overdue: z.boolean(),
  /** whole days past the due date; 0 when not overdue */
  days_overdue: z.number().int(),
  investments: z.number().int(),
  manager: wipManagerSchema,
});
export type WipCashCall = z.infer<typeof wipCashCallSchema>;

/** One investment manager's share: their raises' and cash calls' figures, per currency. */
export const wipManagerGroupSchema = z.object({
  manager: wipManagerSchema,
  raises: z.number().int(),
  target: z.array(wipAmountSchema),
  committed: z.array(wipAmountSchema),
  paid: z.array(wipAmountSchema),
  cash_calls: z.number().int(),
  outstanding: z.array(wipAmountSchema),
  overdue: z.array(wipAmountSchema),
});
export type WipManagerGroup = z.infer<typeof wipManagerGroupSchema>;

export const wipReportSchema = z
  .object({
    /** the London date the report is of */
    as_of: z.string(),
    generated_at: timestampSchema,
    pipelines: z.array(wipPipelineSchema),
    deals: z.object({ count: z.number().int(), value: z.string() }),
    raises: z.array(wipRaiseSchema),
    raise_totals: z.object({
      count: z.number().int(),
      target: z.array(wipAmountSchema),
      committed: z.array(wipAmountSchema),
      paid: z.array(wipAmountSchema),
      remaining: z.array(wipAmountSchema),
    }),
    cash_calls: z.array(wipCashCallSchema),
    cash_call_totals: z.object({
      count: z.number().int(),
      overdue_count: z.number().int(),
      outstanding: z.array(wipAmountSchema),
      overdue: z.array(wipAmountSchema),
    }),
    by_manager: z.array(wipManagerGroupSchema),
  })
  .meta({ id: 'WipReport' });
export type WipReport = z.infer<typeof wipReportSchema>;

export const WIP_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type WipExportFormat = (typeof WIP_EXPORT_FORMATS)[number];
export const wipExportQuerySchema = z.object({ format: z.enum(WIP_EXPORT_FORMATS).default('xlsx') });

/**
 * A WIP snapshot (the wip_report create action): a dated, frozen copy of the report for an investment
 * committee meeting, listed on the report's page and exported like the live report.
 */
export const wipSnapshotCreateSchema = z
  .object({ title: z.string().trim().min(1).max(200) })
  .meta({ id: 'NewWipSnapshot' });
export type WipSnapshotCreate = z.input<typeof wipSnapshotCreateSchema>;

export const wipSnapshotSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  as_of: z.string(),
  created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
  created_at: timestampSchema,
});
export type WipSnapshotSummary = z.infer<typeof wipSnapshotSummarySchema>;

export const wipSnapshotSchema = wipSnapshotSummarySchema
  .extend({ report: wipReportSchema })
  .meta({ id: 'WipSnapshot' });
export type WipSnapshot = z.infer<typeof wipSnapshotSchema>;
