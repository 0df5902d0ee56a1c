/**
 * The servers playwright.config.ts starts, each on a fresh embedded database with the demo data:
 * - the main server, where the specs of the first lane run one after another;
 * - a second lane's server (with TEST_CLOCK=1: its specs may move the clock), so two lanes run at once
 *   without sharing a database;
 * - one started with MAINTENANCE=1;
 * - one of its own for the tests that change the branding, terms and flags.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAINTENANCE_PORT = PORT + 1;
export const SHELL_PORT = PORT + 2;
export const LANE_B_PORT = PORT + 3;
export const BASE_URL = `http://localhost:${PORT}`;
export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`;
export const SHELL_URL = `http://localhost:${SHELL_PORT}`;
export const LANE_B_URL = `http://localhost:${LANE_B_PORT}`;
