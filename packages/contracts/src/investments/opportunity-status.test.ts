import { describe, expect, it } from 'vitest';
import {
  canTransition,
  OPPORTUNITY_STATUSES,
  opportunityAdminPath,
  opportunityResource,
} from './opportunity-status';

describe('opportunity statuses', () => {
  it('allows exactly the moves of issue 10', () => {
    const allowed = OPPORTUNITY_STATUSES.flatMap((from) =>
      OPPORTUNITY_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['1→2', '1→3', '2→3', '2→4', '3→2', '3→4', '4→2', '4→3', '4→5', '5→6']);
  });

  it('routes each stage to its page', () => {
    expect(opportunityAdminPath(7, 1)).toBe('/admin/investments/opportunities/7/edit');
    for (const stage of [2, 3, 4]) {
      expect(opportunityAdminPath(7, stage)).toBe('/admin/investments/opportunities/7/details');
    }
    for (const stage of [5, 6])
      expect(opportunityAdminPath(7, stage)).toBe('/admin/investments/existing/7/details');
  });

  it('guards existing investments by their own resource', () => {
    expect(opportunityResource(4)).toBe('investment_opportunity_live');
    expect(opportunityResource(5)).toBe('investment_opportunity_existing');
  });
});
