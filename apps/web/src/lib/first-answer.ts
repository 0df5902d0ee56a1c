import type { Parser } from './api-client';

/**
 * The first page's answers (the session's user, the branding record) arrive before zod has loaded: the
 * first page does not wait for zod and the contract's schemas (docs/benchmarks.md, issue 8). A shape check
 * lets the page render; the contract's schema then parses the same body once its chunk has loaded, and
 * `onInvalid` runs when the schema refuses it. The contract stays the one definition of each answer.
 */

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/**
 * `{data: {...}}` whose record has the fields the first render reads, with their JavaScript types.
 * Only a shape check: the contract's schema parses the whole body later (`parseLater`).
 */
export function firstAnswerData<T>(
  body: unknown,
  fields: Readonly<Record<string, 'number' | 'string' | 'object'>>,
): T {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data)) throw new TypeError('The answer has no data record.');
  for (const [name, type] of Object.entries(fields)) {
    const value = data[name];
    if (typeof value !== type || value === null)
      throw new TypeError(`The answer's ${name} is not a ${type}.`);
  }
  return data as T;
}

/** Parses `body` with the contract's schema once it has loaded; a refused body goes to `onInvalid`. */
export function parseLater<T>(
  body: unknown,
  loadParser: () => Promise<Parser<T>>,
  onInvalid: (error: unknown) => void,
): void {
  // A chunk that fails to load is not the answer's fault: the next page load tries again.
  void loadParser().then(
    (parser) => {
      try {
        parser.parse(body);
      } catch (error) {
        onInvalid(error);
      }
    },
    () => undefined,
  );
}
