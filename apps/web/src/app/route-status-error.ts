/** Thrown by a route guard to show the error page for an HTTP-like status (403: not for this role). */
export class RouteStatusError extends Error {
  override readonly name = 'RouteStatusError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
