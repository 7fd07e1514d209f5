import { describe, expect, it } from 'vitest';
import {
  applySearch,
  changePage,
  cleanFilters,
  pageAfterDelete,
  resetSearch,
  sameQuery,
} from './search-params';

describe('cleanFilters', () => {
  it('trims text and leaves out empty values', () => {
    expect(cleanFilters({ name: '  ann ', nickName: '   ', userType: undefined })).toEqual({
      name: 'ann',
    });
  });

  it('keeps numbers, including 0', () => {
    expect(cleanFilters({ userType: 3, sort: 0, other: null })).toEqual({ userType: 3, sort: 0 });
  });
});

describe('applySearch (spec §5)', () => {
  const current = { page: 4, limit: 50 };

  it('goes back to page 1 when a filter is non-empty', () => {
    expect(applySearch(current, { name: 'ann', userType: undefined })).toEqual({
      page: 1,
      limit: 50,
      name: 'ann',
    });
    expect(applySearch(current, { userType: 2 })).toEqual({ page: 1, limit: 50, userType: 2 });
  });

  it('keeps the page when every filter is empty', () => {
    expect(applySearch(current, { name: ' ', nickName: '', userType: undefined })).toEqual({
      page: 4,
      limit: 50,
    });
  });

  it('drops filters of the previous search that are now empty', () => {
    const previous = { page: 1, limit: 20, name: 'ann' };
    expect(applySearch(previous, { name: '' })).toEqual({ page: 1, limit: 20 });
  });
});

describe('paging', () => {
  it('reset keeps only the page size', () => {
    expect(resetSearch({ page: 3, limit: 100 })).toEqual({ page: 1, limit: 100 });
  });

  it('a new page keeps the filters', () => {
    expect(changePage({ page: 1, limit: 20, name: 'a' }, 3, 20)).toEqual({
      page: 3,
      limit: 20,
      name: 'a',
    });
  });

  it('a new page size starts at page 1', () => {
    expect(changePage({ page: 5, limit: 20 }, 5, 50)).toEqual({ page: 1, limit: 50 });
  });

  it('deleting the last row of a page goes to the page before', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 2)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});

describe('sameQuery', () => {
  it('ignores undefined values and key order', () => {
    expect(sameQuery({ page: 1, limit: 20, name: undefined }, { limit: 20, page: 1 })).toBe(true);
    expect(sameQuery({ page: 1, limit: 20 }, { page: 1, limit: 20, name: 'a' })).toBe(false);
    expect(sameQuery({ page: 1, limit: 20, name: 'a' }, { page: 1, limit: 20, name: 'b' })).toBe(
      false,
    );
  });
});
