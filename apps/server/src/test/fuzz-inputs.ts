/** The fuzz test's raw inputs: odd strings, values, queries and ids, and its seeded generator. */

/** mulberry32: a small seeded generator, so every run sends the same requests. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    return chosen;
  };
  return { next, pick, sample };
}
export type Random = ReturnType<typeof seeded>;

/** Strings that have broken servers: huge, unicode of every awkward kind, injections, traversal. */
export const NASTY_STRINGS = [
  'x'.repeat(100_000),
  '😀'.repeat(2_000),
  '\u202eRTL override \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627',
  'e\u0301\u0301\u0301\u0301 Z\u0351\u0352\u0353\u0354\u0355 combining',
  'bad \ud800 text',
  // one string for every injection: SQL, HTML, path traversal, encoded NUL, templates
  "' OR 1=1-- <script>alert(1)</script> ../../etc/passwd %00 ${7*7}{{7*7}}",
  '',
  '\u0000',
  '\ufeff\u200b',
  '__proto__',
] as const;

export const INJECTIONS = NASTY_STRINGS.find((text) => text.startsWith("' OR")) ?? '';

/** Values of the wrong kind for any field. */
export const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: { deepest: [{ a: 1 }] } } },
  ['x'.repeat(1000)],
  'bad \ud800 text',
];

/** JSON that JSON.stringify cannot write: numbers beyond a double, or beyond 64 bits. */
export const RAW_NUMBERS = ['1e309', '99999999999999999999'];

export const QUERIES = [
  'page=99999999999999999999',
  'page=-1&per_page=0',
  'per_page=1e309',
  'page=abc&per_page=%F0%9F%98%80',
  'sort=%27%20OR%201%3D1--',
  'sort=-__proto__,constructor',
  'filter[__proto__]=x',
  'filter[__proto__][polluted]=yes',
  'filter[constructor][prototype][polluted]=yes',
  '__proto__[polluted]=yes',
  `filter[search]=${encodeURIComponent('x'.repeat(10_000))}`,
  'filter[search]=%ED%A0%80',
  'filter[search]=%00',
  'filter[search]=%27%20OR%201%3D1--&q=%3Cscript%3E',
  'include=__proto__,constructor,..%2F..%2Fetc&fields[x]=prototype',
  'filter[id]=99999999999999999999&filter[created_at]=not-a-date&filter[lead_status_id]=-1',
  'q=%E2%80%AE%D7%A9%D7%9C%D7%95%D7%9D&q=twice',
  'filter=plain&sort[]=array&page[number]=2',
];

export const ODD_IDS = [
  '0',
  '-1',
  '99999999',
  '9007199254740993',
  '99999999999999999999',
  'abc',
  '1.5',
  '1e3',
  '%F0%9F%98%80',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1--',
  '__proto__',
  'constructor',
];

/** Strings one of which fits most patterned fields: colours, phones, sort codes, IBANs, ... */
export const PATTERN_CANDIDATES = [
  '',
  'GB',
  '#228be6',
  '+44 7700 900000',
  'abc',
  'a',
  '12-34-56',
  '12345678',
  'GB29NWBK60161331926819',
  'NWBKGB2L',
  'AB123456C',
  '1234567890',
];
