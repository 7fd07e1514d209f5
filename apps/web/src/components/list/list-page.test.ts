import { describe, expect, it } from 'vitest';
import {
  orderingOf,
  queryAfterDelete,
  resetQuery,
  searchQuery,
  sortableColumn,
  type ListQuery,
} from './list-page';

type Field = 'name' | 'sort' | 'createdAt';
type Query = ListQuery<Field> & { keyword?: string; status?: number };

const sorted: Query = { page: 4, limit: 50, orderBy: 'name', order: 'desc', keyword: 'old' };

describe('orderingOf', () => {
  it('leaves out what the query does not set', () => {
    expect(orderingOf(sorted)).toEqual({ orderBy: 'name', order: 'desc' });
    expect(orderingOf({ orderBy: 'name' })).toEqual({ orderBy: 'name' });
    expect(Object.keys(orderingOf({}))).toEqual([]);
  });
});

describe('searchQuery', () => {
  it('applies spec §5 and keeps the column ordering', () => {
    expect(searchQuery(sorted, { keyword: ' new ', status: undefined })).toEqual({
      page: 1,
      limit: 50,
      orderBy: 'name',
      order: 'desc',
      keyword: 'new',
    });
  });

  it('keeps the page when every filter is empty, and adds no ordering keys', () => {
    const unsorted: Query = { page: 3, limit: 20 };
    const next = searchQuery(unsorted, { keyword: ' ' });
    expect(next).toEqual({ page: 3, limit: 20 });
    expect(Object.keys(next).sort()).toEqual(['limit', 'page']);
  });
});

describe('resetQuery', () => {
  it('drops filters and goes to page 1 with the same size', () => {
    expect(resetQuery(sorted, false)).toEqual({ page: 1, limit: 50 });
  });

  it('keeps the ordering when asked to', () => {
    expect(resetQuery(sorted, true)).toEqual({
      page: 1,
      limit: 50,
      orderBy: 'name',
      order: 'desc',
    });
  });
});

describe('queryAfterDelete', () => {
  it('goes a page back after the last row of a page, keeping the rest', () => {
    expect(queryAfterDelete(sorted, 1)).toEqual({ ...sorted, page: 3 });
    expect(queryAfterDelete(sorted, 5)).toEqual(sorted);
  });
});

describe('sortableColumn', () => {
  const bySort = { orderBy: 'sort', order: 'asc' } as const;

  it("shows the server's default and offers no unsorted step when there is one", () => {
    expect(sortableColumn<Field>({}, 'sort', bySort)).toEqual({
      key: 'sort',
      sorter: true,
      sortOrder: 'ascend',
      sortDirections: ['ascend', 'descend'],
    });
    expect(sortableColumn<Field>({}, 'name', bySort).sortOrder).toBeNull();
  });

  it("without a default shows only the query's ordering and may be cleared", () => {
    expect(sortableColumn<Field>({}, 'name')).toEqual({
      key: 'name',
      sorter: true,
      sortOrder: null,
    });
    expect(sortableColumn<Field>({ orderBy: 'name', order: 'desc' }, 'name').sortOrder).toBe(
      'descend',
    );
    expect(sortableColumn<Field>({ orderBy: 'name' }, 'name').sortOrder).toBe('ascend');
  });
});
