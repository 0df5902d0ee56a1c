/** The main server and the one started with MAINTENANCE=1 (playwright.config.ts starts both). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAINTENANCE_PORT = PORT + 1;
export const BASE_URL = `http://localhost:${PORT}`;
export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`;
/** A server of its own for the tests that change the branding, terms and flags. */
export const SHELL_PORT = PORT + 2;
export const SHELL_URL = `http://localhost:${SHELL_PORT}`;
