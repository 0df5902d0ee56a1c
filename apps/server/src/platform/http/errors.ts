import {
  attributeName,
  ERROR_MESSAGES,
  fieldErrorsFromZod,
  ListQueryError,
  validationBody,
  type ErrorBody,
  type ErrorCode,
  type FieldErrors,
} from '@portico/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isShutdown } from '../workers/worker-pool';
import { ForbiddenFieldNameError } from './forbidden-field-name';
import { isDependencyUnavailable } from './unavailable';

/** One error type for every expected failure; the handler below turns it into a Laravel-style body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, ERROR_MESSAGES.UNAUTHENTICATED, 'UNAUTHENTICATED');
export const forbidden = () => new HttpError(403, ERROR_MESSAGES.FORBIDDEN, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'NOT_FOUND');
export const csrfMismatch = () => new HttpError(419, ERROR_MESSAGES.CSRF_MISMATCH, 'CSRF_MISMATCH');
export const maintenance = () => new HttpError(503, ERROR_MESSAGES.MAINTENANCE, 'MAINTENANCE');
/** A body that cannot be read at all (cut short, no multipart boundary, not JSON): nothing to validate. */
export const malformedBody = (message: string) => new HttpError(400, message, 'MALFORMED_BODY');

/** Seconds a client is asked to wait when the database or Redis is out of reach (a restart takes a few). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const serviceUnavailable = () =>
  new HttpError(503, ERROR_MESSAGES.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE', undefined, {
    'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

export function validationError(errors: FieldErrors): HttpError {
  const body = validationBody(errors);
  return new HttpError(422, body.message, 'VALIDATION_FAILED', body.errors);
}

/** A 422 on one field: `fieldError('email', 'The email has already been taken.')` */
export const fieldError = (field: string, message: string) => validationError({ [field]: [message] });

/** A 429 with Retry-After; given the limit, Laravel's X-RateLimit-Limit, -Remaining and -Reset too. */
export function tooManyAttempts(
  retryAfterSeconds: number,
  message: string = ERROR_MESSAGES.TOO_MANY_ATTEMPTS,
  limit?: number,
) {
  const headers: Record<string, string> = { 'retry-after': String(retryAfterSeconds) };
  if (limit !== undefined) {
    headers['x-ratelimit-limit'] = String(limit);
    headers['x-ratelimit-remaining'] = '0';
    headers['x-ratelimit-reset'] = String(Math.floor(Date.now() / 1000) + retryAfterSeconds);
  }
  return new HttpError(429, message, 'TOO_MANY_ATTEMPTS', undefined, headers);
}

function fromFastifyError(error: FastifyError): HttpError | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldErrors = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.split('/').filter(Boolean);
      const field = path.length > 0 ? path.join('.') : 'body';
      const message = (issue.message ?? 'The :attribute field is invalid.').replaceAll(
        ':attribute',
        path.length > 0 ? attributeName(path) : 'request body',
      );
      (errors[field] ??= []).push(message);
    }
    // Route params that fail their schema mean the record cannot exist.
    if (error.validationContext === 'params') return notFound();
    return validationError(errors);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'The request body is too large.', 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'Unsupported content type.', 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return malformedBody('The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return malformedBody('The request body is not as long as its Content-Length says.');
    default:
      break;
  }
  // A body stream that failed (the client went away mid-body) or a parser's syntax error.
  if (error instanceof SyntaxError || error.statusCode === 400)
    return malformedBody('The request body could not be read: it is cut short or not well formed.');
  return undefined;
}

export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  // Keyed on `body`: the offending name itself may be `__proto__`.
  if (error instanceof ForbiddenFieldNameError) return validationError({ body: [error.message] });
  if (error instanceof ListQueryError) return new HttpError(400, error.message, 'BAD_QUERY');
  if (error instanceof ZodError) return validationError(fieldErrorsFromZod(error));
  // Work on a worker thread cut off because the server is stopping: worth a retry elsewhere.
  if (isShutdown(error)) return serviceUnavailable();
  if (error instanceof Error && 'code' in error) {
    const known = fromFastifyError(error as FastifyError);
    if (known) return known;
  }
  // Errors from libraries that carry an HTTP status (http-errors: static files, multipart limits).
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 404 || status === 403) return notFound();
  if (status === 413) return new HttpError(413, 'The request body is too large.', 'PAYLOAD_TOO_LARGE');
  return undefined;
}

export function sendError(reply: FastifyReply, error: HttpError) {
  const body: ErrorBody = { message: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  return reply.code(error.status).headers(error.headers).type('application/json').send(body);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const known = toHttpError(error);
  if (known) return sendError(reply, known);
  // A dependency restarting is no bug: the request may be retried in a few seconds.
  if (isDependencyUnavailable(error)) {
    request.log.warn({ err: error }, 'a dependency is unavailable');
    return sendError(reply, serviceUnavailable());
  }
  request.log.error({ err: error }, 'unhandled error');
  const body: ErrorBody = {
    message: ERROR_MESSAGES.SERVER_ERROR,
    code: 'SERVER_ERROR',
    request_id: request.id,
  };
  return reply.code(500).type('application/json').send(body);
}
