/**
 * The server's Content-Security-Policy forbids eval (script-src 'self'). Unless told `jitless`, zod 4
 * probes `new Function` when the first object schema is built and later compiles parsers with it: the
 * browser reports a CSP violation on every page even though zod catches the refusal.
 *
 * Zod keeps its settings in one object on globalThis, shared by every copy of zod on the page, and
 * creates it only if absent; setting it here, without importing zod, keeps zod out of the first pages'
 * JavaScript. main.tsx imports this module first, so it runs before any schema exists.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
