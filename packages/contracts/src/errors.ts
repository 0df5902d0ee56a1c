import { z } from 'zod';

/** Machine-readable codes carried beside `message` in every 4xx/5xx body. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_QUERY',
  'MALFORMED_BODY',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CSRF_MISMATCH',
  'TOO_MANY_ATTEMPTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CONFLICT',
  'MAINTENANCE',
  'SERVICE_UNAVAILABLE',
  'SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_MESSAGES = {
  UNAUTHENTICATED: 'Unauthenticated.',
  FORBIDDEN: 'This action is unauthorized.',
  CSRF_MISMATCH: 'CSRF token mismatch.',
  TOO_MANY_ATTEMPTS: 'Too Many Attempts.',
  MAINTENANCE: 'Service Unavailable',
  SERVICE_UNAVAILABLE: 'Service Unavailable',
  SERVER_ERROR: 'Server Error',
} as const;

export const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES).optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
