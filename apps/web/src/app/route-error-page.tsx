import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/errors/error-page';
import { isApiError } from '../lib/api-error';
import { RouteStatusError } from './route-status-error';

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof RouteStatusError) return error.status;
  if (isApiError(error) && error.status >= 400) return error.status;
  return 500;
}

/** Any error a route throws: 404 shows the not-found variant, anything else "Something went wrong". */
export function RouteErrorPage() {
  const error = useRouteError();
  const status = statusOf(error);
  useEffect(() => {
    // Expected refusals need no log; anything else is a bug worth seeing in the console.
    if (!isRouteErrorResponse(error) && !(error instanceof RouteStatusError)) console.error(error);
  }, [error]);
  return <ErrorPage status={status} />;
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
