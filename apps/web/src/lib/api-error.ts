import type { FieldErrors } from '@portico/contracts';

export type ApiErrorKind = 'http' | 'timeout' | 'network';

interface ApiErrorInit {
  status: number;
  message: string;
  kind?: ApiErrorKind;
  code?: string | undefined;
  /** Laravel-style field errors, or a single form-level message when the server sends a string. */
  errors?: FieldErrors | string | undefined;
}

/** Every failed call rejects with this: the HTTP status (0 when there was no answer) and the body's texts. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly code: string | undefined;
  readonly errors: FieldErrors | string | undefined;

  constructor({ status, message, kind = 'http', code, errors }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.kind = kind;
    this.code = code;
    this.errors = errors;
  }

  /** No answer at all: the request timed out or the network failed. */
  get unanswered(): boolean {
    return this.kind !== 'http';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
