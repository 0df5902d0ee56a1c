/** Product-wide constants. The product name here is only the fallback: the branding record's appName wins. */
export const APP_NAME = 'Portico';

/** Shown while the branding record has no favicon of its own. */
export const DEFAULT_FAVICON = '/favicon.svg';

/** Public pages every visitor may open (spec §2.2, §4). */
export const TERMS_PATH = '/terms';

/** Spec §7 and §9: every request gives up after 5 s. */
export const REQUEST_TIMEOUT_MS = 5_000;

/** Spec §4: /maintenance asks the server again every 5 s. */
export const MAINTENANCE_POLL_MS = 5_000;

/** Where the server ends a session and sends the browser to /login (spec §2.1, §8). */
export const LOGOUT_PATH = '/api/logout';

export const LOGIN_PATH = '/login';
export const MAINTENANCE_PATH = '/maintenance';
