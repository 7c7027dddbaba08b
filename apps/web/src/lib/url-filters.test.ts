import { describe, expect, it } from 'vitest';
import { filterQuery, listParams, oneOfParam, positiveParam } from './url-filters';

describe('URL filters', () => {
  it('read positive whole numbers and known values, else the fallback', () => {
    expect(positiveParam('3', 1)).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'x']) expect(positiveParam(value, 1)).toBe(1);
    expect(oneOfParam('yes', ['yes', 'no'] as const, '')).toBe('yes');
    expect(oneOfParam('maybe', ['yes', 'no'] as const, '')).toBe('');
    expect(oneOfParam(null, ['open', 'all'] as const, 'open')).toBe('open');
  });

  it('read the search, the page and a page size among those offered', () => {
    expect(listParams(new URLSearchParams('search=%20Bello%20&page=2&pageSize=50'))).toEqual({ search: 'Bello', page: 2, pageSize: 50 });
    expect(listParams(new URLSearchParams('pageSize=37'))).toEqual({ search: '', page: 1, pageSize: 20 });
  });

  it('write the filters in their order, without the empty ones and those left out', () => {
    const filters = { session: null, search: '', state: 'open', page: 1, pageSize: 20 };
    expect(filterQuery(filters).toString()).toBe('state=open&page=1&pageSize=20');
    expect(filterQuery(filters, ['page', 'pageSize']).toString()).toBe('state=open');
  });
});
