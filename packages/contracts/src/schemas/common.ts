import { z } from 'zod';

/** ISO-8601 UTC with microseconds, as Laravel sends it: 2024-05-01T10:15:30.000000Z */
export const timestampSchema = z
  .string()
  .meta({ format: 'date-time', example: '2024-05-01T10:15:30.000000Z' });

export const idSchema = z.number().int().positive();

/** Route parameter ids: digits only, so "abc" is a 404 rather than a 500. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const messageSchema = z.object({ message: z.string() });
export const statusMessageSchema = z.object({ status: z.string() });

export function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(255)
  .pipe(z.email({ error: 'The :attribute field must be a valid email address.' }));

/** Passwords: 12 to 128 characters, no composition rules (issue 2). */
export const passwordSchema = z.string().min(12).max(128);
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export const personNameSchema = z.string().trim().min(1).max(255);
