import { describe, expect, it } from 'vitest';
import { paginate } from './paginator';

const query = (page: number, perPage = 10) => ({
  filters: [],
  sort: [],
  include: [],
  fields: null,
  append: [],
  page,
  perPage,
});
const labels = (page: number, total: number) =>
  paginate([{}], total, query(page), 'http://x.test/api/things?sort=name')
    .meta.links.map((link) => link.label)
    .slice(1, -1);

describe("Laravel's page window", () => {
  it('lists every page when there are few', () => {
    expect(labels(1, 50)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('slides near the start, the middle and the end', () => {
    expect(labels(1, 500)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', '49', '50']);
    expect(labels(25, 500)).toEqual([
      '1',
      '2',
      '...',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '...',
      '49',
      '50',
    ]);
    expect(labels(50, 500)).toEqual([
      '1',
      '2',
      '...',
      '41',
      '42',
      '43',
      '44',
      '45',
      '46',
      '47',
      '48',
      '49',
      '50',
    ]);
  });

  it('keeps the other query parameters in page links', () => {
    const page = paginate([{}], 30, query(2), 'http://x.test/api/things?sort=name&page=2');
    expect(page.links).toEqual({
      first: 'http://x.test/api/things?sort=name&page=1',
      last: 'http://x.test/api/things?sort=name&page=3',
      prev: 'http://x.test/api/things?sort=name&page=1',
      next: 'http://x.test/api/things?sort=name&page=3',
    });
  });
});
