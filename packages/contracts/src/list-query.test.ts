import { describe, expect, it } from 'vitest';
import { defineListQuery, listQueryString, ListQueryError, MAX_PAGE, parseListQuery } from './list-query';

const spec = defineListQuery({
  table: 'users',
  filters: { name: 'partial', role_id: 'exact', active: 'exact', search: 'scope' },
  sorts: ['name', 'created_at'],
  defaultSort: ['-created_at'],
  includes: ['organisations', 'posts.comments'],
  fields: ['id', 'name'],
  appends: ['role_name'],
});

const parse = (query: Record<string, unknown>) => parseListQuery(spec, query);
const message = (query: Record<string, unknown>) => {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ListQueryError) return error.message;
    throw error;
  }
  return 'no error';
};

describe('parseListQuery (API-CONTRACT.md §2)', () => {
  it('reads filters, turning commas into lists and true/false into booleans', () => {
    const parsed = parse({ 'filter[name]': 'ann', 'filter[role_id]': '3,11', 'filter[active]': 'true' });
    expect(parsed.filters).toEqual([
      { name: 'name', kind: 'partial', value: 'ann' },
      { name: 'role_id', kind: 'exact', value: ['3', '11'] },
      { name: 'active', kind: 'exact', value: true },
    ]);
  });

  it('ignores an empty filter value, as Laravel turns "" into null', () => {
    expect(parse({ 'filter[name]': '' }).filters).toEqual([]);
  });

  it('applies the default sort only when no sort is sent', () => {
    expect(parse({}).sort).toEqual([{ name: 'created_at', descending: true }]);
    expect(parse({ sort: 'name,-created_at' }).sort).toEqual([
      { name: 'name', descending: false },
      { name: 'created_at', descending: true },
    ]);
  });

  it('answers the exact spatie messages for names that are not allowed', () => {
    expect(message({ 'filter[email]': 'x', 'filter[zip]': 'y' })).toBe(
      'Requested filter(s) `email, zip` are not allowed. Allowed filter(s) are `name, role_id, active, search`.',
    );
    expect(message({ sort: '-email' })).toBe(
      'Requested sort(s) `email` is not allowed. Allowed sort(s) are `name, created_at`.',
    );
    expect(message({ include: 'roles' })).toBe(
      'Requested include(s) `roles` are not allowed. Allowed include(s) are `organisations, organisationsCount, organisationsExists, posts, posts.comments`.',
    );
    expect(message({ 'fields[users]': 'id,password' })).toBe(
      'Requested field(s) `users.password` are not allowed. Allowed field(s) are `users.id, users.name`.',
    );
    expect(message({ append: 'secret' })).toBe(
      'Requested append(s) `secret` are not allowed. Allowed append(s) are `role_name`.',
    );
  });

  it('says when there are no allowed includes', () => {
    const bare = defineListQuery({ ...spec, includes: [] });
    expect(() => parseListQuery(bare, { include: 'x' })).toThrow(
      'Requested include(s) `x` are not allowed. There are no allowed includes.',
    );
  });

  it('allows a nested include and its parent, and counts and exists of top-level relations', () => {
    expect(parse({ include: 'posts,posts.comments,organisationsCount' }).include).toEqual([
      'posts',
      'posts.comments',
      'organisationsCount',
    ]);
  });

  it('reads sparse fields from fields[table] and from a bare fields', () => {
    expect(parse({ 'fields[users]': 'id' }).fields).toEqual(['id']);
    expect(parse({ fields: 'name' }).fields).toEqual(['name']);
    expect(parse({}).fields).toBeNull();
    expect(message({ 'fields[posts]': 'id' })).toContain('`posts.id`');
  });

  it('pages from 1 with 15 per page, clamps per_page to 100 and treats junk as the default', () => {
    expect(parse({})).toMatchObject({ page: 1, perPage: 15 });
    expect(parse({ page: '3', per_page: '500' })).toMatchObject({ page: 3, perPage: 100 });
    expect(parse({ page: '-2', per_page: 'abc' })).toMatchObject({ page: 1, perPage: 15 });
    expect(parse({ page: '0' })).toMatchObject({ page: 1 });
  });

  it('reads a page past every safe offset as the last page anyone can ask for', () => {
    expect(parse({ page: '99999999999999999999' })).toMatchObject({ page: MAX_PAGE });
    expect(parse({ page: '9'.repeat(400), per_page: '9'.repeat(400) })).toMatchObject({
      page: MAX_PAGE,
      perPage: 100,
    });
    expect(parse({ page: '1e308', per_page: '1e400' })).toMatchObject({ page: 1, perPage: 15 });
    expect(parse({ page: '4.0', per_page: '-1' })).toMatchObject({ page: 1, perPage: 15 });
    expect(Number.isSafeInteger(MAX_PAGE * 100)).toBe(true);
  });

  it('refuses filter names that are Object.prototype keys instead of reading inherited values', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(message({ [`filter[${name}]`]: 'x' })).toContain(`Requested filter(s) \`${name}\``);
  });

  it('takes the last value when a key repeats, as PHP does', () => {
    expect(parse({ sort: ['name', '-name'] }).sort).toEqual([{ name: 'name', descending: true }]);
  });
});

describe('listQueryString', () => {
  it('writes the same grammar back and drops empty filters', () => {
    const query = listQueryString({
      filter: { name: 'ann', role_id: [3, 11], empty: '' },
      sort: ['-created_at'],
      page: 2,
      per_page: 25,
    });
    expect(decodeURIComponent(query)).toBe(
      'filter[name]=ann&filter[role_id]=3,11&sort=-created_at&page=2&per_page=25',
    );
    expect(parse(Object.fromEntries(new URLSearchParams(query)))).toMatchObject({ page: 2, perPage: 25 });
  });
});
