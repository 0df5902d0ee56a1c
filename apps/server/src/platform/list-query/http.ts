import type { ListQuerySpec } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A query parameter a list route reads besides the list-query grammar (an export's format). */
export interface ExtraParameter {
  readonly type: 'string';
  readonly description: string;
  readonly enum?: readonly string[];
  readonly default?: string;
}

/**
 * What the OpenAPI document says of a list route's query: its spec, whether it pages, whether the
 * answer is shaped by include, fields and append (a file export takes only the filters and sort),
 * and what else it reads.
 */
export interface ListQueryDeclaration {
  readonly spec: ListQuerySpec;
  readonly paged: boolean;
  readonly shaped: boolean;
  readonly extra: Readonly<Record<string, ExtraParameter>>;
}

/** The declaration behind each list route's querystring schema, for the OpenAPI transform. */
export const listQueryRegistry = z.registry<ListQueryDeclaration>();

/**
 * A list route's querystring: the raw query, which the list-query parser checks against the spec
 * (so an unknown name answers spatie's 400, not a validation error). The spec is registered with
 * the schema so the OpenAPI document lists exactly the parameters the parser allows.
 */
export function listQuerySchema(
  spec: ListQuerySpec,
  options: Partial<Omit<ListQueryDeclaration, 'spec'>> = {},
) {
  const schema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
  const { paged = true, shaped = true, extra = {} } = options;
  listQueryRegistry.add(schema, { spec, paged, shaped, extra });
  return schema;
}

/** The absolute URL of the request, for paginator links. */
export const requestUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;
