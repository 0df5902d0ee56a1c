import {
  allowedIncludes,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  type FilterKind,
  type ListQuerySpec,
} from '@portico/contracts';
import type { ListQueryDeclaration } from './http';

/** One query parameter as JSON Schema: fastify-swagger turns each property into a parameter. */
export type QueryParameterSchema =
  | {
      type: 'string' | 'integer';
      description: string;
      enum?: readonly string[];
      default?: string | number;
    }
  /** a comma-separated list (the parameters are `style: form, explode: false`) of these names */
  | { type: 'array'; description: string; items: { type: 'string'; enum: readonly string[] } };

const FILTER_MEANING: Record<FilterKind, string> = {
  partial: 'Partial filter: contains this text, case-insensitive; `a,b` matches either.',
  exact: 'Exact filter: equals this value; `a,b` matches any of them; `true` and `false` are booleans.',
  scope:
    'Scope filter: a condition of this list, explained in the operation’s description; comma-separated values are its arguments.',
};

const quoted = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');

const listOf = (names: readonly string[], description: string): QueryParameterSchema => ({
  type: 'array',
  description,
  items: { type: 'string', enum: names },
});

function filterParameters(spec: ListQuerySpec): Record<string, QueryParameterSchema> {
  return Object.fromEntries(
    Object.entries(spec.filters).map(([name, kind]) => [
      `filter[${name}]`,
      { type: 'string', description: FILTER_MEANING[kind] },
    ]),
  );
}

function sortParameter(spec: ListQuerySpec): Record<string, QueryParameterSchema> {
  if (spec.sorts.length === 0) return {};
  const fallback = spec.defaultSort.length > 0 ? ` Default: \`${spec.defaultSort.join(',')}\`.` : '';
  return {
    sort: listOf(
      spec.sorts.flatMap((name) => [name, `-${name}`]),
      `Comma-separated, applied in order; \`-name\` sorts descending. Sorts: ${quoted(spec.sorts)}.${fallback}`,
    ),
  };
}

function shapeParameters(spec: ListQuerySpec): Record<string, QueryParameterSchema> {
  const parameters: Record<string, QueryParameterSchema> = {};
  const includes = allowedIncludes(spec);
  if (includes.length > 0)
    parameters.include = listOf(
      includes,
      'Comma-separated relations to load; `xCount` and `xExists` add a count or a flag.',
    );
  if (spec.fields.length > 0)
    parameters[`fields[${spec.table}]`] = listOf(
      spec.fields,
      'Comma-separated fields to return (all of them by default).',
    );
  if (spec.appends.length > 0)
    parameters.append = listOf(spec.appends, 'Comma-separated computed attributes to add.');
  return parameters;
}

const PAGE_PARAMETERS: Record<string, QueryParameterSchema> = {
  page: {
    type: 'integer',
    default: 1,
    description: 'The page, from 1; anything but a whole number of at least 1 reads as 1.',
  },
  per_page: {
    type: 'integer',
    default: DEFAULT_PER_PAGE,
    description: `Rows a page, at most ${MAX_PER_PAGE} (a larger number reads as ${MAX_PER_PAGE}; anything but a whole number of at least 1 as ${DEFAULT_PER_PAGE}).`,
  },
};

/**
 * The query parameters of a list route (API-CONTRACT.md §2), from the spec its parser enforces:
 * `filter[name]` for each filter, `sort`, `include`, `fields[table]`, `append`, `page`, `per_page`.
 */
export function listQueryParameters(declaration: ListQueryDeclaration): Record<string, QueryParameterSchema> {
  return {
    ...filterParameters(declaration.spec),
    ...sortParameter(declaration.spec),
    ...(declaration.shaped ? shapeParameters(declaration.spec) : {}),
    ...(declaration.paged ? PAGE_PARAMETERS : {}),
    ...declaration.extra,
  };
}
