import { defineListQuery } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { listQueryParameters } from './openapi';

const spec = defineListQuery({
  table: 'funds',
  filters: { name: 'partial', status: 'exact', created_between: 'scope' },
  sorts: ['name', 'created_at'],
  defaultSort: ['-created_at'],
  includes: ['manager.firm', 'holdings'],
  fields: ['id', 'name'],
  appends: ['performance'],
});

describe('listQueryParameters', () => {
  it('gives a list route one parameter per name its spec allows (API-CONTRACT.md §2)', () => {
    const parameters = listQueryParameters({ spec, paged: true, shaped: true, extra: {} });
    expect(Object.keys(parameters)).toEqual([
      'filter[name]',
      'filter[status]',
      'filter[created_between]',
      'sort',
      'include',
      'fields[funds]',
      'append',
      'page',
      'per_page',
    ]);
    expect(parameters['filter[name]']?.description).toMatch(/^Partial filter: contains/);
    expect(parameters['filter[status]']?.description).toMatch(/^Exact filter: equals/);
    expect(parameters['filter[created_between]']?.description).toMatch(/^Scope filter/);
    expect(parameters.sort).toMatchObject({
      type: 'array',
      items: { enum: ['name', '-name', 'created_at', '-created_at'] },
    });
    expect(parameters.sort?.description).toContain('Default: `-created_at`.');
    // spatie: a nested relation allows its parent, and a top-level one its count and exists.
    expect(parameters.include).toMatchObject({
      items: {
        enum: ['manager', 'manager.firm', 'holdings', 'holdingsCount', 'holdingsExists'],
      },
    });
    expect(parameters['fields[funds]']).toMatchObject({ items: { enum: ['id', 'name'] } });
    expect(parameters.append).toMatchObject({ items: { enum: ['performance'] } });
    expect(parameters.page).toMatchObject({ type: 'integer', default: 1 });
    expect(parameters.per_page).toMatchObject({ type: 'integer', default: 15 });
  });

  it('leaves out what a spec does not allow, and what an unpaged list or an export does not read', () => {
    const bare = defineListQuery({ ...spec, sorts: [], includes: [], fields: [], appends: [] });
    expect(Object.keys(listQueryParameters({ spec: bare, paged: false, shaped: true, extra: {} }))).toEqual([
      'filter[name]',
      'filter[status]',
      'filter[created_between]',
    ]);
    const format = { type: 'string', description: 'The file.', enum: ['csv', 'xlsx'] } as const;
    const exported = listQueryParameters({ spec, paged: false, shaped: false, extra: { format } });
    expect(Object.keys(exported)).toEqual([
      'filter[name]',
      'filter[status]',
      'filter[created_between]',
      'sort',
      'format',
    ]);
    expect(exported.format).toEqual(format);
  });
});
