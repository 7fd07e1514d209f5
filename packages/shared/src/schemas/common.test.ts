import { describe, expect, it } from 'vitest';
import { idList, pageQuery } from './common.js';

describe('pageQuery', () => {
  it('defaults to page 1 of 20 and reads strings from a query', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuery.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    expect(pageQuery.parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 20 });
  });

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: 'abc' },
    { limit: '501' },
    { limit: '0' },
    { page: '1.5' },
  ])('refuses %o', (query) => {
    expect(pageQuery.safeParse(query).success).toBe(false);
  });
});

describe('idList', () => {
  const ids = idList(4);
  it('reads a comma-separated form field or a JSON array, without duplicates', () => {
    expect(ids.parse('1, 2,2,3')).toEqual([1, 2, 3]);
    expect(ids.parse([4, 5])).toEqual([4, 5]);
    expect(ids.parse('')).toEqual([]);
  });
  it('refuses non-ids and too many', () => {
    expect(ids.safeParse('1,x').success).toBe(false);
    expect(ids.safeParse('0').success).toBe(false);
    expect(ids.safeParse('1,2,3,4,5').success).toBe(false);
  });
});
