import { z } from 'zod';

/**
 * The list-query grammar of API-CONTRACT.md §2 (spatie/laravel-query-builder), declared once per
 * endpoint here and parsed by one parser on the server. Names not declared answer 400.
 */
export type FilterKind =
  /** case-insensitive contains; `a,b` is an OR of contains */
  | 'partial'
  /** equality; `a,b` is IN; `true`/`false` become booleans */
  | 'exact'
  /** a named condition implemented by the endpoint; comma values are its arguments */
  | 'scope';

export interface ListQuerySpec {
  /** table name, the key of `fields[...]` for the base resource */
  readonly table: string;
  readonly filters: Readonly<Record<string, FilterKind>>;
  readonly sorts: readonly string[];
  /** applied only when no `sort` is sent; `-name` is descending */
  readonly defaultSort: readonly string[];
  readonly includes: readonly string[];
  readonly fields: readonly string[];
  readonly appends: readonly string[];
}

export function defineListQuery<const S extends ListQuerySpec>(spec: S): S {
  return spec;
}

/**
 * A column of a list and of its CSV and Excel export: the web's column chooser offers it, the export
 * writes it. Its key is one of the list's fields, so the list asks only for the fields it shows.
 */
export interface ListColumn<Key extends string = string> {
  readonly key: Key;
  readonly label: string;
  /** shown until someone chooses otherwise */
  readonly default: boolean;
  /**
   * Money, a decimal string: an Excel export writes it as a number formatted as money in the record's
   * currency (its `currency`, GBP without one); a CSV writes the plain decimal.
   */
  readonly money?: true;
}

export type FilterValue = string | boolean | Array<string | boolean>;

export interface ParsedFilter {
  readonly name: string;
  readonly kind: FilterKind;
  readonly value: FilterValue;
}

export interface ParsedSort {
  readonly name: string;
  readonly descending: boolean;
}

export interface ParsedListQuery {
  readonly filters: readonly ParsedFilter[];
  readonly sort: readonly ParsedSort[];
  readonly include: readonly string[];
  /** requested columns of the base table, or null for all */
  readonly fields: readonly string[] | null;
  readonly append: readonly string[];
  readonly page: number;
  readonly perPage: number;
}

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

export class ListQueryError extends Error {
  override readonly name = 'ListQueryError';
}

type RawQuery = Readonly<Record<string, unknown>>;

/** The last value when a key repeats, as PHP reads it; non-strings are ignored. */
function scalar(value: unknown): string | undefined {
  const last: unknown = Array.isArray(value) ? (value as unknown[]).at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}

function list(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function bracketed(raw: RawQuery, prefix: string): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(raw)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(key);
    const text = scalar(value);
    if (match?.[1] !== undefined && text !== undefined) entries.push([match[1], text]);
  }
  return entries;
}

function filterValue(text: string): FilterValue {
  const convert = (part: string): string | boolean =>
    part === 'true' ? true : part === 'false' ? false : part;
  if (!text.includes(',')) return convert(text);
  return list(text).map(convert);
}

function notAllowed(kind: string, requested: string[], allowed: readonly string[], verb = 'are'): never {
  const tail =
    allowed.length > 0
      ? `Allowed ${kind}(s) are \`${allowed.join(', ')}\`.`
      : `There are no allowed ${kind === 'field' ? 'fields' : `${kind}s`}.`;
  throw new ListQueryError(`Requested ${kind}(s) \`${requested.join(', ')}\` ${verb} not allowed. ${tail}`);
}

/** Every allowed relation also allows its count and exists (spatie). `a.b` also allows `a`. */
export function allowedIncludes(spec: ListQuerySpec): string[] {
  const names = new Set<string>();
  for (const include of spec.includes) {
    const parts = include.split('.');
    parts.forEach((_, index) => names.add(parts.slice(0, index + 1).join('.')));
    if (parts.length === 1) {
      names.add(`${include}Count`);
      names.add(`${include}Exists`);
    }
  }
  return [...names];
}

/** A decimal integer ≥ 1, or undefined (1e308, -1, 4.0, 0x10). It may be huge: callers clamp it. */
function positiveInt(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/**
 * The last page anyone can ask for: past it the row offset would leave the safe integers (and then
 * PostgreSQL's bigint). A later page is read as this one, which is empty like any page past the end.
 */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

/** `page` (§2.1): anything but an integer ≥ 1 is 1; past MAX_PAGE it is MAX_PAGE (an empty page). */
export const readPage = (text: string | undefined): number => Math.min(positiveInt(text) ?? 1, MAX_PAGE);

/** `per_page`: the default unless an integer ≥ 1, and at most MAX_PER_PAGE. */
export const readPerPage = (text: string | undefined, fallback: number = DEFAULT_PER_PAGE): number =>
  Math.min(positiveInt(text) ?? fallback, MAX_PER_PAGE);

export function parseListQuery(spec: ListQuerySpec, raw: RawQuery): ParsedListQuery {
  const filters: ParsedFilter[] = [];
  const unknownFilters: string[] = [];
  for (const [name, text] of bracketed(raw, 'filter')) {
    // Own names only: `filter[__proto__]` or `filter[constructor]` is not a declared filter.
    const kind = Object.hasOwn(spec.filters, name) ? spec.filters[name] : undefined;
    if (kind === undefined) {
      unknownFilters.push(name);
      continue;
    }
    // Laravel turns "" into null, and spatie then ignores the filter.
    if (text === '') continue;
    filters.push({ name, kind, value: filterValue(text) });
  }
  if (unknownFilters.length > 0) notAllowed('filter', unknownFilters, Object.keys(spec.filters));

  const sortText = scalar(raw.sort);
  const sortNames = sortText === undefined || sortText === '' ? [...spec.defaultSort] : list(sortText);
  const sort = sortNames.map((entry) => ({
    name: entry.replace(/^-/, ''),
    descending: entry.startsWith('-'),
  }));
  const unknownSorts = sort.map((s) => s.name).filter((name) => !spec.sorts.includes(name));
  if (unknownSorts.length > 0) notAllowed('sort', unknownSorts, spec.sorts, 'is');

  const include = list(scalar(raw.include));
  const includable = allowedIncludes(spec);
  const unknownIncludes = include.filter((name) => !includable.includes(name));
  if (unknownIncludes.length > 0) notAllowed('include', unknownIncludes, includable);

  const bare = scalar(raw.fields);
  const fieldEntries = bracketed(raw, 'fields');
  let fields: string[] | null = null;
  const unknownFields: string[] = [];
  const requestField = (table: string, names: string[]) => {
    if (table !== spec.table) {
      unknownFields.push(...names.map((name) => `${table}.${name}`));
      return;
    }
    for (const name of names) {
      if (spec.fields.includes(name)) (fields ??= []).push(name);
      else unknownFields.push(`${table}.${name}`);
    }
  };
  if (bare !== undefined) requestField(spec.table, list(bare));
  for (const [table, text] of fieldEntries) requestField(table, list(text));
  if (unknownFields.length > 0)
    notAllowed(
      'field',
      unknownFields,
      spec.fields.map((name) => `${spec.table}.${name}`),
    );

  const append = list(scalar(raw.append));
  const unknownAppends = append.filter((name) => !spec.appends.includes(name));
  if (unknownAppends.length > 0) notAllowed('append', unknownAppends, spec.appends);

  const page = readPage(scalar(raw.page));
  const perPage = readPerPage(scalar(raw.per_page));
  return { filters, sort, include, fields, append, page, perPage };
}

/** Builds a query string in the same grammar, for clients (the web app and tests). */
export interface ListQueryParams {
  filter?: Record<string, string | number | boolean | Array<string | number> | null | undefined>;
  sort?: string | readonly string[];
  include?: readonly string[];
  fields?: readonly string[];
  append?: readonly string[];
  page?: number;
  per_page?: number;
}

export function listQueryString(params: ListQueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(`filter[${name}]`, Array.isArray(value) ? value.join(',') : String(value));
  }
  const join = (value: string | readonly string[]) => (typeof value === 'string' ? value : value.join(','));
  if (params.sort !== undefined && params.sort.length > 0) search.set('sort', join(params.sort));
  if (params.include?.length) search.set('include', join(params.include));
  if (params.fields?.length) search.set('fields', join(params.fields));
  if (params.append?.length) search.set('append', join(params.append));
  if (params.page !== undefined) search.set('page', String(params.page));
  if (params.per_page !== undefined) search.set('per_page', String(params.per_page));
  return search.toString();
}

/** Laravel's length-aware paginator wrapped by a resource collection (API-CONTRACT.md §2.1). */
export const paginationLinkSchema = z.object({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
  page: z.number().int().nullable(),
});

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  path: z.string(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  links: z.array(paginationLinkSchema),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    links: z.object({
      first: z.string(),
      last: z.string(),
      prev: z.string().nullable(),
      next: z.string().nullable(),
    }),
    meta: paginationMetaSchema,
  });
}
export type Paginated<T> = z.infer<ReturnType<typeof paginatedSchema<z.ZodType<T>>>>;
