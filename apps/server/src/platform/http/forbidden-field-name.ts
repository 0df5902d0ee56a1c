/**
 * Keys that reach an object's prototype when a request names them (`__proto__[user]=…`,
 * `{"constructor":{"prototype":…}}`). No field of ours has these names, so they are refused wherever a
 * request's keys become an object's keys.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const isForbiddenKey = (key: string) => FORBIDDEN_KEYS.has(key);

/** A field name (or a key inside a field's JSON) that is one of those keys; answered 422. */
export class ForbiddenFieldNameError extends Error {
  constructor(readonly field: string) {
    super(`The field name ${field} is not allowed.`);
  }
}
