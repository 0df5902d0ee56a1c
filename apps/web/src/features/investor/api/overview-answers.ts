import { dataOf, investorOverviewSchema, newsItemSchema } from '@portico/contracts';
import { z } from 'zod';

/*
 * The contract's parsers of the overview's answers, imported dynamically: /investor is a first page and
 * must not carry zod and the contract's schemas in its own chunk (docs/benchmarks.md).
 */

/** GET /api/profile/overview */
export const investorOverviewResponse = dataOf(investorOverviewSchema);

/** GET /api/profile/news?per_page=3: a page of live reports (the paginator's other keys are not read). */
export const latestNewsResponse = z.object({ data: z.array(newsItemSchema) });
