import { z } from 'zod';
import { SUBJECT_TYPES } from './subjects';

/** GET /api/search?q=: the admin header's one box. */
export const searchResultSchema = z
  .object({
    type: z.enum(SUBJECT_TYPES),
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    /** a second line for records without an email: a deal's or an opportunity's company */
    detail: z.string().nullable().optional(),
    /** the admin page to open */
    url: z.string(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
