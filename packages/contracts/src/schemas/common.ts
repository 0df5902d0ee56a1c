import { z } from 'zod';

/** ISO-8601 UTC with microseconds, as Laravel sends it: 2024-05-01T10:15:30.000000Z */
export const timestampSchema = z
  .string()
  .meta({ format: 'date-time', example: '2024-05-01T10:15:30.000000Z' });

export const idSchema = z.number().int().positive();

/**
 * A record id in a path: a plain positive decimal integer (`^[1-9][0-9]*$`). `0x10`, `04`, `+4`, `4.0`,
 * ` 4` and `1e1` are not ids, and neither is a number past Number.MAX_SAFE_INTEGER (no row has one,
 * and it could not be read exactly); routes answer 404 for all of them.
 */
export const pathIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** Route parameter ids: anything but a plain id is a 404 rather than a 500. */
export const idParamsSchema = z.object({ id: pathIdSchema });

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
