import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';

export const leadStatusSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    colour: z.string(),
    position: z.number().int(),
    is_default: z.boolean(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'LeadStatus' });
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadStatusInputSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    colour: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'The :attribute field must be a colour like #0b1f3a.' })
      .optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    is_default: z.boolean().optional(),
  })
  .meta({ id: 'LeadStatusChanges' });
export type LeadStatusInput = z.input<typeof leadStatusInputSchema>;

export const leadStatusRefSchema = leadStatusSchema
  .pick({ id: true, name: true, colour: true })
  .meta({ id: 'LeadStatusRef' });
