import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** List endpoints take the raw query; the list-query parser checks each name against its spec. */
export const listQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The absolute URL of the request, for paginator links. */
export const requestUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;
